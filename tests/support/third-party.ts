import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite, REPO } from './site-build.ts';

const GOOGLE = 'https://www.googletagmanager.com';
const TEXT = /\.(html|js|json|conf|txt)$|_headers$/;

/** Points every built reference to Google's tag origin (script, policy) at the second origin. */
export function rewriteOrigin(root: string, origin: string): void {
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!TEXT.test(file)) continue;
    const full = path.join(root, file);
    if (!statSync(full).isFile()) continue;
    const text = readFileSync(full, 'utf8');
    if (!text.includes(GOOGLE)) continue;
    writeFileSync(full, text.replaceAll(GOOGLE, origin));
    // the precompressed siblings would still carry the old origin
    rmSync(`${full}.gz`, { force: true });
    rmSync(`${full}.br`, { force: true });
  }
}

/** What the fake tag reported for one dataLayer entry, and where it ran. */
export interface Sighting {
  entry: unknown[];
  /**
   * `typeof window` / `typeof document` where the tag ran: `undefined` inside a Worker. `page`
   * mode adds what `globalThis` is (`[object Window]` on the page) and the `blob:` script that
   * called the tag's code, read from its stack (Partytown's worker; empty on the page).
   */
  ctx: { window: string; document: string; global?: string; ranBy?: string };
  /** `page` mode: what the tag read of the page when it started. */
  page?: { cookie: string; href: string; title: string };
}

/**
 * `worker-ready`: needs no DOM; `dom`: reads `document.title` first; `page`: reads the page's
 * cookie, address and title and says whether it runs in a Worker (a tag run by a DOM proxy).
 */
export type TagMode = 'worker-ready' | 'dom' | 'page';

const PAGE_READS = `var page = { cookie: document.cookie, href: location.href, title: document.title };
var ranBy = (String(new Error().stack).match(/blob:[^\\s)]+?(?=:\\d+:\\d+)/) || [''])[0];
var ctx = { window: typeof window, document: typeof document, global: Object.prototype.toString.call(globalThis), ranBy: ranBy };
`;

/**
 * The fake tag: records each dataLayer entry it sees (those queued before it loaded, then every
 * push) by posting it to the collector, one post after the other (parallel posts can arrive out of
 * order), and sets a marker on its own global. `dom` first reads
 * `document.title`, as gtag.js does, so it cannot run inside a Worker.
 */
const fakeTag = (
  collect: string,
  mode: TagMode,
) => `${mode === 'dom' ? 'var title = document.title;\n' : ''}
self.__fakeGtagRan = true;
${mode === 'page' ? PAGE_READS : 'var page; var ctx = { window: typeof window, document: typeof document };'}
var sent = Promise.resolve();
function report(e) {
  var body = JSON.stringify({ entry: Array.prototype.slice.call(e), ctx: ctx, page: page });
  // one report at a time, so the collector records the entries in the order the tag saw them
  sent = sent.then(function () {
    return fetch(${JSON.stringify(collect)}, { method: 'POST', body: body });
  }).catch(function () {});
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
  const state = { mode: 'worker-ready' as TagMode };
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
    serve(mode: TagMode) {
      state.mode = mode;
    },
    /** Waits until the tag has reported an entry named `want` (e.g. `page_view {"page_path":"/"}`). */
    async sighted(want: string, timeoutMs = 20_000): Promise<Sighting> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = sightings.find((s) => sightingName(s) === want);
        if (hit) return hit;
        if (Date.now() > deadline)
          throw new Error(
            `the tag never saw ${want}; it saw: ${sightings.map(sightingName).join(', ')}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A reported dataLayer entry as the tests name it: `page_view {"page_path":"/"}`, `js`, `config`. */
export const sightingName = (s: Sighting): string =>
  s.entry[0] === 'event' ? `${s.entry[1]} ${JSON.stringify(s.entry[2])}` : String(s.entry[0]);

/**
 * The clinic built with its analytics tag loaded by `strategy`, from the third party at `origin`
 * in place of Google's: the output folder.
 */
export async function clinicWithTag(strategy: string, origin: string): Promise<string> {
  const contentDir = path.join(mkdtempSync(path.join(tmpdir(), 'ssg-content-')), 'content');
  cpSync(path.join(REPO, 'content'), contentDir, { recursive: true });
  const siteJson = path.join(contentDir, 'site.json');
  const site = JSON.parse(readFileSync(siteJson, 'utf8')) as { analytics: { strategy: string } };
  site.analytics.strategy = strategy;
  writeFileSync(siteJson, JSON.stringify(site));
  const { outDir } = await buildSite({ contentDir });
  rewriteOrigin(outDir, origin);
  return outDir;
}
