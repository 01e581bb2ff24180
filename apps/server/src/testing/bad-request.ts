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
