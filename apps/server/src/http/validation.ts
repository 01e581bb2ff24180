import type { z } from 'zod';
import { NUL_MESSAGE, nulPaths, type FieldIssue } from '@solstice/contracts';
import { validationFailed } from './errors.js';

export type InputPlace = 'body' | 'query' | 'params' | 'headers';

const fieldPath = (place: InputPlace, path: readonly PropertyKey[]) =>
  path.length > 0 ? `${place}.${path.map(String).join('.')}` : place;

function invalid(place: InputPlace, issues: FieldIssue[]): never {
  const first = issues[0];
  const message =
    issues.length === 1 && first
      ? `Invalid ${first.path}: ${first.message}`
      : `Invalid ${place}: ${issues.length} problems`;
  throw validationFailed(message, issues);
}

/**
 * Parses request input with a contract schema; a failure is a 400 naming every bad field.
 * Every route reads its input through here, so NUL is refused here for every string of
 * every schema (PostgreSQL cannot store it) before a schema or a query sees it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, place: InputPlace): z.infer<S> {
  const input = value ?? (place === 'body' ? undefined : {});
  const nul = nulPaths(input).map((path) => ({ path: fieldPath(place, path), message: NUL_MESSAGE }));
  if (nul.length > 0) invalid(place, nul);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  invalid(
    place,
    result.error.issues.map((issue) => {
      const path = fieldPath(place, issue.path);
      if (issue.code === 'unrecognized_keys') return { path, message: `unknown field(s): ${issue.keys.join(', ')}` };
      return { path, message: issue.message };
    }),
  );
}
