/**
 * Stage "service-worker": `sw.js` with this build's settings and precache list
 * (generate-service-worker.ts), and the offline page the host config serves (offline-page.ts).
 */
export {
  generateServiceWorker,
  isPrecached,
  md5,
  precachedPageFiles,
  type ServiceWorkerInput,
  unregisteringWorker,
} from './generate-service-worker.ts';
export { offlinePageOf } from './offline-page.ts';
