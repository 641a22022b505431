/** The clinic site in the browser: the shared frame, one lazily loaded chunk per page and slice, and the route hooks. */
import { type ComponentLoaders, defineBrowser } from '@ssg/cli/site';
import { SiteLayout } from './components/frame.tsx';
import { schedulePageView, trackEvent } from './lib/analytics.ts';
import type { SiteComponents } from './lib/page-data.ts';

// Checked against SiteComponents: every component there, none else, each taking its data.
export default defineBrowser<ComponentLoaders<SiteComponents>>({
  // The frame every page shares, mounted once and kept across client navigations.
  layout: SiteLayout,
  components: {
    home: () => import('./pages/home-page.tsx'),
    services: () => import('./pages/services-page.static.tsx'),
    gallery: () => import('./pages/gallery-page.static.tsx'),
    contact: () => import('./pages/contact-page.static.tsx'),
    notFound: () => import('./pages/not-found-page.static.tsx'),
    serverError: () => import('./pages/server-error-page.static.tsx'),
    footer: () => import('./slices/footer-slice.static.tsx'),
  },
  // page_view 100 ms after every route change, the first load included.
  onRouteUpdate: ({ location }) => schedulePageView(location),
  // Slow navigations are worth knowing about; the framework shows the progress bar itself.
  onRouteDelayed: ({ pathname }) => trackEvent('route_delayed', { page_path: pathname }),
  // The progress bar's accessible name, in the site's language (the framework's default is English).
  progressLabel: 'Carregando página',
});
