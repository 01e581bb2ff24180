import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ConsoleWatch, launchBrowser, newWatchedPage, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('the built app in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads with the title Solstice and no console errors', async () => {
    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(browser, watch);
    const res = await page.goto(server.url + '/');
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Solstice');
    await screenshot(page, 'smoke-landing');
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});
