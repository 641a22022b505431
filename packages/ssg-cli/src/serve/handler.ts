// The request handler of `ssg serve`: the host rules of rules.ts applied to a build folder.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  COMMON_HEADERS,
  cacheControlOf,
  OPENER_POLICY,
  REVALIDATE,
  trustworthyRequest,
} from '../host/rules.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import { deliver, sendPage } from './deliver.ts';
import { answerMatchPath, matchPathsOf } from './match-path-answer.ts';
import { reportOnlyPoliciesOf, setPolicy } from './policy-header.ts';
import { realRootOf } from './published.ts';
import { resolveRequest } from './resolve-request.ts';

/**
 * One request of `ssg serve`: the URL rules of `host/rules.ts` decide what answers (405,
 * redirect, file, 404 page); `deliver` sends a file's bytes.
 */
export function createHandler(root: string, trailingSlash: TrailingSlash): RequestListener {
  const policies = reportOnlyPoliciesOf(root);
  const matchPaths = matchPathsOf(root);

  const notFound = (req: IncomingMessage, res: ServerResponse, realRoot: string | null) => {
    // the headers a file would have had are not this page's
    for (const name of [
      'etag',
      'last-modified',
      'accept-ranges',
      'content-type',
      'content-encoding',
    ])
      res.removeHeader(name);
    res.setHeader('Cache-Control', REVALIDATE);
    setPolicy(res, policies(), '/404.html');
    if (realRoot === null || !sendPage(req, res, realRoot, path.join(realRoot, '404.html'), 404)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    }
  };

  const answer: RequestListener = (req, res) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
    const proto = req.headers['x-forwarded-proto'];
    if (trustworthyRequest(req.headers.host, Array.isArray(proto) ? proto[0] : proto))
      res.setHeader(OPENER_POLICY.name, OPENER_POLICY.value);
    const known = policies();
    setPolicy(res, known, (req.url ?? '/').split('?')[0] ?? '/'); // redirects and 405s: by the asked path
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': REVALIDATE }).end();
      return;
    }
    // one real root for the whole request: a deploy switching a symlinked root mid-request cannot mix two builds
    const realRoot = realRootOf(root);
    if (realRoot === null) return notFound(req, res, null);
    const found = answerMatchPath(
      resolveRequest(realRoot, req.url ?? '/', trailingSlash),
      realRoot,
      matchPaths(),
      req.url ?? '/',
    );
    if (found.kind === 'redirect') {
      // as the generated nginx config: a redirect is revalidated too, never cached for good
      res.writeHead(301, { Location: found.location, 'Cache-Control': REVALIDATE }).end();
      return;
    }
    if (found.kind === 'not-found') return notFound(req, res, realRoot);
    res.setHeader('Cache-Control', cacheControlOf(found.pathname));
    setPolicy(res, known, found.policyUrl ?? found.pathname);
    deliver(req, res, realRoot, found.file, () => notFound(req, res, realRoot));
  };

  return (req, res) => {
    try {
      answer(req, res);
    } catch (error) {
      // whatever one request meets (EMFILE, EIO) ends that request only; 503, which the loader retries
      if (res.headersSent) res.destroy();
      else res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Try again.\n');
      process.emitWarning(`ssg serve: ${req.url ?? '/'}: ${(error as Error).message}`);
    }
  };
}
