// The Content-Security-Policy of each URL `ssg serve` answers: the static policies of host/rules.ts,
// and in report-only mode each page's policy from the build's _ssg-host/csp.json.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FILE_POLICY, HOST_DIR, PAGE_POLICY, POLICIES_FILE, urlKindOf } from '../host/rules.ts';
import { type PagePolicies, REPORT_ONLY_HEADER } from '../host/site-policies.ts';

/**
 * The build's report-only policies (`_ssg-host/csp.json`), read again when a new build replaced
 * the file. `undefined`: the build enforces its policy (in each page's meta) or has none.
 */
export function reportOnlyPoliciesOf(root: string): () => PagePolicies | undefined {
  const file = path.join(root, HOST_DIR, POLICIES_FILE);
  let seen = -1;
  let policies: PagePolicies | undefined;
  return () => {
    let mtime: number;
    try {
      mtime = statSync(file).mtimeMs;
    } catch {
      policies = undefined;
      seen = -1;
      return undefined;
    }
    if (mtime !== seen) {
      try {
        const read = JSON.parse(readFileSync(file, 'utf8')) as { reportOnly?: PagePolicies };
        policies = read.reportOnly;
        seen = mtime;
      } catch {
        policies = undefined; // half-written while a build swaps in: read again next time
        seen = -1;
      }
    }
    return policies;
  };
}

/**
 * Sets the policy of the URL path by its kind, as the nginx snippet does: a page the static part
 * (never `upgrade-insecure-requests`: `ssg serve` speaks plain http), any other file the file
 * policy, a script none; in report-only mode a page also gets its own policy.
 */
export function setPolicy(
  res: { setHeader(name: string, value: string): unknown; removeHeader(name: string): unknown },
  reportOnly: PagePolicies | undefined,
  urlPath: string,
): void {
  const kind = urlKindOf(urlPath);
  res.removeHeader('Content-Security-Policy');
  res.removeHeader(REPORT_ONLY_HEADER);
  if (kind === 'script') return;
  res.setHeader('Content-Security-Policy', kind === 'page' ? PAGE_POLICY : FILE_POLICY);
  if (kind === 'page' && reportOnly)
    res.setHeader(REPORT_ONLY_HEADER, reportOnly.byUrl[urlPath] ?? reportOnly.fallback);
}
