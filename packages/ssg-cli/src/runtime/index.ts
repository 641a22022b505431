/** What a site's components import from the framework. Works in the browser and in the server render. */
export { Link, type LinkProps } from './link.tsx';
export { navigate } from './navigate.ts';
export { useLocation } from './context.ts';
export { useStaticQuery } from './static-query.ts';
export { Slice } from './slice.tsx';
export { Script, type ScriptProps, type ScriptStrategy } from './script.tsx';
export { isExternal } from './paths.ts';
export type { SiteLocation, TrailingSlash } from './paths.ts';
export type { PageProps, SliceProps, RouteUpdate } from '../site/index.ts';
