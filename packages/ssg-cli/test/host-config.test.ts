// Real: build() of the mini fixture site and the host-config generators. Faked: nothing (nginx itself runs in tests/host).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { headersFile, MAX_HEADER_RULES } from '../src/host/headers-file.ts';
import { nginxSnippet } from '../src/host/nginx.ts';
import {
  cacheControlOf,
  IMMUTABLE,
  isHiddenPath,
  REVALIDATE,
  trailingSlashRedirect,
} from '../src/host/rules.ts';
import { buildMini } from './helpers.ts';

describe('the rules', () => {
  it('hashed chunks are immutable; HTML, page-data, app-data, slice-data and sw.js are revalidated', () => {
    expect(cacheControlOf('/_ssg/app-abc123.js')).toBe(IMMUTABLE);
    for (const url of [
      '/',
      '/sobre/',
      '/404.html',
      '/page-data/app-data.json',
      '/page-data/index/page-data.json',
      '/slice-data/footer.json',
      '/sw.js',
      '/robots.txt',
    ]) {
      expect(cacheControlOf(url), url).toBe(REVALIDATE);
    }
  });

  it('redirects page paths to the configured trailing-slash form, never the root', () => {
    expect(trailingSlashRedirect('/sobre', 'always')).toBe('/sobre/');
    expect(trailingSlashRedirect('/sobre/', 'always')).toBeNull();
    expect(trailingSlashRedirect('/sobre/', 'never')).toBe('/sobre');
    expect(trailingSlashRedirect('/sobre', 'never')).toBeNull();
    expect(trailingSlashRedirect('/sobre', 'ignore')).toBeNull();
    expect(trailingSlashRedirect('/', 'never')).toBeNull();
  });

  it('keeps the host configuration in the output unpublished', () => {
    expect(isHiddenPath('/_headers')).toBe(true);
    expect(isHiddenPath('/_ssg-host/nginx.conf')).toBe(true);
    expect(isHiddenPath('/_ssg/app.js')).toBe(false);
  });
});

describe('the generated files of a build', () => {
  let outDir: string;
  let hash: string;
  beforeAll(async () => {
    const result = await buildMini();
    outDir = result.outDir;
    hash = result.compilationHash;
  });
  const read = (file: string) => readFileSync(path.join(outDir, file), 'utf8');

  it('writes an nginx server snippet with the cache rules, the 404 page and the "always" redirect', () => {
    const conf = read('_ssg-host/nginx.conf');
    // nothing of this build in it: a running nginx needs no reload for the next deploy
    expect(conf).not.toContain(hash);
    expect(conf).toContain('error_page 404 /404.html;');
    expect(conf).not.toMatch(/^\s*internal;/m); // the worker must be able to precache 404.html
    expect(conf).toMatch(
      /location \^~ \/_ssg\/ \{\n\s+set \$ssg_cache_control "public, max-age=31536000, immutable";/,
    );
    expect(conf).toMatch(/location \/ \{\n\s+set \$ssg_cache_control "no-cache";/);
    expect(conf).toContain('try_files $uri $uri/index.html $uri.html =404;');
    expect(conf).toContain('rewrite ^(.*[^/])$ $1/ permanent;');
    expect(conf).toContain('location ^~ /_ssg-host/ { return 404; }');
  });

  it('writes a _headers file where every path gets exactly one Cache-Control', () => {
    const file = read('_headers');
    const rules = file.split('\n').filter((l) => l.startsWith('/'));
    expect(rules).toEqual(
      expect.arrayContaining([
        '/*',
        '/_ssg/*',
        '/page-data/*',
        '/slice-data/*',
        '/sw.js',
        '/',
        '/sobre/',
        '/sobre/index.html',
        '/404.html',
        '/500.html',
        '/_ssg-offline.html',
      ]),
    );
    const block = (rule: string) =>
      file.split(/\n(?=\/)/).find((b) => b.startsWith(`${rule}\n`)) ?? '';
    expect(block('/_ssg/*')).toContain('Cache-Control: public, max-age=31536000, immutable');
    expect(block('/sobre/')).toContain('Cache-Control: no-cache');
    // hosts join the values of several matching rules: the catch-all must not set Cache-Control
    expect(block('/*')).not.toContain('Cache-Control');
    expect(block('/*')).toContain('X-Content-Type-Options: nosniff');
  });
});

describe('generators with other settings', () => {
  it('"never" redirects /a/ to /a; "ignore" has no redirect', () => {
    expect(nginxSnippet({ trailingSlash: 'never' })).toContain('rewrite ^(.+)/$ $1 permanent;');
    expect(nginxSnippet({ trailingSlash: 'ignore' })).not.toContain('rewrite');
  });

  it('stays within the 100 rules Cloudflare Pages reads, leaving HTML of big sites to the host default', () => {
    const pageUrls = Array.from({ length: 500 }, (_, i) => `/p${i}/`);
    const file = headersFile({ pageUrls });
    expect(file.split('\n').filter((l) => l.startsWith('/')).length).toBeLessThanOrEqual(
      MAX_HEADER_RULES,
    );
    expect(file).toContain('/_ssg/*\n  Cache-Control: public, max-age=31536000, immutable');
    expect(file).toContain('must-revalidate');
  });
});
