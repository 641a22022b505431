// Strategy `proxied`: the tag runs in Partytown's Web Worker, the DOM reached through its proxy.
import { loadScript } from '@ssg/loader';
import { PROXY_LIB_PATH, WORKER_FALLBACK_MS } from '../shared/script-use.ts';
import { type ForwardMessage, forwardCalls } from './worker-forward.ts';

/** Partytown's configuration, read by its snippet (`partytown.js`) when it runs. */
interface PartytownConfig {
  lib: string;
  forward: string[];
  fallbackTimeout: number;
  debug: boolean;
}

/**
 * The queue the page's forwarded calls travel in, each `[path, args]` as JSON; Partytown forwards
 * its pushes. Text, because Partytown's own transfer turns `arguments` objects and Dates into
 * references to the page's objects, which a tag cannot read as values.
 */
const QUEUE = '_ssgForward';

type PartytownWindow = Window & {
  partytown?: PartytownConfig;
  [QUEUE]?: string[];
};

/** A forwarded call as text: `arguments` objects as `{ argumentsOf }`, Dates as `{ dateOf }`. */
function encodeCall(m: ForwardMessage): string {
  return JSON.stringify([m.path, m.args], function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { dateOf: raw.getTime() } : value;
  });
}

export interface ProxiedScriptOptions {
  src: string;
  /** Page calls copied to the tag's worker, e.g. `['dataLayer.push']` or `['gtag']`. */
  forward?: readonly string[];
  window?: Window;
}

/**
 * Runs first in Partytown's worker (its source is sent as text): each forwarded call is made
 * there, `arguments` objects (gtag's contract) and Dates rebuilt. Self-contained: it cannot see
 * this module.
 */
function receiveForwardedCalls(queue: string, paths: string[]): void {
  const global = window as unknown as Record<string, unknown>;
  // Partytown reads a global the worker lacks from the page: each forwarded root is the worker's
  // own (a tag must not see the page's `arguments` entries through the proxy, nor call back into it)
  for (const path of paths) {
    const names = path.split('.');
    global[names[0] as string] = names.length === 1 ? undefined : names[1] === 'push' ? [] : {};
  }
  const revive = (_key: string, value: unknown): unknown =>
    value && typeof value === 'object' && 'dateOf' in value
      ? new Date((value as { dateOf: number }).dateOf)
      : value;
  const call = (text: string) => {
    const [path, args] = JSON.parse(text, revive) as [string, unknown[]];
    const names = path.split('.');
    let owner = global;
    for (let i = 0; i < names.length - 1; i++) {
      const name = names[i] as string;
      owner[name] ??= names[i + 1] === 'push' ? [] : {};
      owner = owner[name] as Record<string, unknown>;
    }
    const fn = owner[names[names.length - 1] as string];
    const argumentsOf = function (..._values: unknown[]): IArguments {
      // biome-ignore lint/complexity/noArguments: gtag's contract is an arguments object
      return arguments;
    };
    const rebuilt = args.map((a) =>
      a && typeof a === 'object' && 'argumentsOf' in a
        ? argumentsOf(...(a as { argumentsOf: unknown[] }).argumentsOf)
        : a,
    );
    if (typeof fn === 'function') fn.apply(owner, rebuilt);
  };
  const queued = (global[queue] as string[] | undefined) ?? [];
  global[queue] = {
    push: (...calls: string[]) => {
      for (const c of calls) call(c);
      return 0;
    },
  };
  for (const c of queued) call(c);
}

/** Marks the snippet's element: Partytown starts once per document. */
const SNIPPET_ATTRIBUTE = 'data-ssg-partytown';

function partytownScript(doc: Document, text: { src: string } | { code: string }): HTMLElement {
  const script = doc.createElement('script');
  script.type = 'text/partytown';
  if ('src' in text) script.src = text.src;
  else script.textContent = text.code;
  return script;
}

/**
 * Hands the tag to Partytown: a `text/partytown` script the browser does not run, and Partytown's
 * snippet (copied into the output by the build) that runs it in its worker. The page's forwarded
 * calls, those made before included, reach the tag; the page's own calls still run. If the worker
 * never starts, Partytown runs the tag on the main thread after 10 s, as `worker-idle` does.
 */
export function runProxied(o: ProxiedScriptOptions): void {
  const win = (o.window ?? window) as PartytownWindow;
  const doc = win.document;
  // Partytown needs a service worker, which browsers give only to secure origins (https,
  // localhost): at a plain-http address (a phone on the LAN) the tag runs as `idle` would, reading
  // the page's own globals, and no inline script meets the page's policy.
  if (!win.isSecureContext || !('serviceWorker' in win.navigator)) {
    void loadScript({ src: o.src, strategy: 'idle', document: doc });
    return;
  }
  const first = !doc.querySelector(`script[${SNIPPET_ATTRIBUTE}]`);
  if (first) {
    win[QUEUE] ??= [];
    win.partytown = {
      lib: PROXY_LIB_PATH,
      forward: [`${QUEUE}.push`],
      fallbackTimeout: WORKER_FALLBACK_MS,
      debug: false,
    };
    const paths = JSON.stringify(o.forward ?? []);
    const code = `(${receiveForwardedCalls.toString()})(${JSON.stringify(QUEUE)},${paths})`;
    doc.head.append(partytownScript(doc, { code }));
  }
  // before the snippet runs, a plain array it replays; then Partytown's forwarding push
  const post = (m: ForwardMessage) => win[QUEUE]?.push(encodeCall(m));
  forwardCalls(win, o.forward ?? [], post);
  doc.head.append(partytownScript(doc, { src: o.src }));
  if (!first) {
    win.dispatchEvent(new CustomEvent('ptupdate'));
    return;
  }
  const lib = doc.createElement('script');
  lib.src = `${PROXY_LIB_PATH}partytown.js`;
  lib.setAttribute(SNIPPET_ATTRIBUTE, '');
  doc.head.append(lib);
}
