// The frame of a browser test on its own database: the server, the browser and one watched page,
// set up before all and closed after all.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ConsoleWatch, launchBrowser, newWatchedPage } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { tempDatabase } from './accounts.js';

export interface BrowserSuite {
  readonly watch: ConsoleWatch;
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * Registers the beforeAll and afterAll of a browser test: a new database (tempDatabase(name))
 * filled by `fill`, the server started on it with `env`, a browser and a watched 1280×900 page,
 * then `opened` (a login, a seeded store); after all, the page, the browser, the server and the
 * database are closed. The fields are set once beforeAll ran.
 */
export function browserSuite(
  name: string,
  options: {
    fill: (databaseUrl: string) => void;
    env?: Record<string, string>;
    opened: (suite: BrowserSuite) => Promise<void>;
  },
): BrowserSuite {
  const { databaseUrl, remove } = tempDatabase(name);
  const suite = { watch: new ConsoleWatch() } as BrowserSuite;
  beforeAll(async () => {
    options.fill(databaseUrl);
    suite.server = await startServer({ DATABASE_URL: databaseUrl, ...options.env });
    suite.browser = await launchBrowser();
    Object.assign(suite, await newWatchedPage(suite.browser, suite.watch, { viewport: { width: 1280, height: 900 } }));
    await options.opened(suite);
  });
  afterAll(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.server?.stop();
    remove();
  });
  return suite;
}
