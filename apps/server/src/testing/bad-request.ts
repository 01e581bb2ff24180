import { expect } from 'vitest';

/** Asserts a 400 whose error is `bad_request` with this message and these details. */
export function expectBadRequest(
  res: { statusCode: number; json: () => unknown },
  message: string,
  details: Record<string, unknown>,
): void {
  expect(res.statusCode).toBe(400);
  expect((res.json() as { error: unknown }).error).toEqual({ code: 'bad_request', message, details });
}

/** Asserts a 400 `validation_failed` with one issue, at `path`, whose message contains `words`; `label` names the case. */
export function expectValidationIssue(
  res: { statusCode: number; json: () => unknown },
  path: string,
  words: string,
  label = path,
): void {
  expect(res.statusCode, label).toBe(400);
  const { error } = res.json() as { error: { code: string; details: { issues: unknown } } };
  expect(error.code, label).toBe('validation_failed');
  expect(error.details.issues, label).toEqual([{ path, message: expect.stringContaining(words) }]);
}
