// The HTML document around each rendered page: head, styles, boot data and script.
import {
  appDataUrl,
  type HeadTags,
  pageDataUrl,
  sliceDataUrl,
  staticQueryUrl,
} from '@ssg/loader/contract';
import type { BootData } from '../browser/boot-data.ts';
import type { ClientBundle } from '../bundle/client.ts';
import { browserCode } from '../shared/browser-code.ts';
import { type CspSettings, cspMeta, type InlineSources, inlineSources } from '../shared/csp.ts';
import { escapeAttribute, headToHtml, jsonForScript, ROOT_ID } from '../shared/html.ts';
import { type MatchPath, matchPathsAttribute } from '../shared/match-path-list.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';

export interface DocumentInput {
  lang: string;
  head: HeadTags;
  body: string;
  /** The page's path, whose page-data the boot script preloads. */
  path: string;
  staticQueryHashes: string[];
  sliceNames: string[];
  client: ClientBundle;
  /** Component names whose chunks the page needs at once (the page's and its slices'). */
  components: string[];
  trailingSlash: TrailingSlash;
  compilationHash: string;
  serviceWorker?: boolean;
  /** The site's CSP settings: the document gets the policy's `<meta>` fallback. */
  csp?: CspSettings;
  /** The site's client-only routes, for the loader; none on most sites (then no attribute). */
  matchPaths?: MatchPath[];
}

export type { BootData };

const unique = (items: string[]): string[] => [...new Set(items)];

const rootAttrs = (input: DocumentInput): string =>
  `id="${ROOT_ID}" data-trailing-slash="${input.trailingSlash}"${input.serviceWorker === false ? '' : ' data-service-worker="on"'}${matchPathsAttribute(input.matchPaths)}`;

/** CSS is raw text inside `<style>`: only a closing tag could end it early. */
const styleText = (css: string): string => css.replace(/<\/(style)/gi, '<\\/$1');

const BOOT_ID = `${ROOT_ID}-boot`;

/** Starts the client after the first paint (src/browser/boot.ts, minified): the same text on every page. */
const BOOT_SCRIPT = browserCode('boot');

/**
 * A page's HTML for `ssg dev`, whose inline module scripts Vite analyses: the boot script's import
 * of an address it reads at run time is marked as meant (Vite warned on every page otherwise).
 */
export const htmlForDevServer = (html: string): string =>
  html.replace('import(b.entry)', 'import(/* @vite-ignore */ b.entry)');

/** A page's whole HTML document: content and CSS first, the client after the first paint. */
export const documentHtml = (input: DocumentInput): string => pageDocument(input).html;

const CHARSET = '<meta charset="utf-8">';

/**
 * The document and the hashes of its inline code, read from the finished HTML: whatever inline
 * script or style ends up in a page is covered by its policy. The `<meta>` fallback goes first.
 */
export function pageDocument(
  input: DocumentInput,
  /** The same page's sources from an earlier call: they do not depend on the compilation hash. */
  known?: InlineSources,
): { html: string; inline: InlineSources } {
  const { before, sheet, after } = documentWithoutPolicy(input);
  // the stylesheet (the same text in every page) is hashed as a whole, not searched
  const inline = known ?? inlineSources(before + after, sheet ? [sheet] : []);
  const meta = input.csp ? cspMeta(inline, input.csp) : '';
  const head = meta ? before.replace(CHARSET, CHARSET + meta) : before;
  return { html: sheet ? `${head}<style>${sheet}</style>${after}` : head + after, inline };
}

let lastStyles = '';
let lastSheet = '';
/** The stylesheet's text as written: made once for the build's CSS, not once per page. */
function sheetOf(styles: string): string {
  if (styles !== lastStyles) {
    lastStyles = styles;
    lastSheet = styleText(styles);
  }
  return lastSheet;
}

/** The document around its stylesheet: `before` + `<style>sheet</style>` + `after`. */
function documentWithoutPolicy(input: DocumentInput): {
  before: string;
  sheet: string;
  after: string;
} {
  const { client } = input;
  const js = unique([...input.components.flatMap((c) => client.components[c]?.js ?? [])]).filter(
    (f) => f !== client.entry,
  );
  const json = [
    appDataUrl(),
    pageDataUrl(input.path),
    ...input.staticQueryHashes.map(staticQueryUrl),
    ...input.sliceNames.map(sliceDataUrl),
  ];
  const head = [
    CHARSET,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="ssg-compilation-hash" content="${escapeAttribute(input.compilationHash)}">`,
    headToHtml(input.head),
  ];
  const boot: BootData = {
    entry: client.entry,
    modules: unique([...client.entryChunks.js.filter((f) => f !== client.entry), ...js]),
    data: json,
  };
  const body = [
    `<div ${rootAttrs(input)}>${input.body}</div>`,
    `<script type="application/json" id="${BOOT_ID}">${jsonForScript(boot)}</script>`,
    `<script type="module">${BOOT_SCRIPT}</script>`,
  ];
  return {
    before: `<!DOCTYPE html><html lang="${escapeAttribute(input.lang)}"><head>${head.join('')}`,
    sheet: client.styles ? sheetOf(client.styles) : '',
    after: `</head><body>${body.join('')}</body></html>`,
  };
}
