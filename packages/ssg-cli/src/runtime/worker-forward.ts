/** One page call copied to the worker: the global path called and its arguments. */
export interface ForwardMessage {
  path: string;
  args: unknown[];
}

type Callable = (...args: unknown[]) => unknown;
type Bag = Record<string, unknown>;

const isArguments = (v: unknown): v is IArguments =>
  Object.prototype.toString.call(v) === '[object Arguments]';

/** `arguments` objects (gtag's contract) cross as `{ argumentsOf }`; the worker rebuilds them. */
const cloneable = (args: unknown[]): unknown[] =>
  args.map((a) => (isArguments(a) ? { argumentsOf: Array.from(a) } : a));

/**
 * Wraps each forwarded global (`dataLayer.push`, `gtag`) so that every call also reaches `post`;
 * an array's entries made before are sent first. Returns a function that restores the originals.
 */
export function forwardCalls(
  win: object,
  paths: readonly string[],
  post: (message: ForwardMessage) => void,
): () => void {
  const send = (path: string, args: unknown[]) => {
    const message = { path, args: cloneable(args) };
    try {
      post(message);
    } catch {
      // functions or DOM nodes cannot be cloned: their JSON shape still carries the data
      post(JSON.parse(JSON.stringify(message)) as ForwardMessage);
    }
  };
  const restores = paths.map((path) => {
    const names = path.split('.');
    const last = names.pop() ?? path;
    let owner = win as Bag;
    for (const name of names) {
      owner[name] ??= [];
      owner = owner[name] as Bag;
    }
    const own = Object.hasOwn(owner, last);
    const original = owner[last] as Callable | undefined;
    if (last === 'push' && Array.isArray(owner)) for (const entry of owner) send(path, [entry]);
    const wrapped = (...args: unknown[]) => {
      send(path, args);
      return original?.apply(owner, args);
    };
    owner[last] = wrapped;
    return () => {
      if (owner[last] !== wrapped) return; // replaced since: not ours to undo
      if (own) owner[last] = original;
      else delete owner[last];
    };
  });
  return () => {
    for (const restore of restores) restore();
  };
}
