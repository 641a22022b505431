// A collection as a site declares it, and the types of its entries, inferred from its schema.
import type { StandardSchemaV1 } from '@standard-schema/spec';

/** How Markdown bodies render. */
export interface MarkdownOptions {
  /**
   * Default `false`: HTML written in the Markdown shows as text, so a file from anyone cannot add
   * a script to the page. `true` passes it through as it is: only for content the site trusts fully.
   */
  html?: boolean;
}

interface CommonOptions<Schema extends StandardSchemaV1> {
  /** Any Standard Schema (zod, valibot, arktype…): each file's data is checked against it. */
  schema: Schema;
  markdown?: MarkdownOptions;
}

/** Many files, one entry each: a glob relative to the content folder, e.g. `posts/*.md`. */
export interface FilesOptions<Schema extends StandardSchemaV1> extends CommonOptions<Schema> {
  files: string;
}

/** One file, one entry: its path relative to the content folder, e.g. `site.json`. */
export interface FileOptions<Schema extends StandardSchemaV1> extends CommonOptions<Schema> {
  file: string;
}

/** A declared collection: `one` file or `many`. */
export interface Collection<Kind extends 'one' | 'many', Schema extends StandardSchemaV1> {
  readonly kind: Kind;
  /** The glob (`many`) or the path (`one`), relative to the content folder. */
  readonly pattern: string;
  readonly schema: Schema;
  readonly markdown: MarkdownOptions;
}

export type AnyCollection = Collection<'one' | 'many', StandardSchemaV1>;

/** One file of a collection, read and checked. */
export interface Entry<Data> {
  /** The file's path below the collection's folder, without its extension: `hello` for `posts/hello.md`. */
  id: string;
  /** The file, relative to the content folder: `posts/hello.md`. */
  file: string;
  /** The JSON, the YAML or the Markdown's frontmatter, as the schema gives it out. */
  data: Data;
  /** A Markdown file's body as HTML, rendered at build time; `''` for JSON and YAML. */
  html: string;
}

/** What a collection gives the site: its entry (`file`) or its entries sorted by id (`files`). */
export type EntriesOf<C> =
  C extends Collection<infer Kind, infer Schema>
    ? Kind extends 'one'
      ? Entry<StandardSchemaV1.InferOutput<Schema>>
      : Entry<StandardSchemaV1.InferOutput<Schema>>[]
    : never;

/** A collection of every file a glob matches (`files`) or of one file (`file`). */
export function defineCollection<Schema extends StandardSchemaV1>(
  options: FilesOptions<Schema>,
): Collection<'many', Schema>;
export function defineCollection<Schema extends StandardSchemaV1>(
  options: FileOptions<Schema>,
): Collection<'one', Schema>;
export function defineCollection<Schema extends StandardSchemaV1>(
  options: FilesOptions<Schema> | FileOptions<Schema>,
): Collection<'one' | 'many', Schema> {
  const markdown = options.markdown ?? {};
  return 'files' in options
    ? { kind: 'many', pattern: options.files, schema: options.schema, markdown }
    : { kind: 'one', pattern: options.file, schema: options.schema, markdown };
}
