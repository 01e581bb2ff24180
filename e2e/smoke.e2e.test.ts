import { describe, expect, it } from 'vitest';
import { ConsoleWatch, newWatchedPage, screenshot } from './support/browser.js';
import { useServerAndBrowser } from './support/harness.js';

describe('the built app in Chromium', () => {
  const app = useServerAndBrowser();

  it('loads with the title Solstice and no console errors', async () => {
    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(app.browser, watch);
    const res = await page.goto(app.server.url + '/');
    expect(res?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Solstice');
    await screenshot(page, 'smoke-landing');
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});
