import type { z } from 'zod';
import type { FieldIssue } from '@solstice/contracts';
import { validationFailed } from './errors.js';

export type InputPlace = 'body' | 'query' | 'params' | 'headers';

/** Parses request input with a contract schema; a failure is a 400 naming every bad field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, place: InputPlace): z.infer<S> {
  const result = schema.safeParse(value ?? (place === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => {
    const rest = issue.path.map(String).join('.');
    const path = rest ? `${place}.${rest}` : place;
    if (issue.code === 'unrecognized_keys') {
      return { path, message: `unknown field(s): ${issue.keys.join(', ')}` };
    }
    return { path, message: issue.message };
  });
  const first = issues[0];
  const message =
    issues.length === 1 && first
      ? `Invalid ${first.path}: ${first.message}`
      : `Invalid ${place}: ${issues.length} problems`;
  throw validationFailed(message, issues);
}
