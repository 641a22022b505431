/**
 * Reads a Chromium trace (puppeteer's page.tracing) for the main-thread section: the page's
 * renderer main thread, its top-level tasks, the longest one and what ran inside it.
 */

/**
 * One event of Chrome's trace format, with the fields read here.
 * @typedef {{ name: string, ph?: string, cat?: string, pid: number, tid: number, ts: number,
 *   dur?: number, tdur?: number, args?: { name?: string, beginData?: { url?: string },
 *   data?: { url?: string, fileName?: string, functionName?: string,
 *     stackTrace?: { url?: string }[] } } }} TraceEvent
 */
/** A complete ('X') event: it has a duration. @typedef {TraceEvent & { dur: number }} Task */

/** Trace categories for top-level tasks, script, style/layout/paint and user-timing marks. Not
 * disabled-by-default-devtools.timeline: it makes V8 collect source positions while modules evaluate
 * (605 of a 655 ms evaluateModule at 4×), a cost no visitor pays. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

const LONG_TASK_MS = 50;
// A top-level task of the scheduler, as the 'toplevel' category names it.
/** @type {(e: TraceEvent) => e is Task} */
const isTask = (e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask';
// The scheduler's own frames around every task: what ran inside them is the interesting part.
const WRAPPER = /RunTask|ThreadController|Scheduler|V8\.|Receive mojo|SequenceManager/;
// A task whose largest part is script (module evaluation, a call, a timer, an event, a frame).
const SCRIPT =
  /^(v8\.|FunctionCall|EvaluateScript|TimerFire|EventDispatch|FireAnimationFrame|RunMicrotasks)/;

/** @type {(trace: Uint8Array) => TraceEvent[]} */
const parseTrace = (trace) => JSON.parse(Buffer.from(trace).toString('utf8')).traceEvents;
// Thread CPU time: at a CPU slowdown it includes the slowdown, not the other processes' load.
const cpuMs = (/** @type {TraceEvent | undefined} */ t) => (t?.tdur ?? Number.NaN) / 1000;

/**
 * The main thread that parsed the document at `url` (else the page's one): its pid and tid.
 * @param {TraceEvent[]} events
 * @param {string} url
 */
function mainThreadOf(events, url) {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(url),
  );
  if (parse) return { pid: parse.pid, tid: parse.tid };
  const named = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!named) throw new Error(`the trace has no renderer main thread for ${url}`);
  return { pid: named.pid, tid: named.tid };
}

/**
 * What ran at the top of a task: its direct children, longest first, with a script's URL.
 * @param {Task} task
 * @param {TraceEvent[]} events
 */
