// Build time only: the content's collections, each checked against its schema; the content's
// types come from the schemas.
import { type CollectionsContent, collections, defineCollection } from '@ssg/cli/content';
import { z } from 'zod';

const pageText = z.object({ heading: z.string().min(1), text: z.string().min(1) });

const all = {
  /** content/site.json: the site's title, description and the text of each page. */
  site: defineCollection({
    file: 'site.json',
    schema: z.object({
      title: z.string().min(1),
      description: z.string().min(1),
      pages: z.object({ home: pageText, about: pageText }),
    }),
  }),
  /** content/posts/*.md: one page each, at /posts/<file name>/. */
  posts: defineCollection({
    files: 'posts/*.md',
    schema: z.object({ title: z.string().min(1), description: z.string().min(1) }),
  }),
};

/** The content as the pages read it: the fields of site.json, and the posts. */
const shape = ({ site, posts }: CollectionsContent<typeof all>) => ({ ...site.data, posts });

/** The site's loadContent: reads every collection and reports every problem of every file. */
export const loadContent = collections(all, shape);

export type SiteContent = ReturnType<typeof shape>;
export type PageText = z.infer<typeof pageText>;
