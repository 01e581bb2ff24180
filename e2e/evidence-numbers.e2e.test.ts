// Issue #22, "Must show": the numbers on screen equal the API's and the CLI's, in a browser
// test per screen. On AAPL and SPY of the shared data, each seasonality screen (pattern,
// seasonal chart with a dragged window, calendar, best trades with `tested`, the q-value
// column and the walk-forward panel, the seasonality scanner) and the technical scanner with
// `season20.*` fields is loaded in Chromium; its figures are read off the page and compared
// with the same query asked of the HTTP API (the browser's session cookie) and of
// `solstice … --json` on the same database, formatted as the screen formats them (en-US).
// Every screen but the technical scanner runs with a year set (--cycle, --parity, --exclude).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  BestTradesResponse,
  CalendarResponse,
  ChartResponse,
  PatternResponse,
  ScanResponse,
  SeasonalScanResponse,
  WalkForwardResponse,
  WindowRiskStats,
  WindowStats,
} from '@solstice/contracts';
import { screenshot, screenshotOnFailure } from './support/browser.js';
import { solsticeJson } from './support/cli.js';
import { DESKTOP_EN_US } from './support/accounts.js';
import { subscriberSuite, suiteGet } from './support/subscriber-suite.js';

const SYMBOLS = ['SPY', 'AAPL'];
const ADMIN = { email: 'evidence-admin@example.com', password: 'evidence e2e admin passphrase' };
const TRADER = { email: 'evidence@example.com', username: 'evidence', password: 'correct horse battery staple' };

// The queries, as the screens' URLs, the API's parameters and the CLI's options.
const PATTERN = {
  symbol: 'AAPL',
  start: '10-05',
  end: '11-01',
  direction: 'long',
  cycle: 'midterm,pre-election',
  exclude: '2010',
};
const CHART = { symbol: 'AAPL', parity: 'odd' };
const CHART_WINDOW = { start: '04-15', end: '05-20' };
const CALENDAR = { symbol: 'AAPL', exclude: '2008,2009' };
const BEST = { symbol: 'AAPL', minDays: '10', maxDays: '30', top: '10', exclude: '2008' };
const WALK = { symbol: 'AAPL', minDays: '10', maxDays: '30', exclude: '2008' };
const SEASCAN = {
  startFrom: '06-15',
  startTo: '07-15',
  minDays: '10',
  maxDays: '30',
  minWinRate: '0',
  direction: 'both',
  universe: 'AAPL,SPY',
  exclude: '2008',
};
const SEASON_FIELDS = ['winRate', 'mean', 'median', 'count', 'pValue'].map((s) => `season20.${s}`);
const EXPRESSION =
  'season20.winRate >= 0 and season20.mean > -1 and season20.median > -1 and season20.count >= 1 and season20.pValue <= 1';

// ---- the screen's formatting (apps/web/src/shared/format.ts), en-US ----
const DASH = '—';
const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
const pct = (v: number | null | undefined, digits = 2, signed = true) =>
  ok(v)
    ? new Intl.NumberFormat('en-US', {
        style: 'percent',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        signDisplay: signed ? 'exceptZero' : 'auto',
      }).format(v)
    : DASH;
const num = (v: number | null | undefined, digits = 2) =>
  ok(v)
    ? new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v)
    : DASH;
const monthDay = (mmdd: string) => {
  const [m, d] = mmdd.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(
    new Date(Date.UTC(2001, m! - 1, d!)),
  );
};
const monthName = (m: number) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short' }).format(new Date(Date.UTC(2001, m - 1, 1)));
const date = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The statistics panel (shared/stats/stats-panel.tsx): each stat as it shows. */
const PANEL: Record<string, (s: WindowRiskStats) => string> = {
  count: (s) => num(s.count, 0),
  winners: (s) => num(s.winners, 0),
  losers: (s) => num(s.losers, 0),
  winRate: (s) => pct(s.winRate, 1, false),
  mean: (s) => pct(s.mean),
  median: (s) => pct(s.median),
  stdDev: (s) => pct(s.stdDev, 2, false),
  min: (s) => pct(s.min),
  max: (s) => pct(s.max),
  avgGain: (s) => pct(s.avgGain),
  avgLoss: (s) => pct(s.avgLoss),
  annualized: (s) => pct(s.annualized),
  sharpe: (s) => num(s.sharpe),
  calendarDays: (s) => num(s.calendarDays, 0),
  pValue: (s) => num(s.pValue, 3),
  withoutBest: (s) => pct(s.withoutBest),
  recent: (s) => pct(s.recent, 1, false),
  meanMae: (s) => pct(s.meanMae),
  medianMae: (s) => pct(s.medianMae),
  worstMae: (s) => `${pct(s.worstMae)} (${s.worstMaeYear})`,
  meanMfe: (s) => pct(s.meanMfe),
  returnToRisk: (s) => (s.returnToRisk === null ? 'never against' : num(s.returnToRisk)),
};

