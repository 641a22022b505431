/// <reference types="node" />
// Build time only (Node): reads and checks the content, and lists the pages of the site.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ComponentDataOf,
  type ContentIssue,
  defineSite,
  parseContentJson,
} from '@ssg/cli/site';
// Types only: tsc checks each route's component and data against the pages; the build never loads them here.
import type browser from './browser.ts';
import { type PageText, type SiteContent, siteQuery } from './content.ts';

const FILE = 'site.json';

/** In every page's head: without it, browsers ask for /favicon.ico and log its 404 (public/ is copied to the site's root). */
const ICON = { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' };

/** Checks that `value` is a non-empty string; otherwise records where and how to fix it. */
function text(value: unknown, at: string, issues: ContentIssue[]): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  issues.push({
    file: FILE,
    path: at,
    value,
    message: `Expected a non-empty string at ${at}; write it in content/${FILE}.`,
  });
  return '';
}

/** The value as an object to read fields from; anything else reads as empty, so its fields are reported. */
function fields(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function page(value: unknown, at: string, issues: ContentIssue[]): PageText {
  const raw = fields(value);
  return {
    heading: text(raw.heading, `${at}.heading`, issues),
    text: text(raw.text, `${at}.text`, issues),
  };
}

export default defineSite<SiteContent, ComponentDataOf<typeof browser>>({
  lang: 'en',
  async loadContent({ contentDir }) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path.join(contentDir, FILE));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        issues: [{ file: FILE, path: '', message: `Could not read it (${reason}); restore it.` }],
      };
    }
    // Not UTF-8, nested too deep or not JSON: the issue names the place; a BOM is accepted.
    const json = parseContentJson(FILE, bytes);
    if (!json.ok) return { ok: false, issues: [json.issue] };
    const issues: ContentIssue[] = [];
    const raw = fields(json.json);
    const pages = fields(raw.pages);
    const content: SiteContent = {
      title: text(raw.title, 'title', issues),
      description: text(raw.description, 'description', issues),
      pages: {
        home: page(pages.home, 'pages.home', issues),
        about: page(pages.about, 'pages.about', issues),
      },
    };
    if (issues.length > 0) return { ok: false, issues };
    return { ok: true, content, files: [FILE] };
  },
  routes: (content) => [
    {
      path: '/',
      component: 'home',
      data: content.pages.home,
      head: {
        title: content.title,
        meta: [{ name: 'description', content: content.description }],
        link: [ICON],
      },
    },
    {
      path: '/about/',
      component: 'about',
      data: content.pages.about,
      head: { title: `${content.pages.about.heading} | ${content.title}`, link: [ICON] },
    },
    // Every site has these two: the browser shows them for unknown paths and failed loads.
    {
      path: '/404.html',
      component: 'notFound',
      head: { title: `Page not found | ${content.title}`, link: [ICON] },
    },
    {
      path: '/500.html',
      component: 'serverError',
      head: { title: `Server error | ${content.title}`, link: [ICON] },
    },
  ],
  staticQueries: [siteQuery],
});
