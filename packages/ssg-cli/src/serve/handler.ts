// The request handler of `ssg serve`: the host rules of rules.ts applied to a build folder.
import { statSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { COMMON_HEADERS, cacheControlOf, REVALIDATE } from '../host/rules.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { contentTypeOf } from './content-types.ts';
import { createDeliver, MIN_COMPRESS_SIZE, sendCompressed } from './deliver.ts';
import { negotiateEncoding } from './encoding.ts';
import { answerMatchPath, matchPathsOf } from './match-paths.ts';
import { reportOnlyPoliciesOf, setPolicy } from './policies.ts';
import { resolveRequest } from './resolve-request.ts';

/**
 * One request of `ssg serve`: the URL rules of `host/rules.ts` decide what answers (405,
 * redirect, file, 404 page); `deliver` sends a file's bytes.
 */
export function createHandler(root: string, trailingSlash: TrailingSlash): RequestListener {
  const deliver = createDeliver(root);
  const notFoundPage = path.join(root, '404.html');
  const policies = reportOnlyPoliciesOf(root);
  const matchPaths = matchPathsOf(root);

  const notFound: RequestListener = (req, res) => {
    // the headers a file would have had are not this page's
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'content-type'])
      res.removeHeader(name);
    res.setHeader('Cache-Control', REVALIDATE);
    setPolicy(res, policies(), '/404.html');
    let size: number;
    try {
      size = statSync(notFoundPage).size;
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    res.setHeader('Content-Type', contentTypeOf(notFoundPage));
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = negotiateEncoding(
      req.headers['accept-encoding'],
      size > MIN_COMPRESS_SIZE ? ['br', 'gzip'] : [],
    );
    sendCompressed(req, res, notFoundPage, size, encoding, 404);
  };

  return (req, res) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
    const known = policies();
    setPolicy(res, known, (req.url ?? '/').split('?')[0] ?? '/'); // redirects and 405s: by the asked path
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': REVALIDATE }).end();
      return;
    }
    const found = answerMatchPath(
      resolveRequest(root, req.url ?? '/', trailingSlash),
      root,
      matchPaths(),
      req.url ?? '/',
    );
    if (found.kind === 'redirect') {
      // as the generated nginx config: a redirect is revalidated too, never cached for good
      res.writeHead(301, { Location: found.location, 'Cache-Control': REVALIDATE }).end();
      return;
    }
    if (found.kind === 'not-found') return notFound(req, res);
    res.setHeader('Cache-Control', cacheControlOf(found.pathname));
    setPolicy(res, known, found.policyUrl ?? found.pathname);
    deliver(req, res, found.file, () => notFound(req, res));
  };
}
