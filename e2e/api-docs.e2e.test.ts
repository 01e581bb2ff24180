import { describe, expect, it } from 'vitest';
import { ConsoleWatch, newWatchedPage, screenshot } from './support/browser.js';
import { useServerAndBrowser } from './support/harness.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('the API docs in Chromium', () => {
  const app = useServerAndBrowser();

  it('shows every operation of /api/openapi.json, signed out, with no console error (CSP holds)', async () => {
    const document = (await (await fetch(`${app.server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-access'?: { kind: string } }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => ({ method: method.toUpperCase(), path, access: item[method]!['x-access']?.kind })),
    );
    expect(operations.length).toBeGreaterThan(50);

    const watch = new ConsoleWatch();
    const { context, page } = await newWatchedPage(app.browser, watch);
    const res = await page.goto(`${app.server.url}/api/docs`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('h1').textContent()).toBe('Solstice API');
    const shown = await page
      .locator('section.op h3')
      .evaluateAll((headings) => headings.map((h) => (h.textContent ?? '').replace(/\s+/g, ' ').trim()));
    for (const op of operations) {
      expect(
        shown.some((text) => text.startsWith(`${op.method} ${op.path} `)),
        `${op.method} ${op.path}`,
      ).toBe(true);
    }
    expect(shown).toHaveLength(operations.length);
    // Every operation says who may call it.
    expect(await page.locator('section.op .access').count()).toBe(operations.length);
    await screenshot(page, 'api-docs');
    await context.close();
    expect(watch.errors).toEqual([]);
  });
});
