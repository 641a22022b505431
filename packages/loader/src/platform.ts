/** The browser facilities the loader uses, each injectable so that logic runs in Node with fakes. */

/** The part of the Network Information API the loader reads. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The part of a fetch `Response` the loader reads. */
export interface FetchResponse {
  status: number;
  json(): Promise<unknown>;
}

/** The part of `navigator` the loader reads, live: connection and onLine change during a visit. */
export interface NavigatorLike {
  userAgent: string;
  onLine: boolean;
  connection?: ConnectionInfo;
}

/** Where `visibilitychange` events come from (`document` in a browser). */
export interface VisibilitySource {
  hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface Platform {
  fetch: (url: string, init?: { method?: string }) => Promise<FetchResponse>;
  setTimeout: (callback: () => void, ms: number) => unknown;
  requestIdleCallback: (callback: () => void) => unknown;
  navigator: NavigatorLike;
  /** A getter, because reading `window.sessionStorage` itself throws when storage is blocked. */
  storage: () => StorageLike | undefined;
  /** `assign` is a full browser navigation. */
  location: Pick<Location, 'assign' | 'reload'>;
  now: () => number;
  visibility: VisibilitySource | undefined;
}

/** The browser's own platform; read lazily, so that importing this module works anywhere. */
export function browserPlatform(): Platform {
  const g = globalThis;
  return {
    fetch: (url, init) => fetch(url, init),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    requestIdleCallback: (callback) => (g.requestIdleCallback ?? setTimeout)(callback),
    navigator: g.navigator,
    storage: () => sessionStorage,
    location: g.location,
    now: Date.now,
    visibility: g.document,
  };
}
