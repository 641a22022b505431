import {
  appDataUrl,
  type HeadTags,
  type PageData,
  pageDataUrl,
  sliceDataUrl,
  staticQueryUrl,
} from '@ssg/loader/contract';
import { ROOT_ID } from '../runtime/client-constants.ts';
import { escapeAttribute } from '../runtime/escape.ts';
import { headToHtml } from '../runtime/head-html.ts';
import type { TrailingSlash } from '../runtime/paths.ts';
import type { ClientBundle } from './bundle-client.ts';

export interface DocumentInput {
  lang: string;
  head: HeadTags;
  body: string;
  pageData: PageData;
  staticQueryHashes: string[];
  sliceNames: string[];
  client: ClientBundle;
  /** Component names whose chunks the page needs at once (the page's and its slices'). */
  components: string[];
  trailingSlash: TrailingSlash;
  compilationHash: string;
  serviceWorker?: boolean;
}

const unique = (items: string[]): string[] => [...new Set(items)];

/** CSS is raw text inside `<style>`: only a closing tag could end it early. */
const styleText = (css: string): string => css.replace(/<\/(style)/gi, '<\\/$1');

/**
 * A page's whole HTML document. Everything the client needs to hydrate is announced up front
 * (preloads of the page's JSON and chunks) so nothing waits on the entry script to ask for it.
 */
export function documentHtml(input: DocumentInput): string {
  const { client } = input;
  const js = unique([...input.components.flatMap((c) => client.components[c]?.js ?? [])]).filter(
    (f) => f !== client.entry,
  );
  const json = [
    appDataUrl(),
    pageDataUrl(input.pageData.path),
    ...input.staticQueryHashes.map(staticQueryUrl),
    ...input.sliceNames.map(sliceDataUrl),
  ];
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="ssg-compilation-hash" content="${escapeAttribute(input.compilationHash)}">`,
    headToHtml(input.head),
    client.styles ? `<style>${styleText(client.styles)}</style>` : '',
    `<script type="module" src="${escapeAttribute(client.entry)}"></script>`,
    ...client.entryChunks.js
      .filter((f) => f !== client.entry)
      .map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`),
    ...js.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`),
    ...json.map(
      (href) =>
        `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous">`,
    ),
  ];
  const rootAttrs = `id="${ROOT_ID}" data-trailing-slash="${input.trailingSlash}"${input.serviceWorker === false ? '' : ' data-service-worker="on"'}`;
  return `<!DOCTYPE html><html lang="${escapeAttribute(input.lang)}"><head>${head.join('')}</head><body><div ${rootAttrs}>${input.body}</div></body></html>`;
}