/** A window's row of best trades and the seasonality scanner (shared/stats/window-columns.tsx, evidence.tsx). */
function windowCells(w: { start: string; end: string; days: number; stats: WindowStats }, direction: string) {
  const s = w.stats;
  const signal = !(s.mean > 0) || s.winRate < 0.5 ? 'No edge' : direction === 'short' ? 'Sell' : 'Buy';
  return {
    Signal: signal,
    Start: monthDay(w.start),
    End: monthDay(w.end),
    Days: num(w.days, 0),
    Years: num(s.count, 0),
    'Win rate': pct(s.winRate, 0, false),
    Mean: pct(s.mean),
    Median: pct(s.median),
    Annualized: pct(s.annualized, 1),
    'p-value': num(s.pValue, 3),
    'Mean w/o best': pct(s.withoutBest),
    'Recent win rate': pct(s.recent, 0, false),
  };
}

/** The q-value cell: the value, and "Could be chance" above 0.10. */
function expectQValue(cell: string, q: number | null | undefined, where: string) {
  expect(cell.startsWith(num(q, 3)), `${where}: ${cell}`).toBe(true);
  expect(cell.includes('Could be chance'), `${where}: ${cell}`).toBe(typeof q === 'number' && q > 0.1);
}

interface Table {
  headers: string[];
  rows: string[][];
}
/** A DataTable as the page shows it: column names (the label, not its hidden meaning) and cell texts. */
async function readTable(page: Page, testId: string): Promise<Table> {
  return page
    .getByTestId(testId)
    .locator('table')
    .first()
    .evaluate((table) => {
      const label = (th: Element) =>
        (th.querySelector('.stat-label') ?? th.querySelector('button') ?? th).textContent!.replace(/[▲▼]/g, '').trim();
      return {
        headers: Array.from(table.querySelectorAll('thead th'), label),
        rows: Array.from(table.querySelectorAll('tbody tr'), (tr) =>
          Array.from(tr.querySelectorAll('td'), (td) => td.textContent!.trim()),
        ),
      };
    });
}
/** The cells of a row by column name (the first column of that name). */
function byName(table: Table, row: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  table.headers.forEach((h, i) => {
    if (!(h in out)) out[h] = row[i] ?? '';
  });
  return out;
}
/** Only the given keys of a row. */
const pick = (row: Record<string, string>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

/** The statistics panel under `scope` as shown, by stat. */
async function readPanel(page: Page, scope: string): Promise<Record<string, string>> {
  return page
    .getByTestId(scope)
    .getByTestId('stats-panel')
    .evaluate((panel) =>
      Object.fromEntries(
        Array.from(panel.querySelectorAll('dd[data-stat]'), (dd) => [
          dd.getAttribute('data-stat')!,
          dd.textContent!.trim(),
        ]),
      ),
    );
}
const panelOf = (s: WindowRiskStats) => Object.fromEntries(Object.entries(PANEL).map(([k, show]) => [k, show(s)]));

/** A query's options for the CLI: --start-from for startFrom and so on; `skip` left out. */
const cliOptions = (q: Record<string, string>, skip: readonly string[] = []) =>
  Object.entries(q)
    .filter(([k]) => !skip.includes(k))
    .flatMap(([k, v]) => [`--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, v]);

describe('the numbers on each seasonality screen equal the API and the CLI', () => {
  // The CLI's answers, started together once the server is up (each is a process of its own).
  let cli: {
    pattern: Promise<PatternResponse>;
    chart: Promise<ChartResponse>;
    chartWindow: Promise<PatternResponse>;
    calendar: Promise<CalendarResponse>;
    best: Promise<BestTradesResponse>;
    walk: Promise<WalkForwardResponse>;
    seascan: Promise<SeasonalScanResponse>;
    scan: Promise<ScanResponse>;
  };

  const s = subscriberSuite('evidence', SYMBOLS, {
    admin: ADMIN,
    trader: TRADER,
    browser: DESKTOP_EN_US,
    started: (suite) => {
      const run = <T>(args: string[]) => {
        const answer = solsticeJson<T>(suite.databaseUrl, args);
        answer.catch(() => undefined); // awaited (and reported) by its test
        return answer;
      };
      cli = {
        pattern: run(['seasonality', 'pattern', PATTERN.symbol, ...cliOptions(PATTERN, ['symbol', 'direction'])]),
        chart: run(['seasonality', 'chart', CHART.symbol, ...cliOptions(CHART, ['symbol'])]),
        chartWindow: run([
          'seasonality',
          'pattern',
          CHART.symbol,
          ...cliOptions({ ...CHART_WINDOW, ...CHART }, ['symbol']),
        ]),
        calendar: run(['seasonality', 'calendar', CALENDAR.symbol, ...cliOptions(CALENDAR, ['symbol'])]),
        best: run(['seasonality', 'best-trades', BEST.symbol, ...cliOptions(BEST, ['symbol'])]),
        walk: run(['seasonality', 'walk-forward', WALK.symbol, ...cliOptions(WALK, ['symbol'])]),
        seascan: run(['seasonality', 'scan', ...cliOptions(SEASCAN, ['universe']), '--symbols', SEASCAN.universe]),
        scan: run(['scan', EXPRESSION]),
      };
    },
  });

  const apiGet = <T>(route: string, params: Record<string, string>) => suiteGet<T>(s, route, params);
  const apiPost = async <T>(route: string, data: unknown): Promise<T> => {
    const res = await s.context.request.post(s.server.url + route, { data, headers: { origin: s.server.url } });
    expect(res.status(), `${route} ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  };
  const open = async (route: string, params: Record<string, string>) => {
    await s.page.goto(`${s.server.url}${route}?${new URLSearchParams(params).toString()}`);
  };
  /** Once the page's requests are done (no loading overlay over it). */
  const settle = async () => {
    await s.page.waitForLoadState('networkidle');
    await s.page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
  };
  /** Runs a screen's checks; a screenshot of the screen either way. */
  const screen = async (name: string, body: () => Promise<void>) => {
    await screenshotOnFailure(s.page, `evidence-${name}-failure`, async () => {
      await body();
      await settle();
      await screenshot(s.page, `evidence-${name}`);
    });
    expect(s.watch.errors).toEqual([]);
  };

  it('pattern: the statistics panel, the benchmark line and every year of the table (with a year set)', () =>
    screen('pattern', async () => {
      const api = await apiGet<PatternResponse>('/api/v1/seasonality/pattern', PATTERN);
      expect(await cli.pattern).toEqual(api);
      expect(api.stats).not.toBeNull();
      // the year set: midterm (Y mod 4 = 2) and pre-election (3) years, 2010 left out
      expect(api.years.length).toBeGreaterThan(10);
      for (const y of api.years) {
        expect([2, 3]).toContain(y.year % 4);
        expect(y.year).not.toBe(2010);
      }

      await open('/seasonality/pattern', PATTERN);
      await s.page.getByTestId('pattern-table').waitFor();
      await s.page.getByTestId('stats-panel').waitFor();
      expect(await readPanel(s.page, 'pattern-screen')).toEqual(panelOf(api.stats!));

      const bench = api.benchmark!;
      expect(bench.symbol).toBe('SPY');
      const years = bench.years;
      expect(await s.page.getByTestId('benchmark-summary').textContent()).toContain(
        `${pct(bench.excessMean)} mean return against SPY over the ${years.length} years both have ` +
          `(${years[0]!.year}–${years[years.length - 1]!.year}): AAPL mean ${pct(bench.symbolMean)}, ` +
          `SPY mean ${pct(bench.stats!.mean)} (win rate ${pct(bench.stats!.winRate, 0, false)}).`,
      );

      const table = await readTable(s.page, 'pattern-table');
      const excess = new Map(bench.years.map((y) => [y.year, y.excess]));
      const expected = [...api.years]
        .sort((a, b) => b.year - a.year)
        .map((y) => ({
          Year: String(y.year),
          Entry: date(y.entryDate),
          Exit: date(y.exitDate),
          'Entry close': num(y.entryClose),
          'Exit close': num(y.exitClose),
          'Trading days': String(y.tradingDays),
          Return: pct(y.return),
          'vs. benchmark': pct(excess.get(y.year) ?? null),
          Worst: `${pct(y.maxDrop)} day ${y.maeDay}`,
          Best: `${pct(y.maxRise)} day ${y.mfeDay}`,
        }));
      expect(table.rows.map((r) => pick(byName(table, r), Object.keys(expected[0]!)))).toEqual(expected);
    }));

  it('seasonal chart: the average year, the benchmark line and a window’s statistics (odd years)', () =>
    screen('seasonal-chart', async () => {
      const api = await apiGet<ChartResponse>('/api/v1/seasonality/chart', CHART);
      const window = await apiGet<PatternResponse>('/api/v1/seasonality/pattern', { ...CHART, ...CHART_WINDOW });
      expect(await cli.chart).toEqual(api);
      expect(await cli.chartWindow).toEqual(window);
      expect(api.years.length).toBeGreaterThan(5);
      expect(api.years.every((y) => y % 2 === 1)).toBe(true);
      expect(window.years.every((y) => y.year % 2 === 1)).toBe(true);

      await open('/seasonality', { ...CHART, ...CHART_WINDOW });
      await s.page
        .getByRole('img', { name: `Seasonal chart of ${CHART.symbol}` })
        .locator('svg')
        .waitFor();
      const span = (ys: readonly number[]) => `${ys[0]}–${ys[ys.length - 1]}`;
      expect(await s.page.getByTestId('chart-summary').textContent()).toBe(
        `${api.years.length} years used (${span(api.years)}). Average year: ${pct(api.curve![364])}`,
      );
      const bench = api.benchmark!;
      const ownEnd = bench.curve![364]!;
      const benchEnd = bench.benchmarkCurve![364]!;
      const benchText = (await s.page.getByTestId('benchmark-summary').textContent()) ?? '';
      expect(benchText).toContain(
        `Against SPY over the ${bench.years.length} years both use (${span(bench.years)}): ` +
          `AAPL ${pct(ownEnd)} · SPY ${pct(benchEnd)} · `,
      );
      expect(benchText.endsWith(pct(ownEnd - benchEnd))).toBe(true);

      const stats = s.page.getByTestId('window-stats');
      await stats.getByTestId('stats-panel').waitFor();
      expect(await stats.getByRole('heading').textContent()).toBe(
        `Window ${monthDay(CHART_WINDOW.start)} – ${monthDay(CHART_WINDOW.end)}`,
      );
      expect(await readPanel(s.page, 'window-stats')).toEqual(panelOf(window.stats!));
    }));

  it('calendar: every month and year of the grid and the per-month summary (2008 and 2009 left out)', () =>
    screen('calendar', async () => {
      const api = await apiGet<CalendarResponse>('/api/v1/seasonality/calendar', CALENDAR);
      expect(await cli.calendar).toEqual(api);
      expect(api.months.some((m) => m.year === 2008 || m.year === 2009)).toBe(false);

      await open('/seasonality/calendar', CALENDAR);
      await s.page.getByTestId('calendar-grid').waitFor();
      await s.page.getByTestId('calendar-summary').waitFor();

      const grid = await readTable(s.page, 'calendar-grid');
      const years = [...new Set([...api.months.map((m) => m.year), ...api.years.map((y) => y.year)])].sort(
        (a, b) => b - a,
      );
      const expectedGrid = years.map((year) => {
        const cells = [String(year)];
        for (let month = 1; month <= 12; month++) {
          const m = api.months.find((x) => x.year === year && x.month === month);
          cells.push(m ? (m.partial ? `${pct(m.return, 1)}to date` : pct(m.return, 1)) : DASH);
        }
        const y = api.years.find((x) => x.year === year);
        cells.push(y ? (y.partial ? `${pct(y.return, 1)} (to date)` : pct(y.return, 1)) : DASH);
        return cells;
      });
      expect(grid.headers).toEqual(['Year', ...Array.from({ length: 12 }, (_, i) => monthName(i + 1)), 'Year']);
      expect(grid.rows).toEqual(expectedGrid);

      const summary = await readTable(s.page, 'calendar-summary');
      expect(summary.rows.map((r) => byName(summary, r))).toEqual(
        api.summary.map((s) => ({
          Month: monthName(s.month),
          Years: String(s.count),
          Mean: pct(s.mean),
          Median: pct(s.median),
          '% positive': pct(s.winRate, 0, false),
          Worst: pct(s.min),
          Best: pct(s.max),
          'Std. dev.': pct(s.stdDev, 2, false),
        })),
      );
    }));

  it('best trades: tested, each window with its q-value, and the walk-forward panel (2008 left out)', () =>
    screen('best-trades', async () => {
      const [api, walk] = await Promise.all([
        apiGet<BestTradesResponse>('/api/v1/seasonality/best-trades', BEST),
        apiGet<WalkForwardResponse>('/api/v1/seasonality/walk-forward', WALK),
      ]);
      expect(await cli.best).toEqual(api);
      expect(await cli.walk).toEqual(walk);
      expect(api.tested).toBeGreaterThan(1000);
      expect(api.long.length).toBeGreaterThan(0);
      expect(api.short.length).toBeGreaterThan(0);

      await open('/seasonality/besttrades', BEST);
      await s.page.getByTestId('best-long').waitFor({ timeout: 60_000 });
      expect(await s.page.getByTestId('tested-note').locator('strong').textContent()).toBe(
        `Best of ${num(api.tested, 0)} windows tested`,
      );
      for (const direction of ['long', 'short'] as const) {
        const table = await readTable(s.page, `best-${direction}`);
        const windows = api[direction];
        expect(table.rows).toHaveLength(windows.length);
        windows.forEach((w, i) => {
          const row = byName(table, table.rows[i]!);
          const expected = windowCells(w, direction);
          expect(pick(row, Object.keys(expected)), `${direction} ${i}`).toEqual(expected);
          expectQValue(row['q-value']!, w.stats.qValue, `${direction} ${w.start}`);
        });
      }

      // walk-forward: in sample against out of sample, long side, and its years
      const panel = s.page.getByTestId('walk-forward');
      await panel.getByTestId('walk-forward-comparison').waitFor({ timeout: 60_000 });
      const inSample = walk.inSample.long;
      const out = walk.long.stats;
      const comparison = async (key: string) =>
        (await panel.getByTestId(`wf-${key}`).locator('td').allTextContents()).map((t) => t.trim());
      expect(await comparison('winRate')).toEqual([pct(inSample?.winRate, 0, false), pct(out.winRate, 0, false)]);
      expect(await comparison('mean')).toEqual([pct(inSample?.mean), pct(out.mean)]);
      expect(await comparison('count')).toEqual([num(inSample?.count, 0), num(out.count, 0)]);
      // the in-sample window is best trades' first long window, q-value included
      expect(inSample).toEqual(api.long[0]!.stats);
      expect(walk.long.trials.length).toBeGreaterThan(0);
      const trials = await readTable(s.page, 'walk-forward-trials');
      expect(trials.rows.map((r) => byName(trials, r))).toEqual(
        walk.long.trials.slice(0, 25).map((t) => ({
          Year: String(t.year),
          Window: `${monthDay(t.start)} – ${monthDay(t.end)}`,
          Days: num(t.days, 0),
          Return: pct(t.return),
        })),
      );
      const total = walk.long.trials.reduce((equity, t) => equity * (1 + t.return), 1) - 1;
      const traded = walk.long.trials;
      expect(await panel.getByTestId('walk-forward-chart').getAttribute('aria-label')).toBe(
        `Cumulative out-of-sample return, long: ${pct(total)} over ${traded.length} years ` +
          `(${traded[0]!.year}–${traded[traded.length - 1]!.year})`,
      );
    }));

  it('seasonality scanner: tested and every result with its q-value (2008 left out)', () =>
    screen('seasonality-scanner', async () => {
      const { universe, ...rest } = SEASCAN;
      const body = {
        ...rest,
        minDays: Number(rest.minDays),
        maxDays: Number(rest.maxDays),
        minWinRate: Number(rest.minWinRate),
        exclude: rest.exclude.split(',').map(Number),
        universe: universe.split(','),
      };
      const api = await apiPost<SeasonalScanResponse>('/api/v1/seasonality/scan', body);
      expect(await cli.seascan).toEqual(api);
      expect(api.tested).toBeGreaterThan(1000);
      expect(new Set(api.results.map((r) => r.symbol))).toEqual(new Set(SYMBOLS));

      await open('/seasonality/scanner', SEASCAN);
      await s.page.getByTestId('seasonality-scan-results').waitFor({ timeout: 60_000 });
      expect(await s.page.getByTestId('tested-note').locator('strong').textContent()).toBe(
        `Best of ${num(api.tested, 0)} windows tested`,
      );
      const table = await readTable(s.page, 'seasonality-scan-results');
      expect(table.rows).toHaveLength(api.results.length);
      api.results.forEach((r, i) => {
        const row = byName(table, table.rows[i]!);
        const expected = {
          Symbol: r.symbol,
          Side: r.direction === 'short' ? 'Short' : 'Long',
          ...windowCells(r, r.direction),
        };
        expect(pick(row, Object.keys(expected)), `${r.symbol} ${r.direction}`).toEqual(expected);
        expectQValue(row['q-value']!, r.stats.qValue, `${r.symbol} ${r.direction}`);
      });
    }));

  it('technical scanner: the season20 fields of each symbol', () =>
    screen('scanner-season20', async () => {
      // as the screen asks (scanner-screen.tsx): the filters view, 1,000 rows, sparklines
      const api = await apiPost<ScanResponse>('/api/v1/scanner', { expression: EXPRESSION, limit: 1000, spark: true });
      const fromCli = await cli.scan;
      expect(fromCli.results).toEqual(api.results);
      expect({ asOf: fromCli.asOf, count: fromCli.count, stale: fromCli.stale }).toEqual({
        asOf: api.asOf,
        count: api.count,
        stale: api.stale,
      });
      expect(api.results.map((r) => r.symbol).sort()).toEqual([...SYMBOLS].sort());

      await open('/scanner', { expression: EXPRESSION });
      const results = s.page.getByTestId('scan-results');
      await results.locator('tbody tr').first().waitFor();
      const table = await readTable(s.page, 'scan-results');
      // the columns as scanner:season.label names them
      const label: Record<string, string> = {
        'season20.winRate': '20d seasonal win rate',
        'season20.mean': '20d seasonal mean',
        'season20.median': '20d seasonal median',
        'season20.count': '20d seasonal years',
        'season20.pValue': '20d seasonal p-value',
      };
      const fractions = ['season20.winRate', 'season20.mean', 'season20.median'];
      expect(table.rows).toHaveLength(api.results.length);
      api.results.forEach((r, i) => {
        const row = byName(table, table.rows[i]!);
        expect(row.Symbol).toBe(r.symbol);
        for (const field of SEASON_FIELDS) {
          const value = r[field];
          expect(typeof value, `${r.symbol} ${field}`).toBe('number');
          // The same number to the digits shown. (Today the cell of scan-results.tsx shows
          // the count with 2 decimals, "33.00", and the p-value with 2, not 3 as elsewhere:
          // checked by value, not by that format, so a fix of it keeps this test.)
          const cell = row[label[field]!]!;
          const percent = fractions.includes(field);
          expect(cell.endsWith('%'), `${r.symbol} ${field}: ${cell}`).toBe(percent);
          const digits = /\.(\d+)/.exec(cell)?.[1]?.length ?? 0;
          const shown = Number(cell.replace(/[%,+\s]/g, '').replace('−', '-'));
          expect(shown, `${r.symbol} ${field}: ${cell}`).toBeCloseTo((value as number) * (percent ? 100 : 1), digits);
        }
        // a mean as every seasonal screen shows it: a signed percentage with 2 decimals
        expect(row[label['season20.mean']!]).toBe(pct(r['season20.mean'] as number));
      });
    }));
});
