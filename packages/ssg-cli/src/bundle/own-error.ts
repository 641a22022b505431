// An SsgError a plugin of ours threw inside Vite/Rolldown, which wrap it and overwrite its code.
import { originalCode, SsgError } from '../errors.ts';

/** The SsgError inside a bundler failure: itself, one of Rolldown's `errors`, or a `cause`. */
function findOwn(error: unknown): SsgError | undefined {
  if (error instanceof SsgError) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { errors, cause } = error as { errors?: unknown; cause?: unknown };
  if (Array.isArray(errors))
    for (const inner of errors) {
      const own = findOwn(inner);
      if (own) return own;
    }
  return cause === undefined ? undefined : findOwn(cause);
}

/**
 * The framework's own error inside a bundler failure, as it was thrown (code, hint, file), so it
 * reaches the user instead of a generic BUNDLE_FAILED with the bundler's `PLUGIN_ERROR` code.
 */
export function ownError(error: unknown): SsgError | undefined {
  const own = findOwn(error);
  if (!own) return undefined;
  return new SsgError(originalCode(own), own.message, {
    hint: own.hint,
    file: own.file,
    issues: [...own.issues],
    trace: [...own.trace],
    cause: error,
  });
}
