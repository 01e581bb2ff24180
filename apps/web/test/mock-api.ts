import { vi } from 'vitest';
import type { MeResponse } from '@solstice/contracts';

export type Handler = (req: {
  method: string;
  url: URL;
  body: unknown;
}) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Answers fetch by "METHOD /path" (no query); anything else is a 599 the test will see. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname + url.search, body });
    const handler = handlers[`${method} ${url.pathname}`];
    const res = handler
      ? await handler({ method, url, body })
      : { status: 599, body: { error: { code: 'x', message: `unmocked ${method} ${url.pathname}` } } };
    return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
      status: res.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, restore: () => spy.mockRestore() };
}

export function session(overrides: Partial<MeResponse['data']> = {}): MeResponse {
  return {
    data: {
      id: 1,
      email: 'ayse@example.com',
      username: 'ayse',
      locale: 'tr-TR',
      timeZone: 'Europe/Istanbul',
      layout: {},
      tutorialSeen: true,
      createdAt: 0,
      ...overrides,
    },
    roles: ['member'],
    subscriber: false,
  };
}

/** A 400 validation_failed answer: `message` for the field at `path`, `summary` as the error's message. */
export function validationFailed(path: string, message: string, summary = message) {
  return {
    status: 400,
    body: { error: { code: 'validation_failed', message: summary, details: { issues: [{ path, message }] } } },
  };
}

export const unauthorized = { status: 401, body: { error: { code: 'unauthorized', message: 'Sign in first.' } } };
