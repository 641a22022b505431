// A page's or slice's render turned into an error that names it and the site's own code at fault.
import path from 'node:path';
import { SsgError } from '../errors.ts';
import { sourceMapped } from '../shared/source-frames.ts';
import type { RouteDefinition } from '../site/index.ts';

/**
 * The frames of an error's stack in the site's own code (read through the server bundle's source
 * maps, so they name the site's files and lines), with paths relative to the current folder.
 */
export function siteFrames(error: unknown): string[] {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map(sourceMapped)
    .filter((line) => !/node_modules|node:internal|\(native\)|\/\.ssg\/server\//.test(line))
    .slice(0, 8)
    .map((line) => line.trim().replaceAll(`${process.cwd()}${path.sep}`, ''));
}

/** Runs what reads a route's data, turning an exception of its `loadData` into an error naming the page. */
export function readingData<T>(route: RouteDefinition, read: () => T): T {
  if (!route.loadData) return read();
  try {
    return read();
  } catch (error) {
    throw new SsgError(
      'CONTENT_INVALID',
      `Reading the data of page ${route.path} failed: ${(error as Error).message}`,
      {
        hint: "Fix that route's loadData in src/site.ts, or the content it reads; the previous output was left untouched.",
        trace: siteFrames(error),
        cause: error,
      },
    );
  }
}

/** Renders, turning a component's exception into an error that names the page or slice. */
export function guard<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw new SsgError('RENDER_FAILED', `Rendering ${what} failed: ${(error as Error).message}`, {
      hint: 'Fix the component at the place above; the previous output was left untouched.',
      trace: siteFrames(error),
      cause: error,
    });
  }
}