function insideOf(task, events) {
  const end = task.ts + task.dur;
  const inside = events
    .filter(
      (e) =>
        e !== task &&
        e.ph === 'X' &&
        !WRAPPER.test(e.name) &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  /** @type {TraceEvent[]} */
  const top = [];
  let until = -1;
  for (const e of inside) {
    if (e.ts < until) continue; // nested inside the previous direct child
    top.push(e);
    until = e.ts + (e.dur ?? 0);
  }
  // Ordered and shown by thread CPU time where the trace has it (wall time otherwise).
  const cost = (/** @type {TraceEvent} */ e) => (e.tdur ?? e.dur ?? 0) / 1000;
  return top
    .sort((a, b) => cost(b) - cost(a))
    .slice(0, 4)
    .map((e) => {
      const d = e.args?.data ?? {};
      const where = d.url ?? d.fileName ?? d.stackTrace?.[0]?.url ?? '';
      const fn = d.functionName ? ` ${d.functionName}` : '';
      const file = where ? ` ${String(where).split('/').pop()}` : '';
      return `${e.name}${fn}${file} ${cost(e).toFixed(1)} ms`;
    });
}

/**
 * The main thread's top-level tasks from the document's parse on: the longest, how many exceed
 * 50 ms, their blocking time (the part over 50 ms, as TBT counts it), the longest before the
 * `mark` (a user-timing mark the page set, e.g. when hydration committed) and what ran in it.
 * @param {Uint8Array} trace
 * @param {string} url
 * @param {string} mark
 */
export function longTasks(trace, url, mark) {
  const events = parseTrace(trace);
  const thread = mainThreadOf(events, url);
  const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const start = Math.min(
    ...own.filter((e) => e.name === 'ParseHTML').map((e) => e.ts),
    Number.POSITIVE_INFINITY,
  );
  const marked = own.find((e) => e.name === mark && e.cat?.includes('blink.user_timing'));
  const tasks = own
    .filter(isTask)
    .filter((e) => e.ts + e.dur >= start)
    .sort((a, b) => b.dur - a.dur);
  const longest = tasks[0];
  const beforeMark = marked ? tasks.find((t) => t.ts <= marked.ts) : undefined;
  const ms = (/** @type {Task | undefined} */ t) => (t ? t.dur / 1000 : Number.NaN);
  const long = tasks.filter((t) => t.dur / 1000 > LONG_TASK_MS);
  const byCpu = [...tasks].sort((a, b) => cpuMs(b) - cpuMs(a));
  const longestScript = byCpu.find((t) => SCRIPT.test(insideOf(t, own)[0] ?? ''));
  return {
    longestMs: ms(longest),
    longestCpuMs: cpuMs(byCpu[0]),
    longestScriptCpuMs: cpuMs(longestScript),
    longestCpuInside: byCpu[0] ? insideOf(byCpu[0], own) : [],
    longestScriptInside: longestScript ? insideOf(longestScript, own) : [],
    longestToMarkMs: ms(beforeMark),
    markAtMs: marked && Number.isFinite(start) ? (marked.ts - start) / 1000 : Number.NaN,
    over50: long.length,
    blockingMs: long.reduce((sum, t) => sum + t.dur / 1000 - LONG_TASK_MS, 0),
    tasks: tasks.length,
    longestInside: longest ? insideOf(longest, own) : [],
    top: tasks.slice(0, 5).map((t) => Math.round(t.dur / 100) / 10),
  };
}

/**
 * The main thread between two user-timing marks (a click and the paint after it): its tasks'
 * thread CPU time, summed, and the largest task with what ran in it.
 * @param {Uint8Array} trace
 * @param {string} from
 * @param {string} to
 */
export function spanBetween(trace, from, to) {
  const events = parseTrace(trace);
  const mark = (/** @type {string} */ name) =>
    events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  const a = mark(from);
  const b = mark(to);
  const own = a ? events.filter((e) => e.pid === a.pid && e.tid === a.tid) : [];
  if (!a || !b) return { cpuMs: Number.NaN, largestCpuMs: Number.NaN, largestInside: [] };
  const tasks = own.filter(isTask).filter((e) => e.ts + e.dur >= a.ts && e.ts <= b.ts);
  const largest = [...tasks].sort((x, y) => cpuMs(y) - cpuMs(x))[0];
  return {
    cpuMs: tasks.reduce((sum, t) => sum + (cpuMs(t) || 0), 0),
    largestCpuMs: cpuMs(largest),
    largestInside: largest ? insideOf(largest, own) : [],
  };
}

/**
 * The main thread's top-level tasks from the first request for an address containing `part` (a
 * third-party tag, asked for by the page or by a worker) to the end of the trace: those over 50
 * ms, their total, their blocking time and the longest. The page's earlier work is left out.
 * @param {Uint8Array} trace
 * @param {string} url the page's address
 * @param {string} part
 */
export function tasksFromRequest(trace, url, part) {
  const events = parseTrace(trace);
  const thread = mainThreadOf(events, url);
  const asked = events.find(
    (e) => e.name === 'ResourceSendRequest' && String(e.args?.data?.url ?? '').includes(part),
  );
  if (!asked) throw new Error(`the trace has no request for ${part}`);
  const tasks = events
    .filter((e) => e.pid === thread.pid && e.tid === thread.tid)
    .filter(isTask)
    .filter((e) => e.ts + e.dur >= asked.ts);
  const long = tasks.filter((t) => t.dur / 1000 > LONG_TASK_MS);
  return {
    over50: long.length,
    totalMs: long.reduce((sum, t) => sum + t.dur / 1000, 0),
    blockingMs: long.reduce((sum, t) => sum + t.dur / 1000 - LONG_TASK_MS, 0),
    longestMs: Math.max(0, ...tasks.map((t) => t.dur / 1000)),
  };
}
