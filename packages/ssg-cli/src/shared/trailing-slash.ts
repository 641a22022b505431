// The trailing-slash rule of a site: its values and how it shapes a page path. Used by the build,
// the host config and `ssg serve`; the rule itself is in paths.ts, which the runtime's links
// import to apply it in the browser.
import type { TrailingSlash } from './paths.ts';

export { type TrailingSlash, withTrailingSlash } from './paths.ts';

export const TRAILING_SLASH_VALUES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];
