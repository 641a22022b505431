// The shape of content/site.json and the static query the layout reads. No Node imports here:
// the browser bundle imports this file too.
import { defineStaticQuery } from '@ssg/cli/site';

export interface PageText {
  heading: string;
  text: string;
}

export interface SiteContent {
  title: string;
  description: string;
  pages: { home: PageText; about: PageText };
}

/** The site's title and description, for the header and footer of every page. */
export const siteQuery = defineStaticQuery('site', (content: SiteContent) => ({
  title: content.title,
  description: content.description,
}));
