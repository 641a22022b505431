// Strategy `proxied`: the tag runs in Partytown's Web Worker, the DOM reached through its proxy.
import { PROXY_LIB_PATH } from '../shared/script-use.ts';
import { WORKER_FALLBACK_MS } from './worker-script.ts';

/** A forwarded call as Partytown takes it: the page's own call keeps running on the main thread. */
type ForwardSetting = [path: string, settings: { preserveBehavior: boolean }];

/** Partytown's configuration, read by its snippet (`partytown.js`) when it runs. */
interface PartytownConfig {
  lib: string;
  forward: ForwardSetting[];
  fallbackTimeout: number;
  debug: boolean;
}

type PartytownWindow = Window & { partytown?: PartytownConfig };

export interface ProxiedScriptOptions {
  src: string;
  /** Page calls copied to the tag's worker, e.g. `['dataLayer.push']` or `['gtag']`. */
  forward?: readonly string[];
  window?: Window;
}

/** Marks the snippet's element: Partytown starts once per document. */
const SNIPPET_ATTRIBUTE = 'data-ssg-partytown';

/**
 * Hands the tag to Partytown: a `text/partytown` script the browser does not run, and Partytown's
 * snippet (copied into the output by the build) that runs it in its worker. Calls the page made
 * before (already on `dataLayer`) reach the tag too; if the worker never starts, Partytown runs
 * the tag on the main thread after 10 s, as `worker-idle` does.
 */
export function runProxied(o: ProxiedScriptOptions): void {
  const win = (o.window ?? window) as PartytownWindow;
  const doc = win.document;
  const tag = doc.createElement('script');
  tag.type = 'text/partytown';
  tag.src = o.src;
  const forward = (o.forward ?? []).map(
    (path): ForwardSetting => [path, { preserveBehavior: true }],
  );
  const snippet = doc.querySelector(`script[${SNIPPET_ATTRIBUTE}]`);
  if (snippet) {
    // the snippet set its forwarding up when it ran: a later tag's paths are added while it loads
    if (snippet.getAttribute(SNIPPET_ATTRIBUTE) === 'loading')
      win.partytown?.forward.push(...forward);
    doc.head.append(tag);
    win.dispatchEvent(new CustomEvent('ptupdate'));
    return;
  }
  win.partytown = {
    lib: PROXY_LIB_PATH,
    forward,
    fallbackTimeout: WORKER_FALLBACK_MS,
    debug: false,
  };
  doc.head.append(tag);
  const lib = doc.createElement('script');
  lib.src = `${PROXY_LIB_PATH}partytown.js`;
  lib.setAttribute(SNIPPET_ATTRIBUTE, 'loading');
  lib.onload = () => lib.setAttribute(SNIPPET_ATTRIBUTE, 'ran');
  doc.head.append(lib);
}
