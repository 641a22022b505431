// The Content-Security-Policy of each URL, from the build's _ssg-host/csp.json.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SitePolicies } from '../host/policies.ts';
import { HOST_DIR, POLICIES_FILE } from '../host/rules.ts';

/**
 * The build's Content-Security-Policies (`_ssg-host/csp.json`), read again when a new build
 * replaced the file. `undefined`: a build without one (an older build).
 */
export function policiesOf(root: string): () => SitePolicies | undefined {
  const file = path.join(root, HOST_DIR, POLICIES_FILE);
  let seen = -1;
  let policies: SitePolicies | undefined;
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
        policies = JSON.parse(readFileSync(file, 'utf8')) as SitePolicies;
      } catch {
        policies = undefined; // half-written while a build swaps in: read again next time
      }
      seen = policies ? mtime : -1;
    }
    return policies;
  };
}

/** Sets the policy of the URL path (its page's, else the one most pages share). */
export function setPolicy(
  res: { setHeader(name: string, value: string): unknown },
  policies: SitePolicies | undefined,
  urlPath: string,
): void {
  if (policies) res.setHeader(policies.header, policies.byUrl[urlPath] ?? policies.fallback);
}
