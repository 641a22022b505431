import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildContext } from '../pipeline/context.ts';
import { htmlFileOf } from '../pipeline/emit.ts';
import { headersFile } from './headers-file.ts';
import { nginxSnippet } from './nginx.ts';
import { sitePolicies } from './policies.ts';
import { HOST_DIR, OFFLINE_PAGE, POLICIES_FILE } from './rules.ts';

/** Every URL that answers with HTML: each page in its canonical form, its file, the offline page. */
export function htmlUrls(
  ctx: Pick<BuildContext, 'pages' | 'trailingSlash' | 'serviceWorker'>,
): string[] {
  const urls: string[] = [];
  for (const page of ctx.pages!) {
    const p = page.pageData.path;
    urls.push(p, `/${htmlFileOf(p)}`);
    // "ignore" answers both forms of a page path
    if (ctx.trailingSlash === 'ignore' && p !== '/' && !p.endsWith('.html'))
      urls.push(p.endsWith('/') ? p.slice(0, -1) : `${p}/`);
  }
  if (ctx.serviceWorker) urls.push(OFFLINE_PAGE);
  return [...new Set(urls)].sort();
}

/**
 * Writes the host configuration of the build into the staging folder: `_ssg-host/nginx.conf`
 * (a server snippet), `_headers` (Netlify, Cloudflare Pages), both from `rules.ts`, and the
 * pages' Content-Security-Policies for `ssg serve` (`_ssg-host/csp.json`).
 */
export async function emitHostConfig(ctx: BuildContext): Promise<void> {
  const compilationHash = ctx.compilationHash!;
  await mkdir(path.join(ctx.stagingDir, HOST_DIR), { recursive: true });
  const policies = sitePolicies(ctx);
  const { hsts } = ctx;
  await writeFile(
    path.join(ctx.stagingDir, HOST_DIR, 'nginx.conf'),
    nginxSnippet({ trailingSlash: ctx.trailingSlash, compilationHash, policies, hsts }),
  );
  await writeFile(
    path.join(ctx.stagingDir, '_headers'),
    headersFile({ pageUrls: htmlUrls(ctx), compilationHash, policies, hsts }),
  );
  // ssg serve reads the policies from here
  if (policies)
    await writeFile(
      path.join(ctx.stagingDir, HOST_DIR, POLICIES_FILE),
      `${JSON.stringify(policies, null, 2)}\n`,
    );
}
