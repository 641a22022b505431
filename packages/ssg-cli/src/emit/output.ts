// The build's files in memory: page-data, static queries, slice data, app-data (with the
// compilation hash and build id) and each page's HTML, made when written (write-output.ts).
import { createHash } from 'node:crypto';
import {
  type AppData,
  appDataUrl,
  pageDataUrl,
  type StaticQueryResult,
  sliceDataUrl,
  staticQueryUrl,
} from '@ssg/loader/contract';
import type { ClientBundle } from '../bundle/index.ts';
import type { FileContents } from '../output/index.ts';
import type { RenderedPage, RenderedPages } from '../render/index.ts';
import { checkPageDataSize } from '../render/page-data-size.ts';
import type { Routes } from '../routes/index.ts';
import { md5 } from '../service-worker/index.ts';
import { htmlFileOf } from '../shared/files.ts';
import { matchPathsOf } from '../shared/match-path-list.ts';
import type { TrailingSlash } from '../shared/trailing-slash.ts';
import type { LoadedSite } from '../types.ts';
import { buildIdOf, isTabData } from './build-id.ts';
import { compilationHashOf } from './compilation-hash.ts';
import type { CompilationMemo, Memo } from './reuse.ts';

const json = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** What the output is made of. */
export interface OutputInput {
  loaded: LoadedSite;
  brand: string;
  trailingSlash: TrailingSlash;
  content: unknown;
  routes: Routes;
  rendered: RenderedPages;
  client: ClientBundle;
  /** Whether the last build's output was made of the same (the incremental cache). */
  memo?: CompilationMemo;
}

/**
 * Every file of the build but the client bundle and assets. The pages' two files each are not in
 * a map: at 100,000 pages a map of 200,000 closures (~30 MB) stayed live through emit.
 */
export interface Output {
  /** Every file's URL path in emit's order: each page's data, the data files, app-data, each page's HTML. */
  names: readonly string[];
  /** Each file of `names` in order, with what makes it; a page's files are made as they are written. */
  files(): Generator<[string, FileContents]>;
  /** The files that are not a page's (static queries, slices, the site's files, app-data). */
  fixed: ReadonlyMap<string, FileContents>;
  /** What a tab that loaded this build keeps using (compilation-hash.ts): not the pages' content. */
  compilationHash: string;
  /**
   * URL path → MD5 of each file as it is made or kept, filled by the writer: app-data, made after
   * the data files, takes its build id from theirs (build-id.ts).
   */
  revisions: Map<string, string>;
  /** The last build's memo when this output is made of exactly what the last one was. */
  same?: Memo | undefined;
  /**
   * Digest of what every page's files are made with besides the page's own render inputs
   * (memo.frame): when it is the last build's, a page whose inputs are unchanged has the files it
   * had (patch.ts).
   */
  frame?: string | undefined;
  /**
   * Once every file was made (but those of the pages `kept` names, left as the last build wrote
   * them): the page-data files over the size limit (the memo remembers them).
   */
  finish(kept?: (path: string) => boolean): string[];
  /** How many of the files are pages' HTML. */
  pageCount: number;
}

/** HTML, page-data, static queries, slice data, app-data and the site's extra files. */
export function outputOf(input: OutputInput): Output {
  return dataFiles(input);
}

/** The output with every page's HTML made: what `ssg dev` answers from. */
export function outputFiles(input: OutputInput): Map<string, string | Uint8Array> {
  const { files, revisions } = dataFiles(input);
  const made = new Map<string, string | Uint8Array>();
  for (const [name, contents] of files()) {
    const bytes = typeof contents === 'function' ? contents() : contents;
    if (isTabData(name)) revisions.set(name, md5(bytes));
    made.set(name, bytes);
  }
  return made;
}

const htmlUrlOf = (page: RenderedPage): string => `/${htmlFileOf(page.route.path)}`;

/** The two files of a page: its HTML and its page-data, by URL path. */
export const filesOfPage = (page: RenderedPage): [string, string] => [
  htmlUrlOf(page),
  pageDataUrl(page.route.path),
];

