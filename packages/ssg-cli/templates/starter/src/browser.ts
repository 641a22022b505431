// What the browser loads: the layout around every page and each page component as its own chunk.
import { defineBrowser } from '@ssg/cli/site';
import { Layout } from './layout.tsx';

export default defineBrowser({
  layout: Layout,
  components: {
    home: () => import('./pages/home.tsx'),
    about: () => import('./pages/about.tsx'),
    post: () => import('./pages/post.static.tsx'),
    notFound: () => import('./pages/not-found.tsx'),
    serverError: () => import('./pages/server-error.tsx'),
  },
});
