// Real: pattern ordering and checks, build() of the mini fixture site with a client-only route, `serve()` over it, fetch. Faked: nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildResult, type RunningServer, SsgError, serve } from '../src/index.ts';
import { matchPathIssues } from '../src/routes/match-path-check.ts';
import { matchPathsOf } from '../src/shared/match-path-list.ts';
import type { RouteDefinition } from '../src/site/index.ts';
import { buildMini, contentCopy, must, readJson } from './helpers.ts';

const route = (path: string, matchPath?: string): RouteDefinition => ({
  path,
  component: 'page',
  head: { title: path },
  ...(matchPath ? { matchPath } : {}),
});

describe('the order of match paths', () => {
  it('lists the most specific pattern first, whatever order the routes declare them in', () => {
    const list = matchPathsOf([
      route('/'),
      route('/app/', '/app/*'),
      route('/app/admin/', '/app/admin/*'),
      route('/app/x/', '/app/:id/'),
      route('/app/y/z/', '/app/:id/*'),
    ]);
    expect(list.map((m) => m.matchPath)).toEqual([
      '/app/admin/*',
      '/app/:id/',
      '/app/:id/*',
      '/app/*',
    ]);
    expect(matchPathsOf([route('/'), route('/sobre/')])).toEqual([]);
  });
});

describe('the checks of stage "routes"', () => {
  const messageOf = (routes: RouteDefinition[]) =>
    matchPathIssues(routes).map((i) => `${i.path} ${String(i.value)}: ${i.message}`);
  const base = [route('/'), route('/404.html'), route('/500.html'), route('/sobre/')];

  it('accepts a pattern that covers its page and no other', () => {
    expect(
      messageOf([...base, route('/conta/', '/conta/*'), route('/app/x/', '/app/:id/')]),
    ).toEqual([]);
  });

  it('names the field, the value and the fix of each bad pattern', () => {
    const issues = messageOf([
      ...base,
      route('/a/', 'a/*'),
      route('/b/', '/b/*/c'),
      route('/c/', '/c/'),
      route('/d/', '/outro/*'),
      route('/sobre/x/', '/sobre/*'),
    ]);
    expect(issues).toHaveLength(5);
    expect(issues[0]).toMatch(/^routes\(\)\[4\]\.matchPath a\/\*: A matchPath is a path pattern/);
    expect(issues[1]).toMatch(/\/b\/\*\/c: A matchPath is a path pattern/);
    expect(issues[2]).toMatch(/answers no path but its own; write e\.g\. "\/c\/\*"/);
    expect(issues[3]).toMatch(/does not cover the page's own path \/d\/; .*"\/d\/\*"/);
    expect(issues[4]).toMatch(/also covers the page \/sobre\/, which has a page of its own/);
  });

  it('refuses a pattern on the 404 page', () => {
    expect(messageOf([route('/404.html', '/404.html/*')])[0]).toMatch(/404 and 500 pages/);
  });
});

describe('a build with a client-only route', () => {
  let result: BuildResult;
  let plain: BuildResult;
  let server: RunningServer;
  const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

  beforeAll(async () => {
    const contentDir = contentCopy();
    const file = path.join(contentDir, 'site.json');
    const site = JSON.parse(readFileSync(file, 'utf8'));
    site.pages.push({
      slug: 'conta',
      title: 'Minha conta',
      body: 'Seus pedidos.',
      matchPath: '/conta/*',
    });
    writeFileSync(file, JSON.stringify(site));
    result = await buildMini({ contentDir });
    plain = await buildMini();
    server = await serve({ dir: result.outDir, port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  it("writes matchPath into the page's page-data, and none into the others", () => {
    const conta = readJson(path.join(result.outDir, 'page-data/conta/page-data.json'));
    expect(conta).toMatchObject({ path: '/conta/', matchPath: '/conta/*' });
    const sobre = readJson(path.join(result.outDir, 'page-data/sobre/page-data.json'));
    expect(sobre).not.toHaveProperty('matchPath');
  });

  it('lists the match paths on every page for the loader, and for the hosts beside the build', () => {
    const list = [{ path: '/conta/', matchPath: '/conta/*' }];
    const attr = /data-match-paths="([^"]*)"/.exec(read(result.outDir, 'sobre/index.html'))?.[1];
    expect(JSON.parse(must(attr).replaceAll('&quot;', '"'))).toEqual(list);
    expect(readJson(path.join(result.outDir, '_ssg-host/match-paths.json'))).toEqual(list);
    expect(read(result.outDir, '_redirects')).toContain('/conta/*  /conta/index.html  200');
    const nginx = read(result.outDir, '_ssg-host/nginx.conf');
    expect(nginx).toContain('location ~ "^/conta(/.*)?/?$" {');
    expect(nginx).toContain('try_files $uri $uri/index.html $uri.html /conta/index.html;');
    const headers = read(result.outDir, '_headers');
    expect(headers).toMatch(/^\/conta\/\*\n {2}Cache-Control: no-cache$/m);
    expect(headers).not.toMatch(/^\/conta\/$/m);
  });

  it('costs a site without match paths no byte and no file', () => {
    expect(read(plain.outDir, 'sobre/index.html')).not.toContain('data-match-paths');
    expect(() => read(plain.outDir, '_redirects')).toThrow();
    expect(() => read(plain.outDir, '_ssg-host/match-paths.json')).toThrow();
  });

  it("ssg serve answers a covered path with the page's HTML and 200, an unknown path with 404", async () => {
    const sub = await fetch(new URL('/conta/pedidos/42', server.url));
    expect(sub.status).toBe(200);
    const html = await sub.text();
    expect(html).toContain('Minha conta');
    expect(sub.headers.get('content-security-policy')).toBe(
      (await fetch(new URL('/conta/', server.url))).headers.get('content-security-policy'),
    );
    expect((await fetch(new URL('/contato/', server.url))).status).toBe(404);
    expect((await fetch(new URL('/_ssg-host/match-paths.json', server.url))).status).toBe(404);
  });

  it('stops the build with ROUTES_INVALID naming the route and the fix for a bad pattern', async () => {
    const contentDir = contentCopy();
    const file = path.join(contentDir, 'site.json');
    const site = JSON.parse(readFileSync(file, 'utf8'));
    site.pages[0].matchPath = '/outra/*';
    writeFileSync(file, JSON.stringify(site));
    const error = await buildMini({ contentDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsgError);
    expect((error as SsgError).code).toBe('ROUTES_INVALID');
    expect((error as SsgError).issues).toEqual([
      expect.objectContaining({
        file: 'src/site.ts',
        path: 'routes()[1].matchPath',
        value: '/outra/*',
        message: expect.stringContaining("does not cover the page's own path /sobre/"),
      }),
    ]);
  });
});
