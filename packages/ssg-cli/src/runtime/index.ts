/** What a site's components import from the framework. Works in the browser and in the server render. */

export type { LayoutProps, PageProps, RouteUpdate, SliceProps } from '../site/index.ts';
export { useLocation } from './context.ts';
export { Link, type LinkProps } from './link.tsx';
export { navigate } from './navigate.ts';
export type { SiteLocation, TrailingSlash } from './paths.ts';
export { isExternal } from './paths.ts';
export { Script, type ScriptProps, type ScriptStrategy } from './script.tsx';
export { Slice } from './slice.tsx';
// Used by the code the build puts in place of `*.static.tsx` modules (bundle/static-parts.ts).
export { staticComponent, staticPart } from './static.tsx';
export { useStaticQuery } from './static-query.ts';