/** Every output file, the pages' made when written. */
function dataFiles(input: OutputInput): Output {
  const { pages, slices, staticQueryResults } = input.rendered;
  const warningOf = new Map<string, string>();
  const pageData = (page: RenderedPage) => () => {
    const pageData = page.pageData();
    const made = json(pageData);
    const warning = checkPageDataSize(pageData, made);
    if (warning) warningOf.set(page.route.path, warning);
    return made;
  };
  const fixed = new Map<string, FileContents>();
  const sessionFiles: Array<[string, string]> = [];
  for (const [hash, query] of staticQueryResults)
    sessionFiles.push([
      staticQueryUrl(hash),
      json({ data: query.data } satisfies StaticQueryResult),
    ]);
  for (const slice of slices) sessionFiles.push([sliceDataUrl(slice.name), json(slice.sliceData)]);
  for (const [url, contents] of sessionFiles) fixed.set(url, contents);
  for (const extra of input.loaded.site.files?.({
    content: input.content,
    brand: input.brand,
    routes: input.routes.routes,
    trailingSlash: input.trailingSlash,
  }) ?? []) {
    fixed.set(`/${extra.path.replace(/^\/+/, '')}`, extra.contents);
  }
  // Each page's two names, made once: emit's lists, its writer and the record share the strings.
  const dataNames = pages.map((page) => pageDataUrl(page.route.path));
  const htmlNames = pages.map(htmlUrlOf);
  // A site file named as a page's data takes its place (as it always did); one named as a page's
  // HTML gives way to the page.
  const asData = new Map<string, FileContents>();
  for (const name of dataNames) {
    const extra = fixed.get(name);
    if (extra === undefined) continue;
    asData.set(name, extra);
    fixed.delete(name);
  }
  for (const name of htmlNames) fixed.delete(name);
  const { client, trailingSlash } = input;
  const matchPaths = matchPathsOf(input.routes.routes);
  const compilationHash = compilationHashOf({ client, trailingSlash, matchPaths, sessionFiles });
  const digests = input.memo && fingerprintOf(input, input.memo, fixed);
  const same = digests ? input.memo?.lookup(digests.fingerprint) : undefined;
  // made after every data file (the names' order), whose bytes its build id digests
  const revisions = new Map<string, string>();
  const names = [...dataNames, ...fixed.keys(), appDataUrl(), ...htmlNames];
  const buildId = () => buildIdOf(names, (url) => revisions.get(url));
  fixed.set(appDataUrl(), () => json({ compilationHash, buildId: buildId() } satisfies AppData));
  function* files(): Generator<[string, FileContents]> {
    for (const [i, page] of pages.entries()) {
      const name = dataNames[i] ?? '';
      yield [name, asData.get(name) ?? pageData(page)];
    }
    yield* fixed;
    for (const [i, page] of pages.entries())
      yield [htmlNames[i] ?? '', () => page.html(compilationHash)];
  }
  /** `kept`: pages whose page-data was not made (their files were kept): their last warning holds. */
  const finish = (kept?: (path: string) => boolean) => {
    const last = same?.warnings ?? input.memo?.lastWarnings ?? {};
    const warnings: Record<string, string> = {};
    for (const { route } of pages) {
      const made = same || kept?.(route.path) ? last[route.path] : warningOf.get(route.path);
      if (made) warnings[route.path] = made;
    }
    if (digests) input.memo?.remember({ ...digests, compilationHash, warnings });
    return Object.values(warnings);
  };
  const pageCount = pages.length;
  return {
    names,
    files,
    fixed,
    compilationHash,
    revisions,
    same,
    frame: digests?.frame,
    finish,
    pageCount,
  };
}

/**
 * Digests of what the output is made of. `frame`: what every page's files are made with besides
 * their own inputs (the client, the document options, the slices); `fingerprint`: the frame, the
 * data files but the pages' (name and contents) and each page's render inputs in order.
 */
function fingerprintOf(
  input: OutputInput,
  memo: CompilationMemo,
  fixed: ReadonlyMap<string, FileContents>,
): { frame: string; fingerprint: string } | undefined {
  const pageInputs = memo.pageInputs(input.rendered.pages.map((page) => page.route.path));
  if (!pageInputs) return undefined;
  const digest = createHash('sha256');
  const { client, trailingSlash, brand, loaded, routes, rendered } = input;
  const options = [client, trailingSlash, brand, loaded.site.lang, routes.slices, rendered.slices];
  digest.update(JSON.stringify(options)).update(memo.documentOptions);
  const frame = digest.copy().digest('hex');
  // Code-point order: the same on every machine, whatever its locale.
  const names = [...fixed.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const contents = fixed.get(name);
    if (contents === undefined || typeof contents === 'function') continue;
    digest.update(name).update(contents);
  }
  digest.update(pageInputs);
  return { frame, fingerprint: digest.digest('hex') };
}
