/** Component map of the benchmark site: one chunk for the N pages, one for home/404/500. */
import { defineBrowser } from '@ssg/cli/site';

export default defineBrowser({
  components: {
    page: () => import('./page.tsx'),
    message: () => import('./message.tsx'),
  },
});
