import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useSavedForm, type FormName } from '../shell';
import { useUrlState } from './url-state';

/**
 * A screen's form: filled from the URL when it has the view's parameters, else from the
 * remembered form, else the defaults; submitting writes the URL (which runs the query) and
 * remembers the form.
 */
export function useScreenForm<K extends string>(
  keys: readonly K[],
  formName: FormName | null,
  defaults: Record<K, string>,
) {
  const [url, setUrl] = useUrlState(keys);
  const [saved, save] = useSavedForm<Record<string, unknown>>(formName);
  const fromUrl = keys.some((k) => url[k] !== undefined);
  const pick = (source: Record<string, unknown> | undefined): Record<K, string> => {
    const out = { ...defaults };
    if (source) for (const k of keys) if (typeof source[k] === 'string') out[k] = source[k] as string;
    return out;
  };
  const [form, setForm] = useState<Record<K, string>>(() => pick(fromUrl ? url : saved));
  const urlKey = JSON.stringify(url);
  const latest = useRef({ fromUrl, url, pick });
  latest.current = { fromUrl, url, pick };
  useEffect(() => {
    // back/forward or a link changed the URL: show its values in the form
    const now = latest.current;
    if (now.fromUrl) setForm(now.pick(now.url));
  }, [urlKey]);

  const field = (key: K) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value })),
  });
  const submit = (values: Record<K, string> = form) => {
    save(values);
    setUrl(values);
  };
  return { url, fromUrl, form, setForm, field, submit, setUrl };
}
