/** The programmatic API of the framework (Node). The CLI is a thin shell over it. */

export { build } from './build.ts';
export { summary, terminalReporter } from './cli/reporter.ts';
export {
  defineConfig,
  type RuntimeCachingRule,
  type ServiceWorkerConfig,
  type SsgConfig,
} from './config/define-config.ts';
export { type DevOptions, dev } from './dev/dev-server.ts';
export { type ErrorCode, exitCodeOf, formatError, SsgError } from './errors.ts';
export { type RunningServer, type ServeHost, type ServeOptions, serve } from './serve/preview-server.ts';
export * from './site/index.ts';
export type {
  BuildOptions,
  BuildReporter,
  BuildResult,
  StageName,
  TrailingSlash,
} from './types.ts';
