// The content's types and the static query the layout reads. No Node imports here: the browser
// bundle imports this file too (type imports are erased).
import { defineStaticQuery } from '@ssg/cli/site';
import type { SiteContent } from './collections.ts';

export type { PageText, SiteContent } from './collections.ts';

/** The site's title and description, for the header and footer of every page. */
export const siteQuery = defineStaticQuery('site', (content: SiteContent) => ({
  title: content.title,
  description: content.description,
}));
