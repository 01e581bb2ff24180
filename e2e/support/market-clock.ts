import { lastCompletedSession } from '@solstice/analytics';
import { afterTheClose } from '../../apps/server/src/modules/market/update/update-schedule.js';

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;

/**
 * JSON requests to a running server as the holder of `cookie()` (same-origin, as the web app
 * sends them). Both are asked at each request: tests start the server and sign in later.
 */
export function serverApi(baseUrl: () => string, cookie: () => string): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl() + path, {
      method,
      headers: {
        cookie: cookie(),
        origin: baseUrl(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/**
 * Moves the server's test-mode clock forward to `at` (an admin's billing test clock); the
 * endpoint runs the jobs that became due. Returns the status of the move (200, or 0 when
 * the clock was already there).
 */
export async function moveClockTo(api: Api, at: number): Promise<number> {
  const now = Date.parse(
    (await api<{ now: string }>('POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: 1 })).body.now,
  );
  const seconds = Math.ceil((at - now) / 1000);
  if (seconds < 1) return 0;
  return (await api('POST', '/api/v1/admin/billing/test-clock', { advanceSeconds: seconds })).status;
}

/** The first scheduled daily update (at `updateTime`, New York) after `from` that brings a session later than `after`. */
export function runBringing(updateTime: string, after: string, from: number): { at: number; session: string } {
  const next = afterTheClose(updateTime);
  for (let at = next(from); ; at = next(at)) {
    const session = lastCompletedSession(at + 60_000);
    if (session > after) return { at, session };
  }
}
