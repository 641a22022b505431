/**
 * Stage "content": the site reads and validates its content (load-content.ts), then the security
 * headers the content and config call for (security.ts).
 */
export { loadContent, loadSiteContent, type SiteContent } from './load-content.ts';
export { resolveSecurity, type Security } from './security.ts';
