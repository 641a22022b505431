// pages.json read once per process (the prerender calls every page's loader in the build's
// process), then looked up by id; `.server` keeps it out of the browser bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {import('../../../generate.mjs').Page} Page */

/** @type {Map<string, Page> | null} */
let byId = null;

export function allPages() {
  if (!byId) {
    /** @type {Page[]} */
    const pages = JSON.parse(readFileSync(join(process.cwd(), 'pages.json'), 'utf8'));
    byId = new Map(pages.map((p) => [String(p.id), p]));
  }
  return [...byId.values()];
}

/**
 * @param {string} id
 * @returns {Page}
 */
export function pageById(id) {
  allPages();
  const page = byId?.get(id);
  if (!page) throw new Error(`pages.json has no page ${id}`);
  return page;
}
