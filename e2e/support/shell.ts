import type { BrowserContext, Page, Route } from 'playwright-core';

/** The store key of the web app (specification §9). */
export const STORE_KEY = 'solstice';

/**
 * Before any page script runs: a first visit of this context starts with the given store
 * state (by default the first-run tour already seen, so it does not cover the page).
 */
export async function seedStore(context: BrowserContext, state: Record<string, unknown> = {}): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ state: value, version: 1 }));
    },
    { key: STORE_KEY, value: { tutorialSeen: true, ...state } },
  );
}

export function sessionBody(username = 'ayse') {
  return {
    data: {
      id: 1,
      email: `${username}@example.com`,
      username,
      locale: 'tr-TR',
      timeZone: 'Europe/Istanbul',
      layout: {},
      createdAt: 0,
    },
    roles: ['member'],
    subscriber: false,
  };
}

export async function fulfilJson(route: Route, status: number, body: unknown): Promise<void> {
  await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/**
 * A stand-in account API at the request level (for shell tests that must not depend on the
 * accounts module): /api/me, login, logout and the watchlists, shared by every context given.
 */
export function fakeAccountApi() {
  let rows: { id: number; name: string; symbols: { sym: string; description: string }[]; updatedAt: number }[] = [];
  let nextId = 1;
  let clock = 1_000;
  let signedIn = new WeakSet<BrowserContext>();
  const install = async (context: BrowserContext) => {
    await context.route('**/api/me', (route) =>
      signedIn.has(context)
        ? fulfilJson(route, 200, sessionBody())
        : fulfilJson(route, 401, { error: { code: 'unauthorized', message: 'Sign in first.' } }),
    );
    await context.route('**/api/me/preferences', (route) => fulfilJson(route, 200, sessionBody()));
    await context.route('**/api/auth/login', async (route) => {
      const body = route.request().postDataJSON() as { login: string; password: string };
      if (body.password !== 'correct horse battery') {
        return fulfilJson(route, 401, {
          error: { code: 'unauthorized', message: 'Wrong e-mail, username or password.' },
        });
      }
      signedIn.add(context);
      return fulfilJson(route, 200, sessionBody());
    });
    await context.route('**/api/auth/logout', (route) => {
      signedIn.delete(context);
      return route.fulfill({ status: 204 });
    });
    await context.route(/\/api\/v1\/watchlists(\/\d+)?$/, async (route) => {
      const req = route.request();
      const id = Number(new URL(req.url()).pathname.split('/')[4]);
      if (!id) {
        if (req.method() === 'GET') return fulfilJson(route, 200, { data: rows });
        const b = req.postDataJSON() as { name: string; symbols: { sym: string; description: string }[] };
        const row = { id: nextId++, name: b.name, symbols: b.symbols, updatedAt: ++clock };
        rows.push(row);
        return fulfilJson(route, 201, { data: row });
      }
      const row = rows.find((r) => r.id === id);
      if (!row) return fulfilJson(route, 404, { error: { code: 'not_found', message: 'No such watchlist.' } });
      if (req.method() === 'DELETE') {
        rows = rows.filter((r) => r.id !== id);
        return route.fulfill({ status: 204 });
      }
      if (req.method() === 'PUT') {
        const b = req.postDataJSON() as { name: string; symbols: { sym: string; description: string }[] };
        Object.assign(row, { name: b.name, symbols: b.symbols, updatedAt: ++clock });
      }
      return fulfilJson(route, 200, { data: row });
    });
  };
  return {
    install,
    rows: () => rows,
    signIn: (context: BrowserContext) => signedIn.add(context),
    reset: () => {
      rows = [];
      signedIn = new WeakSet();
    },
  };
}

/** Whether the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
