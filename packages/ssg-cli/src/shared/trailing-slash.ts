// The trailing-slash rule of a site: its values and how it shapes a page path. Used by the build,
// the host config and `ssg serve`; the rule itself is the runtime's (runtime/paths.ts), whose
// links apply it in the browser.
import type { TrailingSlash } from '../runtime/paths.ts';

export { type TrailingSlash, withTrailingSlash } from '../runtime/paths.ts';

export const TRAILING_SLASH_VALUES: readonly TrailingSlash[] = ['always', 'never', 'ignore'];
