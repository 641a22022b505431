/**
 * Synthetic sites for the benchmark: N pages, each with a title, three paragraphs of about
 * 80 words, five internal links and a few small fields (about 1.5 KB of JSON per page).
 * Text comes from a seeded generator, so a given (N, seed) always gives the same bytes.
 *
 * The same `pages.json` feeds four kinds of site folder built from the templates beside this file:
 * - ssg:    a site folder (`src/site.ts`, `src/browser.ts`, `src/page.tsx`) + `content/pages.json`
 * - gatsby: `gatsby-node.js` calls `createPages` from `pages.json`, one template
 * - astro:  one dynamic route `src/pages/p/[id].astro` whose `getStaticPaths` reads `pages.json`
 *           (the same template serves Astro 5 and Astro 7)
 * - next:   one app-router route `app/p/[id]/page.jsx` whose `generateStaticParams` reads it
 *
 * `editPages` changes the text of 1% of the pages, the same pages on every machine, for the
 * bench's "warm, 1% changed" rebuild.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEMPLATES = join(import.meta.dirname, 'templates');

/**
 * @typedef {{ id: number, path: string, title: string, date: string, tags: string[],
 *   paragraphs: string[], links: { to: string, label: string }[] }} Page
 */

/**
 * mulberry32: a tiny seeded PRNG; good enough for filler text, identical on every machine.
 * @param {number} seed
 */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Our own filler vocabulary (veterinary-flavoured, so pages read a little like the clinic's).
const WORDS = (
  'animal care clinic visit doctor nurse vaccine puppy kitten owner health check weight diet ' +
  'walk garden morning evening friendly gentle calm patient schedule appointment emergency ' +
  'night shift team photo service dental surgery recovery treatment plan follow review ' +
  'habit exercise water food bowl collar leash brush coat skin ear eye tooth paw tail ' +
  'season summer winter spring autumn travel home city street park river hill quiet bright ' +
  'small large young older healthy active playful curious sleepy hungry warm soft clean ' +
  'record update reminder booster allergy symptom advice question answer guide simple ' +
  'careful regular weekly monthly yearly local nearby open closed ready early late'
).split(' ');

const TAGS = [
  'dogs',
  'cats',
  'birds',
  'rabbits',
  'nutrition',
  'vaccines',
  'dental',
  'surgery',
  'behaviour',
  'travel',
  'seniors',
  'puppies',
];

/**
 * @param {() => number} rand
 * @param {string[]} list
 */
function pick(rand, list) {
  // In bounds: rand() is below 1.
  return /** @type {string} */ (list[Math.floor(rand() * list.length)]);
}

// Short function words, about one word in three, keep the text near English word lengths.
const SHORT = [
  'a',
  'the',
  'of',
  'and',
  'to',
  'in',
  'is',
  'for',
  'with',
  'on',
  'at',
  'by',
  'our',
  'your',
];

/**
 * @param {() => number} rand
 * @param {number} words
 */
function sentence(rand, words) {
  const out = [];
  for (let i = 0; i < words; i++)
    out.push(i > 0 && rand() < 0.35 ? pick(rand, SHORT) : pick(rand, WORDS));
  const first = out[0] ?? '';
  out[0] = (first[0] ?? '').toUpperCase() + first.slice(1);
  return `${out.join(' ')}.`;
}

/**
 * About `target` words, as sentences of 8 to 15 words.
 * @param {() => number} rand
 * @param {number} target
 */
function paragraph(rand, target) {
  const sentences = [];
  let words = 0;
  while (words < target) {
    const n = Math.min(8 + Math.floor(rand() * 8), Math.max(4, target - words));
    sentences.push(sentence(rand, n));
    words += n;
  }
  return sentences.join(' ');
}

/** @param {number} i */
export function pagePath(i) {
  return `/p/${i}/`;
}

/**
 * The N pages, ids 1..N, each linking to five other pages (deterministic for a seed).
 * @param {number} n
 * @returns {Page[]}
 */
export function generatePages(n, seed = 20261121) {
  const rand = rng(seed);
  const pages = [];
  for (let i = 1; i <= n; i++) {
    const title = `${sentence(rand, 3 + Math.floor(rand() * 3)).slice(0, -1)} ${i}`;
    const links = [];
    for (let k = 1; k <= 5; k++) {
      // Neighbours first (prefetch-friendly), then seeded jumps across the site.
      const to = k <= 2 ? ((i - 1 + k) % n) + 1 : 1 + Math.floor(rand() * n);
      links.push({ to: pagePath(to), label: `${pick(rand, WORDS)} ${pick(rand, WORDS)} ${to}` });
    }
    pages.push({
      id: i,
      path: pagePath(i),
      title,
      date: new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 700) * 86400000)
        .toISOString()
        .slice(0, 10),
      tags: [pick(rand, TAGS), pick(rand, TAGS)],
      paragraphs: [paragraph(rand, 80), paragraph(rand, 80), paragraph(rand, 80)],
      links,
    });
  }
  return pages;
}

