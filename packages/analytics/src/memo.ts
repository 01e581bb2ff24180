/** A Map or WeakMap: where `memoized` keeps what it built. */
interface Cache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value cached under `key`; built by `build` and stored there on the first call. */
export function memoized<K, V>(cache: Cache<K, V>, key: K, build: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build();
    cache.set(key, value);
  }
  return value;
}
