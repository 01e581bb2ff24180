import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The state of a view in its URL, under the API's parameter names, so that a reload or a
 * shared link reproduces it. Values are strings; an empty value removes the parameter.
 */
export function useUrlState<K extends string>(
  keys: readonly K[],
): [
  Partial<Record<K, string>>,
  (next: Partial<Record<K, string | number | boolean | null | undefined>>, replace?: boolean) => void,
] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // A screen passes a new array each render; its contents are what count.
  const keyList = keys.join('&');
  const values = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    const current = new URLSearchParams(key);
    for (const k of keyList.split('&') as K[]) {
      const v = current.get(k);
      if (v !== null) out[k] = v;
    }
    return out;
  }, [key, keyList]);
  const update = useCallback(
    (next: Partial<Record<K, string | number | boolean | null | undefined>>, replace = false) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v === undefined || v === null || v === '') out.delete(k);
            else out.set(k, String(v));
          }
          return out;
        },
        { replace },
      );
    },
    [setParams],
  );
  return [values, update];
}
