// The built web app against hostile data and source-code disclosure (issue #13): an
// instrument imported with an XSS payload for its name, sector and industry is shown as text
// in the heatmap's tooltip (no dialog, no element, no script), and the production build
// publishes no source maps, neither as files nor over HTTP.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { browserSuite } from './support/browser-suite.js';
import type { RunningServer } from './support/server.js';
import { SHELL_LOGIN, SHELL_SERVER_ENV, seedStore } from './support/shell.js';
import { importDirectory } from './support/shared-data.js';

const ROOT = path.resolve(import.meta.dirname, '..');
// the server started below serves WEB_DIST too (startServer passes the environment on)
const WEB_DIST = process.env.WEB_DIST ?? path.join(ROOT, 'apps/web/dist');

// Each payload sets a flag and opens a dialog if it ever runs.
const NAME = '<img src=x onerror="window.__xss=1;alert(1)"> Evil Corp';
const SECTOR = '<svg onload="window.__xss=2;alert(2)"></svg>Sector';
const INDUSTRY = '<script>window.__xss=3;alert(3)</script>Industry';

/** instruments.csv with the hostile instrument and a plain one, a year of daily bars each. */
function importHostileFixture(databaseUrl: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solstice-xss-data-'));
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  fs.writeFileSync(
    path.join(dir, 'instruments.csv'),
    [
      'symbol,name,type,sector,industry',
      `XSSA,${quote(NAME)},stock,${quote(SECTOR)},${quote(INDUSTRY)}`,
      'GOOD,Good Company,stock,Utilities,Electric Utilities',
    ].join('\n') + '\n',
  );
  fs.mkdirSync(path.join(dir, 'daily'));
  for (const [symbol, start] of [
    ['XSSA', 40],
    ['GOOD', 60],
  ] as const) {
    const lines = ['Date,Open,High,Low,Close,Volume'];
    let price = start;
    let day = Date.UTC(2024, 0, 1);
    for (let i = 0; i < 260; i++) {
      while ([0, 6].includes(new Date(day).getUTCDay())) day += 86_400_000;
      const open = price;
      price = Math.round(price * (1 + (i % 5 === 0 ? -0.01 : 0.004)) * 100) / 100;
      const date = new Date(day).toISOString().slice(0, 10);
      lines.push(`${date},${open},${Math.max(open, price) + 0.5},${Math.min(open, price) - 0.5},${price},100000`);
      day += 86_400_000;
    }
    fs.writeFileSync(path.join(dir, 'daily', `${symbol}.csv`), lines.join('\n') + '\n');
  }
  try {
    importDirectory(databaseUrl, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** One request exactly as written (fetch would normalise dot segments away). */
function rawGet(port: number, target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${target}`)));
    socket.on('connect', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text }));
  });
}

const isSourceMap = (body: string) => /"mappings"\s*:/.test(body) || body.includes('sourcesContent');

describe('web app security', () => {
  let server: RunningServer;
  let page: Page;
  const dialogs: string[] = [];
  const { watch } = browserSuite('xss', {
    fill: importHostileFixture,
    env: SHELL_SERVER_ENV,
    opened: async (suite) => {
      ({ server, page } = suite);
      const { context } = suite;
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const login = await context.request.post(`${server.url}/api/auth/login`, {
        data: { login: SHELL_LOGIN.email, password: SHELL_LOGIN.password },
        headers: { origin: server.url },
      });
      expect(login.status()).toBe(200);
      const { data: user } = (await login.json()) as { data: { id: number; username: string } };
      // the store knows the user, as after a login in the page, so the app asks /api/me
      await seedStore(context, { user: { id: user.id, username: user.username } });
    },
  });

  it('shows an imported XSS payload in the heatmap tooltip as text, and runs none of it', async () => {
    await page.goto(`${server.url}/heatmaps`);
    const chart = page.getByLabel('Heatmap of all sectors');
    await chart.locator('svg').waitFor();
    // the bar view lists the hostile sector by its name, so the data did arrive
    await page.getByTestId('heatmap-bars').getByText(SECTOR, { exact: true }).waitFor();

    // hover the hostile stock's tile: its label is the symbol, drawn as SVG text
    const tile = chart.locator('svg text', { hasText: /^XSSA/ }).first();
    await tile.waitFor();
    const box = (await tile.boundingBox())!;
    // into the tile below its label (the label sits at the tile's top, next to the sector's header)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 60);
    await page.mouse.move(box.x + box.width / 2 + 2, box.y + box.height + 62);
    // the tooltip is the only place the instrument's full name appears inside the chart
    const tooltip = chart.locator('div', { hasText: 'Evil Corp' }).last();
    await tooltip.waitFor({ timeout: 10_000 });
    await screenshot(page, 'security-heatmap-tooltip');

    const text = (await tooltip.textContent()) ?? '';
    expect(text).toContain(NAME);
    expect(text).toContain(SECTOR);
    expect(await tooltip.locator('strong').textContent()).toBe('XSSA');
    expect(await page.locator('img[src="x"], script:text("__xss")').count()).toBe(0);
    expect(await chart.locator('div svg[onload], div img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it('publishes no source maps: none in the build, no sourceMappingURL, none over HTTP', async () => {
    const files = filesUnder(WEB_DIST);
    const scripts = files.filter((f) => /\.(m?js|css)$/.test(f));
    expect(scripts.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('.map')).map((f) => path.relative(WEB_DIST, f))).toEqual([]);
    expect(
      scripts.filter((f) => fs.readFileSync(f, 'utf8').includes('sourceMappingURL')).map((f) => path.basename(f)),
    ).toEqual([]);

    for (const file of scripts.filter((f) => f.endsWith('.js')).slice(0, 5)) {
      const asset = `/assets/${path.basename(file)}`;
      // the asset itself is served from this dist, so a map next to it would be too
      expect((await fetch(server.url + asset)).status).toBe(200);
      const map = await fetch(`${server.url}${asset}.map`);
      const body = await map.text();
      expect(isSourceMap(body), `${asset}.map answered a source map`).toBe(false);
      // A missing asset is the app's 404 error, never the page and never a map.
      expect(map.status).toBe(404);
      expect(JSON.parse(body)).toMatchObject({ error: { code: 'not_found' } });
    }
    // the server's own maps (apps/server/dist) are never reachable over HTTP
    for (const target of [
      '/../server/dist/main.js.map',
      '/assets/../../server/dist/main.js.map',
      '/%2e%2e/server/dist/main.js.map',
      '/assets/%2e%2e/%2e%2e/server/dist/main.js.map',
      '/main.js.map',
    ]) {
      const res = await rawGet(server.port, target);
      expect(res.status, target).toBeGreaterThan(0);
      expect(isSourceMap(res.text), `${target} answered a source map`).toBe(false);
    }
  });
});
