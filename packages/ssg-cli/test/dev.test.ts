// Real: `dev()` (a Vite dev server) on the mini fixture site and a copy of its content, node's HTTP client for the HMR websocket's handshake. Faked: nothing.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev } from '../src/index.ts';
import { contentCopy, MINI_SITE, must } from './helpers.ts';

let server: Awaited<ReturnType<typeof dev>>;
let content: string;

const nodeEnv = process.env.NODE_ENV;

beforeAll(async () => {
  // As from the command line: nothing has set NODE_ENV (vitest sets it to "test").
  delete process.env.NODE_ENV;
  content = contentCopy();
  server = await dev({ root: MINI_SITE, contentDir: content, port: 0 });
});
afterAll(async () => {
  await server?.close();
  process.env.NODE_ENV = nodeEnv;
});

const get = async (p: string) => {
  const res = await fetch(new URL(p, server.url));
  return { status: res.status, body: await res.text() };
};

/**
 * Opens the HMR websocket of the page at `pageUrl` where its Vite client would (`/@vite/client`:
 * the page's host, and its port unless the client names another), with the client's token and
 * the page's origin; resolves with the port used and the server's first message.
 */
async function openHmr(pageUrl: string): Promise<{ port: string; message: string }> {
  const client = await (await fetch(new URL('/@vite/client', pageUrl))).text();
  const named = must(/const hmrPort = ([^;]+);/.exec(client)?.[1], 'the HMR port in the client');
  const token = must(/const wsToken = "([^"]+)";/.exec(client)?.[1], 'the HMR token');
  const page = new URL(pageUrl);
  const port = named === 'null' ? page.port : named;
  const message = await new Promise<string>((resolve, reject) => {
    const req = request({
      host: page.hostname,
      port,
      path: `/?token=${token}`,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        Origin: page.origin,
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        'Sec-WebSocket-Protocol': 'vite-hmr',
      },
    });
    req.on('upgrade', (_res, socket, head) => {
      // one unmasked text frame under 126 bytes: two bytes of header, then the JSON
      const read = (frame: Buffer) => {
        socket.destroy();
        resolve(frame.subarray(2, 2 + ((frame[1] ?? 0) & 0x7f)).toString());
      };
      if (head.length > 0) read(head);
      else socket.once('data', read);
    });
    req.on('response', (res) =>
      reject(new Error(`No websocket on port ${port}: ${res.statusCode}`)),
    );
    req.on('error', reject);
    req.end();
  });
  return { port, message };
}

describe('ssg dev', () => {
  it('renders pages with the Vite client for hot module replacement, and their page-data', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<script type="module" src="/@vite/client">');
    expect(home.body, 'React fast refresh is on').toContain('/@react-refresh');
    expect(home.body).toContain('<h1>Início</h1>');
    const data = JSON.parse((await get('/page-data/sobre/page-data.json')).body);
    expect(data.path).toBe('/sobre/');
    expect((await get('/@id/virtual:ssg-client-entry')).status).toBe(200);
  });

  it('answers unknown paths with the 404 page', async () => {
    const res = await get('/nada/');
    expect(res.status).toBe(404);
    expect(res.body).toContain('Página não encontrada');
  });

  it('shows a content change on the next request', async () => {
    const file = path.join(content, 'site.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.pages[0].title = 'Quem somos';
    writeFileSync(file, JSON.stringify(json));
    await expect
      .poll(async () => (await get('/sobre/')).body, { timeout: 10_000 })
      .toContain('<h1>Quem somos</h1>');
  });

  it('answers the paths a client-only route covers with its page, as the hosts do', async () => {
    const file = path.join(content, 'site.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.pages.push({ slug: 'conta', title: 'Minha conta', body: '-', matchPath: '/conta/*' });
    writeFileSync(file, JSON.stringify(json));
    await expect
      .poll(async () => (await get('/conta/pedidos/1')).status, { timeout: 10_000 })
      .toBe(200);
    expect((await get('/conta/pedidos/1')).body).toContain('<h1>Minha conta</h1>');
    expect((await get('/contas/')).status).toBe(404);
  });

  it('shows bad content as a readable error page instead of crashing', async () => {
    writeFileSync(path.join(content, 'site.json'), '{ "name": ');
    await expect.poll(async () => (await get('/')).status, { timeout: 10_000 }).toBe(500);
    expect((await get('/')).body).toContain('site.json');
  });

  it("serves HMR's websocket on its own address and port, for two dev servers at once", async () => {
    const second = await dev({ root: MINI_SITE, contentDir: content, port: 0 });
    try {
      for (const running of [server, second]) {
        const hmr = await openHmr(running.url);
        expect(hmr.port, running.url).toBe(String(running.port));
        expect(JSON.parse(hmr.message), running.url).toEqual({ type: 'connected' });
      }
    } finally {
      await second.close();
    }
  });

  it('takes the next free port when the one asked for is in use, and refuses with strictPort', async () => {
    const taken = Number(new URL(server.url).port);
    const second = await dev({ root: MINI_SITE, contentDir: content, port: taken });
    try {
      expect(second.requestedPort).toBe(taken);
      expect(second.port).toBe(taken + 1);
      expect(second.url).toBe(`http://127.0.0.1:${taken + 1}/`);
    } finally {
      await second.close();
    }
    const refused = await dev({
      root: MINI_SITE,
      contentDir: content,
      port: taken,
      strictPort: true,
    })
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'PORT_IN_USE', message: `Port ${taken} is in use.` });
  });
});
