// pages.json read once per process (Next renders in several workers), then looked up by id.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let byId = null;

export function allPages() {
  if (!byId) {
    const pages = JSON.parse(readFileSync(join(process.cwd(), 'pages.json'), 'utf8'));
    byId = new Map(pages.map((p) => [String(p.id), p]));
  }
  return [...byId.values()];
}

export function pageById(id) {
  allPages();
  return byId.get(id);
}
