/** The programmatic API of the framework (Node). The CLI is a thin shell over it. */
export { build } from './build/build.ts';
export type { BuildOptions, BuildReporter, BuildResult, StageName, TrailingSlash } from './build/context.ts';
export { summary, terminalReporter } from './build/reporter.ts';
export { SsgError, formatError, exitCodeOf, type ErrorCode } from './errors.ts';
export { serve, type ServeOptions } from './serve/server.ts';
export { dev, type DevOptions } from './dev/dev-server.ts';
export * from './site/index.ts';
