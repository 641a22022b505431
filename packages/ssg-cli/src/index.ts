/**
 * `@ssg/cli`: the programmatic API of the framework, for Node (the CLI is a thin shell over it).
 * What a site is written with (`defineSite`, `defineBrowser`, `defineStaticQuery`, the props and
 * content types) is `@ssg/cli/site`; the browser's React code is `@ssg/cli/runtime`.
 */

// the commands
export { build } from './build.ts';
// errors and how the CLI prints a build
export { summary, type TerminalReporter, terminalReporter } from './cli/reporter.ts';
// ssg.config.ts
export {
  type CspConfig,
  defineConfig,
  type HstsConfig,
  type RuntimeCachingRule,
  type ServiceWorkerConfig,
  type SsgConfig,
} from './config/define-config.ts';
export { type DevOptions, dev } from './dev/dev-server.ts';
export {
  type ContentIssue,
  type ErrorCode,
  exitCodeOf,
  formatError,
  type ImageErrorCode,
  SsgError,
} from './errors.ts';
export {
  type RunningServer,
  type ServeHost,
  type ServeOptions,
  serve,
} from './serve/preview-server.ts';
export type {
  BuildOptions,
  BuildReporter,
  BuildResult,
  CompressMode,
  OutputBytes,
  StageName,
  TrailingSlash,
} from './types.ts';
