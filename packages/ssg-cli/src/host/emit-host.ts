// Writes a build's host configuration (nginx snippet, _headers, the policies for `ssg serve`)
// from the rules of rules.ts: the one place every host's headers come from.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { matchPathsOf } from '../shared/match-path-list.ts';
import { headersFile } from './headers-file.ts';
import { nginxSnippet } from './nginx.ts';
import { HOST_DIR, OFFLINE_PAGE, POLICIES_FILE } from './rules.ts';
import { type PoliciesInput, type PolicyPage, sitePolicies, urlsOf } from './site-policies.ts';
import { writeMatchPaths } from './write-match-paths.ts';

export interface HostConfigInput<P extends PolicyPage = PolicyPage> extends PoliciesInput<P> {
  /** The folder the build writes into (its staging folder). */
  stagingDir: string;
  /** The output folder: its nginx snippet is the one a running nginx may have read. */
  outDir: string;
  /** The Strict-Transport-Security value, or none. */
  hsts?: string;
}

/** What the host configuration of a build is, beside the output it replaces. */
export interface HostConfigWritten {
  /** Output-relative names written. */
  written: string[];
  /** Set when the nginx snippet differs from the one in the output folder: nginx must reload. */
  reload?: string;
}

/** The one line a build says when the nginx snippet changed (README, "Deploying"). */
export const NGINX_RELOAD = `${HOST_DIR}/nginx.conf changed (trailing slash, client-only routes, site address, HSTS or report-only policy): reload nginx (nginx -s reload) once this output is in place; a deploy of pages, code or content alone never needs it.`;

/**
 * Every URL that answers with HTML, each once: each page in its canonical form, its file, the
 * offline page. Yielded, not listed: a big site's 200,000 URLs are only counted (headers-file.ts).
 */
export function* htmlUrls<P extends PolicyPage>(
  input: Pick<HostConfigInput<P>, 'pages' | 'trailingSlash' | 'offlineHtml'>,
): Generator<string> {
  // Only a path holding ".html" can give a URL another page gives too (`/a/index.html` is the
  // file of `/a/`): those few pages' URLs are made distinct in a set, the others need none.
  const odd = new Set<string>();
  for (const { route } of input.pages)
    if (route.path.includes('.html'))
      for (const url of urlsOf(route.path, input.trailingSlash)) odd.add(url);
  if (input.offlineHtml !== undefined) odd.add(OFFLINE_PAGE);
  yield* odd;
  for (const { route } of input.pages) {
    if (route.path.includes('.html')) continue;
    for (const url of urlsOf(route.path, input.trailingSlash)) if (!odd.has(url)) yield url;
  }
}

/**
 * Writes the host configuration of the build into the staging folder: `_ssg-host/nginx.conf`
 * (a server snippet), `_headers` (Netlify, Cloudflare Pages), both from `rules.ts`, and for
 * `ssg serve` the policies (`_ssg-host/csp.json`). Returns the output-relative names it wrote,
 * and whether nginx must reload.
 */
export async function emitHostConfig<P extends PolicyPage>(
  input: HostConfigInput<P>,
): Promise<HostConfigWritten> {
  const { hsts, stagingDir } = input;
  await mkdir(path.join(stagingDir, HOST_DIR), { recursive: true });
  const policies = sitePolicies(input);
  const matchPaths = matchPathsOf(input.pages.map((page) => page.route));
  const nginx = nginxSnippet({ trailingSlash: input.trailingSlash, policies, hsts, matchPaths });
  const nginxFile = `${HOST_DIR}/nginx.conf`;
  await writeFile(path.join(stagingDir, nginxFile), nginx);
  await writeFile(
    path.join(stagingDir, '_headers'),
    headersFile({ pageUrls: htmlUrls(input), policies, hsts, matchPaths }),
  );
  const written = [nginxFile, '_headers'];
  written.push(...(await writeMatchPaths(stagingDir, matchPaths)));
  // ssg serve reads the report-only policies from here (an empty object: none)
  written.push(`${HOST_DIR}/${POLICIES_FILE}`);
  const forServe = policies?.reportOnly ? { reportOnly: policies.reportOnly } : {};
  await writeFile(
    path.join(stagingDir, HOST_DIR, POLICIES_FILE),
    `${JSON.stringify(forServe, null, 2)}\n`,
  );
  const before = await readFile(path.join(input.outDir, nginxFile), 'utf8').catch(() => undefined);
  return { written, ...(before !== undefined && before !== nginx ? { reload: NGINX_RELOAD } : {}) };
}
