/** Stage "routes": the site's pages and slices, checked (collect-routes.ts, match-path-check.ts). */
export { collectRoutes, REQUIRED_PAGES, type Routes, routeData } from './collect-routes.ts';
