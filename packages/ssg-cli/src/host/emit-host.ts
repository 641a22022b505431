// Writes a build's host configuration (nginx snippet, _headers, the policies for `ssg serve`)
// from the rules of rules.ts: the one place every host's headers come from.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { htmlFileOf } from '../shared/files.ts';
import { matchPathsOf } from '../shared/match-paths.ts';
import { headersFile } from './headers-file.ts';
import { writeMatchPaths } from './match-paths-files.ts';
import { nginxSnippet } from './nginx.ts';
import { type PoliciesInput, sitePolicies } from './policies.ts';
import { HOST_DIR, OFFLINE_PAGE, POLICIES_FILE } from './rules.ts';

export interface HostConfigInput extends PoliciesInput {
  /** The folder the build writes into (its staging folder). */
  stagingDir: string;
  compilationHash: string;
  /** The Strict-Transport-Security value, or none. */
  hsts?: string;
}

/** Every URL that answers with HTML: each page in its canonical form, its file, the offline page. */
export function htmlUrls(input: Pick<HostConfigInput, 'pages' | 'trailingSlash' | 'offlineHtml'>) {
  const urls: string[] = [];
  for (const page of input.pages) {
    const p = page.route.path;
    urls.push(p, `/${htmlFileOf(p)}`);
    // "ignore" answers both forms of a page path
    if (input.trailingSlash === 'ignore' && p !== '/' && !p.endsWith('.html'))
      urls.push(p.endsWith('/') ? p.slice(0, -1) : `${p}/`);
  }
  if (input.offlineHtml !== undefined) urls.push(OFFLINE_PAGE);
  return [...new Set(urls)].sort();
}

/**
 * Writes the host configuration of the build into the staging folder: `_ssg-host/nginx.conf`
 * (a server snippet), `_headers` (Netlify, Cloudflare Pages), both from `rules.ts`, and the
 * pages' Content-Security-Policies for `ssg serve` (`_ssg-host/csp.json`). Returns the
 * output-relative names it wrote.
 */
export async function emitHostConfig(input: HostConfigInput): Promise<string[]> {
  const { compilationHash, hsts, stagingDir } = input;
  await mkdir(path.join(stagingDir, HOST_DIR), { recursive: true });
  const policies = sitePolicies(input);
  const matchPaths = matchPathsOf(input.pages.map((page) => page.route));
  const written = [`${HOST_DIR}/nginx.conf`, '_headers'];
  await writeFile(
    path.join(stagingDir, HOST_DIR, 'nginx.conf'),
    nginxSnippet({
      trailingSlash: input.trailingSlash,
      compilationHash,
      policies,
      hsts,
      matchPaths,
    }),
  );
  await writeFile(
    path.join(stagingDir, '_headers'),
    headersFile({ pageUrls: htmlUrls(input), compilationHash, policies, hsts, matchPaths }),
  );
  written.push(...(await writeMatchPaths(stagingDir, matchPaths, compilationHash)));
  // ssg serve reads the policies from here
  if (policies) {
    written.push(`${HOST_DIR}/${POLICIES_FILE}`);
    await writeFile(
      path.join(stagingDir, HOST_DIR, POLICIES_FILE),
      `${JSON.stringify(policies, null, 2)}\n`,
    );
  }
  return written;
}
