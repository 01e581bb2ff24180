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
      // Not chosen: the browser's language (en-US here) and the operator's time zone apply.
      locale: null,
      timeZone: null,
      layout: {},
      tutorialSeen: true,
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
  const signedIn = new WeakSet<BrowserContext>();
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
    resetRows: () => {
      rows = [];
    },
  };
}

/** Whether the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The font size of the page's first table cell, as drawn ('13px'). */
export async function tableCellFontSize(page: Page): Promise<string> {
  return page
    .locator('.table td')
    .first()
    .evaluate((el) => getComputedStyle(el).fontSize);
}

export const SHELL_LOGIN = { email: 'shell-e2e@example.com', password: 'correct horse battery' };

/** Environment for startServer: the first admin account the shell tests sign in as. */
export const SHELL_SERVER_ENV = { ADMIN_EMAIL: SHELL_LOGIN.email, ADMIN_PASSWORD: SHELL_LOGIN.password };

export interface AccountHarness {
  /** 'real' when the server has the accounts API, 'fake' when it is stood in for. */
  mode: 'real' | 'fake';
  username: string;
  /** Installs the stand-in routes (fake mode only). */
  install(context: BrowserContext): Promise<void>;
  /** Gives the context a session (a real cookie in real mode). */
  signIn(context: BrowserContext): Promise<void>;
  /** The account's watchlists as the server holds them. */
  lists(context: BrowserContext): Promise<{ name: string; symbols: { sym: string }[] }[]>;
  /** Empties the account's watchlists. */
  reset(context?: BrowserContext): Promise<void>;
}

/**
 * Uses the server's accounts API when it answers (the first admin from SHELL_SERVER_ENV),
 * otherwise the request-level stand-in, so the shell's tests run before and after it lands.
 */
export async function accountHarness(serverUrl: string): Promise<AccountHarness> {
  const res = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl },
    body: JSON.stringify({ login: SHELL_LOGIN.email, password: SHELL_LOGIN.password }),
  });
  if (res.status === 404) {
    const fake = fakeAccountApi();
    return {
      mode: 'fake',
      username: 'ayse',
      install: fake.install,
      signIn: async (context) => void fake.signIn(context),
      lists: async () => fake.rows(),
      reset: async () => fake.resetRows(),
    };
  }
  if (!res.ok) throw new Error(`login of the shell test account failed: ${res.status} ${await res.text()}`);
  const username = ((await res.json()) as { data: { username: string } }).data.username;
  const headers = { origin: serverUrl };
  const lists = async (context: BrowserContext) => {
    const r = await context.request.get(`${serverUrl}/api/v1/watchlists`);
    return ((await r.json()) as { data: { id: number; name: string; symbols: { sym: string }[] }[] }).data;
  };
  return {
    mode: 'real',
    username,
    install: async () => {},
    signIn: async (context) => {
      const r = await context.request.post(`${serverUrl}/api/auth/login`, {
        data: { login: SHELL_LOGIN.email, password: SHELL_LOGIN.password },
        headers,
      });
      if (!r.ok()) throw new Error(`login failed: ${r.status()}`);
    },
    lists,
    reset: async (context) => {
      if (!context) return;
      for (const w of (await lists(context)) as { id: number }[]) {
        await context.request.delete(`${serverUrl}/api/v1/watchlists/${w.id}`, { headers });
      }
    },
  };
}
