// Build time only (Node): the content (src/collections.ts) and the pages of the site.
import { type ComponentDataOf, defineSite } from '@ssg/cli/site';
// Types only: tsc checks each route's component and data against the pages; the build never loads them here.
import type browser from './browser.ts';
import { loadContent, type SiteContent } from './collections.ts';
import { siteQuery } from './content.ts';

/** In every page's head: the SVG icon (public/ is copied to the site's root); a page without it gets public/favicon.ico. */
const ICON = { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' };

export default defineSite<SiteContent, ComponentDataOf<typeof browser>>({
  lang: 'en',
  loadContent,
  routes: (content) => [
    {
      path: '/',
      component: 'home',
      data: content.pages.home,
      head: {
        title: content.title,
        meta: [{ name: 'description', content: content.description }],
        link: [ICON],
      },
    },
    {
      path: '/about/',
      component: 'about',
      data: content.pages.about,
      head: { title: `${content.pages.about.heading} | ${content.title}`, link: [ICON] },
    },
    // one page per Markdown file of content/posts/
    ...content.posts.map((post) => ({
      path: `/posts/${post.id}/`,
      // a literal type inside map(): tsc checks this route against the post page's props
      component: 'post' as const,
      data: { title: post.data.title, html: post.html },
      head: {
        title: `${post.data.title} | ${content.title}`,
        meta: [{ name: 'description', content: post.data.description }],
        link: [ICON],
      },
    })),
    // Every site has these two: the browser shows them for unknown paths and failed loads.
    {
      path: '/404.html',
      component: 'notFound',
      head: { title: `Page not found | ${content.title}`, link: [ICON] },
    },
    {
      path: '/500.html',
      component: 'serverError',
      head: { title: `Server error | ${content.title}`, link: [ICON] },
    },
  ],
  staticQueries: [siteQuery],
});
