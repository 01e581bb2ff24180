import nodeModule from 'node:module';

// Node 22.1+ (absent from Node 20 and its types): V8's compiled code kept on disk.
const withCache = nodeModule as typeof nodeModule & {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
};

/** Turns on Node's compile cache where Node has one; modules loaded afterwards use it. */
export function enableCompileCache(): void {
  withCache.enableCompileCache?.();
}

/** Writes what was compiled so far to the cache now, not only at a clean exit. */
export function flushCompileCache(): void {
  withCache.flushCompileCache?.();
}
