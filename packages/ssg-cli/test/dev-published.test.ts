// Real: `dev()` (a Vite dev server) on a copy of the mini site whose public/ and folder hold links and dotfiles, node's fetch. Faked: nothing.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev } from '../src/index.ts';
import { contentCopy, miniSiteCopy, must } from './helpers.ts';

let server: Awaited<ReturnType<typeof dev>>;
let site: string;

beforeAll(async () => {
  site = miniSiteCopy();
  const at = (name: string) => path.join(site, name);
  mkdirSync(at('public/images'), { recursive: true });
  mkdirSync(at('public/.well-known'));
  mkdirSync(at('public/.git'));
  writeFileSync(at('public/robots.txt'), 'User-agent: *');
  symlinkSync(at('public/robots.txt'), at('public/robots-link.txt'));
  symlinkSync('/etc/passwd', at('public/passwd.txt'));
  symlinkSync('/etc', at('public/etc'));
  writeFileSync(at('public/.env'), 'SECRET=public');
  writeFileSync(at('public/images/.env'), 'SECRET=images');
  writeFileSync(at('public/.git/config'), '[core]');
  writeFileSync(at('public/.well-known/security.txt'), 'Contact: mailto:security@example.com');
  // the site's own folder, which Vite serves too
  writeFileSync(at('.env.production'), 'SECRET=site');
  symlinkSync('/etc/passwd', at('notes.txt'));
  server = await dev({ root: site, contentDir: contentCopy(), port: 0 });
});
afterAll(() => server?.close());

const get = async (p: string) => {
  const res = await fetch(new URL(p, server.url));
  return { status: res.status, body: await res.text() };
};

describe('ssg dev publishes nothing outside the site', () => {
  it('answers 404 for links in public/ or the site whose target leaves it', async () => {
    for (const url of [
      '/passwd.txt',
      '/etc/passwd',
      '/etc/hostname',
      '/notes.txt',
      '/notes.txt?raw',
      `/@fs${site}/public/passwd.txt`,
      `/@fs${site}/notes.txt`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).toContain('Página não encontrada');
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('answers 404 for dotfiles and dot-folders, except /.well-known/', async () => {
    for (const url of ['/.env', '/images/.env', '/.git/config', '/.env.production', '/%2eenv']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('[core]');
    }
    const security = await get('/.well-known/security.txt');
    expect(security.status).toBe(200);
    expect(security.body).toBe('Contact: mailto:security@example.com');
  });

  it('serves public/ files and links that stay inside it, and the site as before', async () => {
    expect((await get('/robots.txt')).body).toBe('User-agent: *');
    expect((await get('/robots-link.txt')).body).toBe('User-agent: *');
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.body).toContain('<h1>Início</h1>');
    // Vite's own modules, its prebundled dependencies (node_modules/.vite) among them
    const client = await get('/@vite/client');
    expect(client.status).toBe(200);
    // Vite's prebundled dependencies (node_modules/.vite) are not dot-folders of the site; while
    // Vite re-optimizes (another test file may have started it) an older URL answers 504 for a moment
    await expect
      .poll(
        async () => {
          const page = (await get('/src/pages/home.tsx')).body;
          const url = must(
            /"(\/node_modules\/\.vite\/deps\/[^"]+)"/.exec(page)?.[1],
            'a dependency',
          );
          return (await get(url)).status;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(200);
  });
});
