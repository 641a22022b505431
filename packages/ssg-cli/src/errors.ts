// The one error class of the framework, SsgError, its codes and how errors are printed.

/** A problem found in content; every problem of a run is collected and printed. */
export interface ContentIssue {
  /** File, relative to the content folder, e.g. `company.json`. */
  file: string;
  /** JSON path inside the file, e.g. `units[2].whats`; empty for the whole file. */
  path: string;
  /** What was found, shown as JSON (`undefined` when missing). */
  value?: unknown;
  /** Whole sentence: what is expected and how to fix it. */
  message: string;
}

/** Stable codes: scripts and tests match on these, never on message text. */
export type ErrorCode =
  | 'USAGE'
  | 'CONFIG'
  | 'CONTENT_INVALID'
  | 'ROUTES_INVALID'
  | 'BUNDLE_FAILED'
  | 'RENDER_FAILED'
  | 'PAGE_DATA_TOO_LARGE'
  | 'QUERY_DATA_TOO_LARGE'
  | 'EMIT_FAILED'
  | 'SWAP_FAILED'
  | 'LINK_REFUSED'
  | 'PORT_IN_USE'
  | 'INIT_TARGET_NOT_EMPTY'
  | 'IMAGE_ENCODER_FAILED'
  | ImageErrorCode;

/** The image pipeline's codes (image/): file, field and value are in each message. */
export type ImageErrorCode =
  | 'IMAGE_OUTSIDE_CONTENT'
  | 'IMAGE_NOT_FOUND'
  | 'IMAGE_UNSUPPORTED'
  | 'IMAGE_CORRUPT'
  | 'IMAGE_TOO_SMALL'
  | 'SCRIPT_PROXY_MISSING';

/** Codes of errors in how the command was called: exit code 2, the command can be run again changed. */
const USAGE_CODES: ReadonlySet<ErrorCode> = new Set([
  'USAGE',
  'PORT_IN_USE',
  'INIT_TARGET_NOT_EMPTY',
]);

/** Exit code of the CLI per error code: 2 for usage errors, 1 for everything else. */
export const exitCodeOf = (code: ErrorCode): number => (USAGE_CODES.has(code) ? 2 : 1);

/**
 * The one error type of the framework. `message` is a whole sentence naming the value and what
 * is expected; `hint` says how to fix it; content problems carry every issue of the run.
 */
/** The code each error was made with: bundlers overwrite `code` on errors thrown inside their plugins. */
const CODES = new WeakMap<SsgError, ErrorCode>();

export class SsgError extends Error {
  override readonly name = 'SsgError';
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly file: string | undefined;
  readonly issues: readonly ContentIssue[];
  /** Lines printed under the message, e.g. where in the site's code a render failed. */
  readonly trace: readonly string[];

  constructor(
    code: ErrorCode,
    message: string,
    details: {
      hint?: string;
      file?: string;
      issues?: ContentIssue[];
      trace?: string[];
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    CODES.set(this, code);
    this.hint = details.hint;
    this.file = details.file;
    this.issues = details.issues ?? [];
    this.trace = details.trace ?? [];
  }
}

/** The code `error` was made with, whatever a bundler wrote over its `code` since. */
export function originalCode(error: SsgError): ErrorCode {
  return CODES.get(error) ?? error.code;
}

/** Shows a value the way it appears in JSON, shortened: `"1199"`, `42`, `(missing)`. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** How `formatError` marks its parts on a terminal (picocolors' functions); plain by default. */
export interface ErrorStyle {
  red(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

const plain = (text: string): string => text;
const PLAIN: ErrorStyle = { red: plain, bold: plain, dim: plain };

/**
 * The text printed for an error: `ssg: [CODE] message` (the code is what ERRORS.md is
 * searched by), every content issue, then the hint.
 */
export function formatError(error: unknown, style: ErrorStyle = PLAIN): string {
  const head = style.red(style.bold('ssg:'));
  if (!(error instanceof SsgError)) {
    const err = error instanceof Error ? error : new Error(String(error));
    return `${head} unexpected error: ${err.stack ?? err.message}`;
  }
  const lines = [`${head} ${style.red(`[${error.code}]`)} ${error.message}`];
  for (const issue of error.issues) {
    const where = issue.path ? `${issue.file} at ${issue.path}` : issue.file;
    const value = issue.value !== undefined ? ` (found ${showValue(issue.value)})` : '';
    lines.push(`  - ${where}${value}: ${issue.message}`);
  }
  for (const line of error.trace) lines.push(`    ${line}`);
  if (error.hint) lines.push(style.dim(`  hint: ${error.hint}`));
  return lines.join('\n');
}
