import { createServer } from 'node:http';

/** What the fake tag reported for one dataLayer entry, and where it ran. */
export interface Sighting {
  entry: unknown[];
  /** `typeof window` / `typeof document` where the tag ran: `undefined` inside a Worker. */
  ctx: { window: string; document: string };
}

/**
 * The fake tag: records each dataLayer entry it sees (those queued before it loaded, then every
 * push) by posting it to the collector, and sets a marker on its own global. `dom` first reads
 * `document.title`, as gtag.js does, so it cannot run inside a Worker.
 */
const fakeTag = (
  collect: string,
  mode: 'worker-ready' | 'dom',
) => `${mode === 'dom' ? 'var title = document.title;\n' : ''}
self.__fakeGtagRan = true;
var ctx = { window: typeof window, document: typeof document };
function report(e) {
  fetch(${JSON.stringify(collect)}, { method: 'POST', body: JSON.stringify({ entry: Array.prototype.slice.call(e), ctx: ctx }) });
}
var dl = (self.dataLayer = self.dataLayer || []);
for (var i = 0; i < dl.length; i++) report(dl[i]);
var push = dl.push;
dl.push = function () {
  for (var j = 0; j < arguments.length; j++) report(arguments[j]);
  return push.apply(dl, arguments);
};
`;

/**
 * A second local origin standing in for a third party: `/gtag/js` serves the fake tag (CORS
 * open, never cached) and `POST /collect` records what it reports.
 */
export async function startThirdParty() {
  const sightings: Sighting[] = [];
  const state = { mode: 'worker-ready' as 'worker-ready' | 'dom' };
  const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/gtag/js')) {
      res.writeHead(200, { 'content-type': 'text/javascript', ...cors });
      res.end(fakeTag(`${origin}/collect`, state.mode));
      return;
    }
    if (req.method === 'POST' && req.url === '/collect') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        sightings.push(JSON.parse(body) as Sighting);
        res.writeHead(204, cors).end();
      });
      return;
    }
    res.writeHead(404, cors).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    sightings,
    /** Which tag the next request gets. */
    serve(mode: 'worker-ready' | 'dom') {
      state.mode = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
