// Registers the service worker, over https or on localhost only.
import { SW_INSECURE_MESSAGE, SW_OFFLINE_MESSAGE, SW_REDUNDANT_MESSAGE } from './constants.ts';
import { markUpdateInstalled } from './update-signal.ts';

export interface ServiceWorkerOptions {
  /** Default `/sw.js`. */
  url?: string;
  /** Default `navigator.serviceWorker`; absent in browsers without service workers. */
  container?: Pick<ServiceWorkerContainer, 'register' | 'controller'>;
  /** Default `location`. */
  location?: Pick<Location, 'protocol' | 'hostname'>;
  /** An updated worker has installed. Default: the next client navigation is a full load. */
  onUpdate?: () => void;
}

const LOCAL = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/**
 * Registers the service worker over https or on localhost only (elsewhere browsers refuse it).
 * Never throws: a site without a worker still works, it is only not available offline.
 */
export async function registerServiceWorker(
  o: ServiceWorkerOptions = {},
): Promise<ServiceWorkerRegistration | undefined> {
  const { protocol, hostname } = o.location ?? location;
  if (protocol !== 'https:' && !LOCAL.test(hostname)) {
    console.log(SW_INSECURE_MESSAGE);
    return;
  }
  const container = o.container ?? globalThis.navigator?.serviceWorker;
  if (!container) return;
  try {
    const reg = await container.register(o.url ?? '/sw.js');
    reg.onupdatefound = () => {
      // set when updatefound fires
      const worker = reg.installing as ServiceWorker;
      worker.onstatechange = () => {
        if (worker.state === 'redundant') console.error(SW_REDUNDANT_MESSAGE);
        if (worker.state !== 'installed') return;
        // a controller already exists: this worker replaces an older build's
        if (container.controller) (o.onUpdate ?? markUpdateInstalled)();
        else console.log(SW_OFFLINE_MESSAGE);
      };
    };
    return reg;
  } catch (e) {
    console.error(e);
  }
}
