import { useState, type ChangeEvent } from 'react';

interface BoundInput {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The typed values of an admin form before it is sent: `inputs[key]` gives an input its value
 * and change handler; `trimmed()` the values as they are sent.
 */
export function useDraft<T extends Record<string, string>>(initial: T) {
  const [draft, setDraft] = useState(initial);
  const inputs = Object.fromEntries(
    Object.keys(initial).map((key) => [
      key,
      {
        value: draft[key] ?? '',
        onChange: (e) => setDraft((d) => ({ ...d, [key]: e.target.value })),
      } satisfies BoundInput,
    ]),
  ) as Record<keyof T, BoundInput>;
  const trimmed = () => Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as T;
  return { inputs, trimmed, reset: () => setDraft(initial) };
}
