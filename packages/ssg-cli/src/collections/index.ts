/**
 * `@ssg/cli/content`: content collections. A site declares folders or files of JSON, YAML or
 * Markdown with frontmatter, each with a schema (any Standard Schema: zod, valibot, arktype…);
 * `collections()` reads, checks and renders them as the site's `loadContent`.
 */
export {
  type Collection,
  defineCollection,
  type EntriesOf,
  type Entry,
  type FileOptions,
  type FilesOptions,
  type MarkdownOptions,
} from './define.ts';
export { image } from './image-field.ts';
export { type CollectionsContent, collections } from './load-collections.ts';
