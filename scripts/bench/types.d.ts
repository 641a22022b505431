// The shapes the bench's files pass each other, declared once (the .mjs files name them in JSDoc).
import type { clientNavigation, lighthouse } from './browser.mjs';
import type { runBytes, runClinicBuild } from './clinic.mjs';
import type { runLoad } from './load.mjs';
import type { runScale } from './scale.mjs';

export type Log = (line: string) => void;

/** A table of the report: one row of cells per line, as many cells as headers. */
export interface Table {
  headers: string[];
  rows: (string | number)[][];
}

/** One block of the report: a title and a table or lines of text. */
export type ReportBlock = [title: string, body: Table | string[]];

/** What a section that threw records instead of its result. */
export interface Failed {
  error: string;
}

/** A static server on the loopback (static-server.mjs). */
export interface Served {
  url: string;
  close(): Promise<void>;
}

export interface Settings {
  sizes: number[];
  runs: number;
  tools: string[];
  bigTools: string[];
  clinicRuns: number;
  lighthouseRuns: number;
  navigationRuns: number;
}

/** What every section's `run` receives. */
export interface SectionContext {
  benchDir: string;
  repoRoot: string;
  settings: Settings;
  quick: boolean;
  log: Log;
  clinicOut: string;
  serveClinic(): Promise<Served>;
}

/** A section of bench.mjs's registry; `report` is a method so a section of any result fits. */
export interface Section<R = unknown> {
  name: string;
  run(ctx: SectionContext): R | Promise<R>;
  report?(result: R): ReportBlock[];
}

export interface Machine {
  date: string;
  nproc: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  os: string;
  loadAverageAtStart: number[];
  commit: string | null;
  dirty: boolean;
  chromium: string | null;
}

type Outcome<T> = Awaited<T> | Failed;

/** The JSON a run writes to .bench/results: the machine, the settings and each section's result. */
export interface BenchResult {
  machine: Machine;
  settings: Settings & { quick: boolean; only: string[] };
  totalSeconds?: number;
  scale?: Outcome<ReturnType<typeof runScale>>;
  clinic?: Outcome<ReturnType<typeof runClinicBuild>>;
  bytes?: Outcome<ReturnType<typeof runBytes>>;
  lighthouse?: Outcome<ReturnType<typeof lighthouse>>;
  navigation?: Outcome<ReturnType<typeof clientNavigation>>;
  load?: Outcome<ReturnType<typeof runLoad>>;
  /** The 1-minute load average at each section's start and end, by section name. */
  loadAverages?: Record<string, { start: number; end: number }>;
  /** The optional sections' results, under their names. */
  [section: string]: unknown;
}

/** What runMeasured resolves: a build's time, memory and bytes written (measure.mjs). */
export interface Measured {
  ok: boolean;
  code: number | null;
  ms: number;
  peakBytes: number;
  /** NaN when the counters could not be read. */
  writeBytes: number;
  wchar: number;
  timedOut: boolean;
  processes: { pid: number; name: string | undefined; peakBytes: number }[];
  error: string | undefined;
}

/** A stage's time, as BuildResult.stages holds it. */
export interface StageTime {
  name: string;
  ms: number;
}

/** The build process's peak RSS so far after a stage (ssg-build.mjs). */
export interface MemoryAt {
  stage: string;
  maxRssMb: number;
  rssMb?: number;
  heapUsedMb?: number;
}

/** The kinds of build of the scale section. */
export type Kind = 'cold' | 'warm' | 'changed';

/** A Node that runs a tool: the bench's own or the Node 22 of `.bench/node22`. */
export interface NodeRuntime {
  path: string;
  version: string;
}

/** A tool of the scale section (tools.mjs). */
export interface Tool {
  label: string;
  ours?: boolean;
  /** The kind of site bench/generate.mjs writes for it. */
  site: string;
  siteDir(n: number): string;
  prepare(log: Log): { version: string; node: NodeRuntime };
  outDir(site: string): string;
  cachePaths(site: string): string[];
  command(site: string, resultFile: string, node: NodeRuntime): { cmd: string; args: string[] };
  env?: Record<string, string>;
}

export interface Build {
  ms: number;
  peakBytes: number;
  writeBytes: number;
  wchar: number;
  load: number;
  processes: Measured['processes'];
}

export interface KindMedian {
  ms: number;
  peakBytes: number;
  writeBytes: number;
  load: number;
}

/** Another figure over this one, per kind of build (peers against ours, Node 20 against 22). */
export type Ratios = { node: string | undefined } & Partial<Record<Kind, number>>;

/** What the scale tables read of a tool's entry (report-scale.mjs). */
export interface ReportedEntry {
  label: string;
  ours?: boolean;
  version?: string;
  node?: string;
  skipped?: string;
  error?: string;
  timedOut?: { kind: Kind; minutes: number; load: number };
  median?: Partial<Record<Kind, KindMedian>>;
  oursFaster?: Ratios;
  vsOlderNode?: Ratios;
  warmIdentical?: (true | string)[];
  stageMedians?: Partial<Record<Kind, StageTime[] | null>>;
  memoryByStage?: Partial<Record<Kind, MemoryAt[][]>>;
}

/** One tool at one size, as the scale section records it. */
export interface ScaleEntry extends ReportedEntry {
  ours: boolean;
  builds: Record<Kind, Build[]>;
  bytesPerPage?: number;
  pagesPerSecond?: number;
  htmlFiles?: number;
  pagesBuilt?: number;
  stages?: Record<Kind, StageTime[][]>;
  memoryByStage?: Record<Kind, MemoryAt[][]>;
}

/** The scale section's result, or what of it the tables and charts read. */
export interface ScaleResult<E = ScaleEntry> {
  sizes: Record<string, { tools: Record<string, E> }>;
  runs: number;
  kinds?: Kind[];
}

declare global {
  interface Window {
    /** Set in the page by the navigation timing (browser.mjs, main-thread.mjs). */
    __navTiming?: Promise<ClickTiming>;
    __benchClick?: Promise<ClickTiming>;
  }
}

/** A click timed in the page: its timestamp, new content in the DOM, the frame after painted. */
export interface ClickTiming {
  clickAt: number;
  inDom: number;
  painted: number;
}
