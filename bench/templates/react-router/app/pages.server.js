// pages.json read once per process (the prerender calls every page's loader in the build's
// process), then looked up by id; `.server` keeps it out of the browser bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('../../../generate.mjs').Page} Page */

/** @type {{ pages: Page[], byId: Map<string, Page> } | null} */
let loaded = null;

function load() {
  if (!loaded) {
    /** @type {Page[]} */
    const pages = JSON.parse(readFileSync(join(process.cwd(), 'pages.json'), 'utf8'));
    loaded = { pages, byId: new Map(pages.map((p) => [String(p.id), p])) };
  }
  return loaded;
}

/** Every page, in the file's order. */
export function allPages() {
  return load().pages;
}

/**
 * @param {string} id
 * @returns {Page}
 */
export function pageById(id) {
  const page = load().byId.get(id);
  if (!page) throw new Error(`pages.json has no page ${id}`);
  return page;
}