/** The sentence the 1% edit appends; the bench looks for it in the rebuilt pages. */
export const EDIT_MARK = 'Edited for the 1% rebuild.';

/**
 * Ids of the pages `editPages` changes: every 100th page (ids 37, 137, 237, …), at least one.
 * Spread over the whole site, away from the first five pages the home page links to.
 * @param {number} n
 */
export function editedIds(n) {
  const ids = [];
  for (let id = 37; id <= n; id += 100) ids.push(id);
  return ids.length ? ids : [n];
}

/**
 * The pages with 1% of them changed: a sentence added to their second paragraph.
 * @param {Page[]} pages
 */
export function editPages(pages) {
  const ids = new Set(editedIds(pages.length));
  return pages.map((p) =>
    ids.has(p.id)
      ? { ...p, paragraphs: p.paragraphs.map((t, k) => (k === 1 ? `${t} ${EDIT_MARK}` : t)) }
      : p,
  );
}

// Template folder of each kind of site (Astro 5 and 7 share theirs).
/** @type {Record<string, string>} */
const TEMPLATE_OF = {
  ssg: 'ssg',
  gatsby: 'gatsby',
  astro: 'astro',
  astro7: 'astro',
  next: 'next',
  'react-router': 'react-router',
};

/**
 * Where the site of `kind` keeps its pages.json.
 * @param {string} kind
 * @param {string} dir
 */
export function dataFileOf(kind, dir) {
  return kind === 'ssg' ? join(dir, 'content', 'pages.json') : join(dir, 'pages.json');
}

// The last JSON made: every tool of a size asks for the same one (175 MB at 100,000 pages).
let lastJson = { key: '', json: '' };
/**
 * @param {number} n
 * @param {{ seed?: number, edited?: boolean }} [options]
 */
function pagesJson(n, { seed, edited = false } = {}) {
  const key = `${n}/${seed}/${edited}`;
  if (lastJson.key !== key) {
    const pages = generatePages(n, seed);
    lastJson = { key, json: `${JSON.stringify(edited ? editPages(pages) : pages)}\n` };
  }
  return lastJson.json;
}

/**
 * Rewrites only the site's pages.json (original or 1% edited) when it differs; caches stay.
 * @param {string} kind
 * @param {string} dir
 * @param {number} n
 * @param {{ seed?: number, edited?: boolean }} [options]
 */
export function writeData(kind, dir, n, { seed, edited = false } = {}) {
  const json = pagesJson(n, { seed, edited });
  const dataFile = dataFileOf(kind, dir);
  if (!existsSync(dataFile) || readFileSync(dataFile, 'utf8') !== json)
    writeFileSync(dataFile, json);
}

/**
 * Writes the `kind` site (`ssg`, `gatsby`, `astro`, `astro7` or `next`) of N pages into `dir`
 * and returns the JSON size. When `pages.json` there is already identical, only the template
 * files are refreshed, so caches survive between bench runs (cold builds clear them explicitly).
 * @param {string} kind
 * @param {string} dir
 * @param {number} n
 * @param {{ seed?: number }} [options]
 */
export function writeSite(kind, dir, n, { seed } = {}) {
  const template = TEMPLATE_OF[kind];
  if (!template)
    throw new Error(
      `Unknown site kind "${kind}"; kinds are ${Object.keys(TEMPLATE_OF).join(', ')}.`,
    );
  const json = pagesJson(n, { seed });
  const dataFile = dataFileOf(kind, dir);
  const same = existsSync(dataFile) && readFileSync(dataFile, 'utf8') === json;
  if (!same) rmSync(dir, { recursive: true, force: true });
  else
    for (const d of ['src', 'app', 'lib']) rmSync(join(dir, d), { recursive: true, force: true }); // drop files a newer template no longer has
  mkdirSync(join(dataFile, '..'), { recursive: true });
  cpSync(join(TEMPLATES, template), dir, { recursive: true });
  if (!same) writeFileSync(dataFile, json);
  const bytes = Buffer.byteLength(json);
  return { dir, dataFile, pagesJsonBytes: bytes, bytesPerPage: Math.round(bytes / n) };
}

// `node bench/generate.mjs ssg 1000 /tmp/site` writes the ssg site of 1,000 pages.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [kind = 'ssg', n = '100', dir = join('/tmp', `bench-${kind}-${n}`)] = process.argv.slice(2);
  const r = writeSite(kind, dir, Number(n));
  console.log(`${kind}: ${n} pages, ${r.bytesPerPage} B of JSON per page → ${dir}`);
}
