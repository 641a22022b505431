/**
 * Stage "emit": the build's files in memory (output.ts, with the compilation hash and build id),
 * written into the staging folder (write-output.ts) with the site's copied folders, the host
 * config and the recent builds' chunks (emit.ts); a file the last build wrote alike is linked
 * (reuse-files.ts). What it asks of the incremental cache is `EmitReuse` (reuse.ts).
 */
export { clientSiblingsAhead } from './compress.ts';
export { compressedDirOf } from './compress-memo.ts';
export { type EmitInput, type Emitted, emit } from './emit.ts';
export type { InlineRecord } from './inline-record.ts';
export { outputFiles } from './output.ts';
export { proxyLibFiles } from './proxy-lib.ts';
export type {
  CompilationMemo,
  EmitReuse,
  Memo,
  Patch,
  PatchQuery,
} from './reuse.ts';
export type { Reuse } from './reuse-files.ts';
export { writePlanOf } from './write-plan.ts';
