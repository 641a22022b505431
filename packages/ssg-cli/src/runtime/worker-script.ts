import { loadScript } from '@ssg/loader';
import { WORKER_FALLBACK_MS } from '../shared/script-use.ts';
import { forwardCalls } from './worker-forward.ts';

export interface WorkerScriptOptions {
  src: string;
  /**
   * Page calls copied to the worker, each a global path: `dataLayer.push` (an array's push) or
   * `gtag` (a function). The page's own call still runs, so the main thread keeps the record.
   */
  forward?: readonly string[];
  /** The worker's silence after which the script runs on the main thread. Default 10 000 ms. */
  fallbackMs?: number;
  window?: Window & typeof globalThis;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** Default the global `Worker`; the script runs in one made from a Blob via `importScripts`. */
  Worker?: new (
    url: string,
  ) => Worker;
  /** The main-thread fallback; default the loader's `loadScript` with the `idle` strategy. */
  onMainThread?: (src: string) => Promise<boolean>;
}

/** What the worker reports: the script ran, it threw (it needs the DOM, say), or it is unreachable. */
const RAN = 1;
const UNREACHABLE = -1;

/**
 * The worker's bootstrap. A cross-origin script that throws surfaces from `importScripts` as a
 * NetworkError (its errors are muted), so a no-cors fetch first tells "unreachable" from "threw".
 * Forwarded calls wait in a queue until the script has run, then land on the worker's globals.
 */
function bootstrap(src: string): string {
  return `var q=[],ready=0;function call(d){var p=d.path.split("."),o=self,i=0;for(;i<p.length-1;i++)o=o[p[i]]=o[p[i]]||[];var f=o[p[i]];if(typeof f==="function")f.apply(o,d.args.map(function(a){return a&&a.argumentsOf?(function(){return arguments}).apply(null,a.argumentsOf):a}))}onmessage=function(e){ready?call(e.data):q.push(e.data)};fetch(${JSON.stringify(src)},{mode:"no-cors"}).then(function(){try{importScripts(${JSON.stringify(src)})}catch(e){return postMessage(0)}ready=1;q.forEach(call);postMessage(${RAN})},function(){postMessage(${UNREACHABLE})})`;
}

/**
 * Strategy `worker-idle`: the script runs in a dedicated Web Worker (no DOM) with the page's
 * forwarded calls; when it cannot run there (it needs `window` or `document`, the worker is
 * forbidden, or it stays silent) it runs on the main thread when idle, with every call the page
 * made still in the page's queue. Resolves true when it ran somewhere; never throws.
 */
export async function runInWorker(o: WorkerScriptOptions): Promise<boolean> {
  const win = o.window ?? window;
  const src = new URL(o.src, win.document.baseURI).href;
  const wait = o.setTimeout ?? win.setTimeout.bind(win);
  let worker: Worker | undefined;
  let unforward = () => {};

  const ran = await new Promise<unknown>((resolve) => {
    wait(() => resolve(0), o.fallbackMs ?? WORKER_FALLBACK_MS);
    try {
      const url = URL.createObjectURL(new Blob([bootstrap(src)], { type: 'text/javascript' }));
      const started = new (o.Worker ?? Worker)(url);
      worker = started;
      started.onmessage = (e) => resolve(e.data);
      started.onerror = (e) => {
        e.preventDefault(); // the visitor never sees errors of third-party code
        resolve(0);
      };
      unforward = forwardCalls(win, o.forward ?? [], (message) => started.postMessage(message));
    } catch {
      resolve(0); // no Worker, or a CSP that forbids blob workers
    }
  });
  if (ran === RAN) return true;
  unforward();
  worker?.terminate();
  // unreachable from the worker (offline, blocked): the main thread would only fail the same way
  if (ran === UNREACHABLE) return false;
  return (o.onMainThread ?? ((s) => loadScript({ src: s, strategy: 'idle' })))(src);
}
