// Shared vitest hooks of the browser tests: the built server and Chromium for a describe block,
// and watched browser profiles closed (and checked for console errors) after each test.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { ConsoleWatch, launchBrowser, newWatchedPage } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface ServerAndBrowser {
  /** Set in beforeAll: the built server of this describe block. */
  readonly server: RunningServer;
  /** Set in beforeAll: a headless Chromium. */
  readonly browser: Browser;
}

/**
 * Starts the built server (with `env`, or what `env()` gives once beforeAll runs) and Chromium
 * before the tests of the enclosing describe block, and closes both after them.
 */
export function useServerAndBrowser(
  env: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>) = {},
): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? await env() : env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is started in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll');
      return browser;
    },
  };
}

export interface WatchedPages {
  /** This test's console watch (a new one for each test). */
  readonly watch: ConsoleWatch;
  /** A new browser profile whose pages the watch follows, closed after the test. */
  open(options?: Parameters<Browser['newContext']>[0]): ReturnType<typeof newWatchedPage>;
}

/**
 * For each test: a new ConsoleWatch, and after the test every profile `open` gave closed and
 * no console error of theirs.
 */
export function useWatchedPages(
  app: Pick<ServerAndBrowser, 'browser'>,
  /** Run on each new profile before `open` gives it (e.g. seedStore). */
  prepare?: (context: BrowserContext) => Promise<void>,
): WatchedPages {
  let watch = new ConsoleWatch();
  const contexts: BrowserContext[] = [];
  beforeEach(() => {
    watch = new ConsoleWatch();
    return async () => {
      for (const c of contexts.splice(0)) await c.close();
      expect(watch.errors).toEqual([]);
    };
  });
  return {
    get watch() {
      return watch;
    },
    async open(options = {}) {
      const opened = await newWatchedPage(app.browser, watch, options);
      contexts.push(opened.context);
      await prepare?.(opened.context);
      return opened;
    },
  };
}
