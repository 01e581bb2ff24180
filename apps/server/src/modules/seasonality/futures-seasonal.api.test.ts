import { describe, expect, it } from 'vitest';
import { dayNumber, lowerBound } from '@solstice/analytics';
import { requestAs } from '../../testing/auth-helpers.js';
import { GOLD_ROLLS } from '../../testing/fake-providers/asset-classes.js';
import { quietCliDuringSuite, runCli } from '../../testing/run-cli.js';
import { useAssetClassApp } from '../../testing/asset-class-app.js';
import { testDialects } from '../../testing/test-databases.js';

/** Wednesday 2026-03-18, 12:00 UTC: the stand-in serves up to the day before. */
const NOW = Date.UTC(2026, 2, 18, 12, 0);

describe.each(testDialects())('seasonal answers about a future: roll gaps and back-adjustment (%s)', (dialect) => {
  quietCliDuringSuite();
  const { t, admin } = useAssetClassApp(dialect, ['SPY', 'GC=F', 'BTC-USD'], NOW);
  const pattern = (symbol: string, extra = '') =>
    requestAs(
      t,
      admin,
      'GET',
      `/api/v1/seasonality/pattern?symbol=${encodeURIComponent(symbol)}&start=08-01&end=12-31${extra}`,
    );
  /** The stored series' close on a date and the factor open_t / close_{t−1} of a roll-gap day. */
  const gold = () => t.services.market.series('GC=F')!;
  const closeOn = (date: string) => gold().close[lowerBound(gold().dates, dayNumber(date))]!;
  const factor = (date: string) => {
    const i = lowerBound(gold().dates, dayNumber(date));
    return gold().open[i]! / gold().close[i - 1]!;
  };

  it('the instrument API lists a future’s roll gaps with their gap (what the price chart marks); others none', async () => {
    const res = await requestAs(t, admin, 'GET', '/api/v1/instruments/GC%3DF');
    expect(res.statusCode).toBe(200);
    const { rollGaps } = res.json();
    expect(rollGaps.map((g: { date: string }) => g.date)).toEqual(GOLD_ROLLS.map((g) => g.date));
    rollGaps.forEach((g: { date: string; gap: number }) => expect(g.gap).toBeCloseTo(factor(g.date) - 1, 12));
    rollGaps.forEach((g: { gap: number }, i: number) => expect(g.gap).toBeCloseTo(GOLD_ROLLS[i]!.gap, 3));
    for (const symbol of ['SPY', 'BTC-USD']) {
      const other = await requestAs(t, admin, 'GET', `/api/v1/instruments/${encodeURIComponent(symbol)}`);
      expect(other.json().rollGaps, symbol).toEqual([]);
    }
  });

  it('lists per traded year the roll gaps after entry up to and including exit; a non-future lists none', async () => {
    const res = await pattern('GC=F');
    expect(res.statusCode).toBe(200);
    const [year] = res.json().years;
    expect(year).toMatchObject({ year: 2025, rollGaps: GOLD_ROLLS.slice(0, 2).map((g) => g.date) });
    expect(year.entryClose).toBe(closeOn(year.entryDate));
    const btc = (await pattern('BTC-USD')).json().years[0];
    expect(btc).not.toHaveProperty('rollGaps');
  });

  it('ratio back-adjusts the series before computing; none is the default; a non-future ignores it', async () => {
    const none = (await pattern('GC=F', '&rollAdjust=none')).json();
    expect(none).toEqual((await pattern('GC=F')).json());
    const ratio = (await pattern('GC=F', '&rollAdjust=ratio')).json();
    const [y] = ratio.years;
    const all = GOLD_ROLLS.map((g) => factor(g.date)).reduce((a, b) => a * b, 1);
    const third = factor(GOLD_ROLLS[2]!.date);
    expect(y.entryClose).toBeCloseTo(closeOn(y.entryDate) * all, 8);
    expect(y.exitClose).toBeCloseTo(closeOn(y.exitDate) * third, 8);
    expect(y.return).toBeCloseTo((closeOn(y.exitDate) * third) / (closeOn(y.entryDate) * all) - 1, 12);
    expect(y.return).not.toBeCloseTo(none.years[0].return, 3);
    expect(y.rollGaps).toEqual(none.years[0].rollGaps);
    expect((await pattern('BTC-USD', '&rollAdjust=ratio')).json()).toEqual((await pattern('BTC-USD')).json());
    expect((await pattern('GC=F', '&rollAdjust=log')).statusCode).toBe(400);

    if (dialect !== 'sqlite') return;
    const cli = JSON.parse(
      await runCli(
        t.database.url,
        '--json',
        'seasonality',
        'pattern',
        'GC=F',
        '--start',
        '08-01',
        '--end',
        '12-31',
        '--roll-adjust',
        'ratio',
      ),
    );
    expect(cli).toEqual(ratio);
  });

  it('best trades of a future: computed on the adjusted series, each window listing its years’ roll gaps', async () => {
    const best = (extra = '') =>
      requestAs(t, admin, 'GET', `/api/v1/seasonality/best-trades?symbol=GC%3DF&minDays=20&maxDays=40&top=3${extra}`);
    const none = await best();
    expect(none.statusCode).toBe(200);
    const ratio = (await best('&rollAdjust=ratio')).json();
    expect(ratio.long.length).toBeGreaterThan(0);
    for (const w of [...ratio.long, ...ratio.short]) {
      const direction = ratio.long.includes(w) ? 'long' : 'short';
      const url = `/api/v1/seasonality/pattern?symbol=GC%3DF&start=${w.start}&end=${w.end}&rollAdjust=ratio&direction=${direction}`;
      const p = (await requestAs(t, admin, 'GET', url)).json();
      expect(w.rollGaps).toEqual(
        p.years.map((y: { year: number; rollGaps: string[] }) => ({ year: y.year, dates: y.rollGaps })),
      );
      expect(w.stats.mean).toBeCloseTo(p.stats.mean, 12);
    }
    expect(ratio).not.toEqual(none.json());
    const spy = (
      await requestAs(t, admin, 'GET', '/api/v1/seasonality/best-trades?symbol=SPY&minDays=20&maxDays=40&top=3')
    ).json();
    expect(spy.long[0]).not.toHaveProperty('rollGaps');
  });

  it('the calendar and the seasonal chart of a future compute on the adjusted series', async () => {
    const get = (what: string, extra = '') =>
      requestAs(t, admin, 'GET', `/api/v1/seasonality/${what}?symbol=GC%3DF${extra}`).then((r) => r.json());
    const months = (c: { months: unknown }) => JSON.stringify(c.months);
    expect(months(await get('calendar', '&rollAdjust=ratio'))).not.toBe(months(await get('calendar')));
    expect(await get('calendar', '&rollAdjust=none')).toEqual(await get('calendar'));
    if (dialect !== 'sqlite') return;
    const cli = JSON.parse(
      await runCli(t.database.url, '--json', 'seasonality', 'calendar', 'GC=F', '--roll-adjust', 'ratio'),
    );
    expect(cli).toEqual(await get('calendar', '&rollAdjust=ratio'));
  });
  it('the backtest reads a future leg adjusted by rollAdjust, each of its trades listing its roll gaps; SPY unchanged', async () => {
    const legs = [
      { symbol: 'GC=F', start: '08-01', end: '12-31', direction: 'long' },
      { symbol: 'SPY', start: '08-01', end: '12-31', direction: 'long' },
    ];
    const run = async (extra: object = {}) => {
      const res = await requestAs(t, admin, 'POST', '/api/v1/seasonality/backtest', {
        legs,
        from: 2025,
        to: 2025,
        costBps: 0,
        ...extra,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const none = await run();
    const ratio = await run({ rollAdjust: 'ratio' });
    type Trade = { symbol: string; entryDate: string; exitDate: string; return: number; rollGaps?: string[] };
    const trade = (answer: { trades: Trade[] }, symbol: string) => answer.trades.find((x) => x.symbol === symbol)!;
    const g = trade(ratio, 'GC=F');
    const all = GOLD_ROLLS.map((r) => factor(r.date)).reduce((a, b) => a * b, 1);
    const third = factor(GOLD_ROLLS[2]!.date);
    expect(g.return).toBeCloseTo((closeOn(g.exitDate) * third) / (closeOn(g.entryDate) * all) - 1, 12);
    expect(trade(none, 'GC=F').return).toBeCloseTo(closeOn(g.exitDate) / closeOn(g.entryDate) - 1, 12);
    expect(g.return).not.toBeCloseTo(trade(none, 'GC=F').return, 3);
    expect(g.rollGaps).toEqual(GOLD_ROLLS.slice(0, 2).map((r) => r.date));
    expect(trade(none, 'GC=F').rollGaps).toEqual(g.rollGaps);
    expect(trade(ratio, 'SPY')).toEqual(trade(none, 'SPY'));
    expect(trade(ratio, 'SPY')).not.toHaveProperty('rollGaps');
    expect(ratio.metrics.totalReturn).not.toBeCloseTo(none.metrics.totalReturn, 3);

    if (dialect !== 'sqlite') return;
    const args = ['seasonality', 'backtest', '--leg', 'GC=F:08-01:12-31:long', '--leg', 'SPY:08-01:12-31:long'];
    const more = ['--from', '2025', '--to', '2025', '--cost-bps', '0', '--roll-adjust', 'ratio'];
    const cli = JSON.parse(await runCli(t.database.url, '--json', ...args, ...more));
    expect(cli).toEqual(ratio);
  });
  it('the seasonality scanner reads each future of the universe adjusted, listing its years’ roll gaps; others unchanged', async () => {
    const scan = async (extra: object = {}) => {
      const res = await requestAs(t, admin, 'POST', '/api/v1/seasonality/scan', {
        universe: ['GC=F', 'SPY'],
        startFrom: '08-01',
        startTo: '08-01',
        minDays: 152,
        maxDays: 152,
        minYears: 1,
        ...extra,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    type Result = { symbol: string; start: string; end: string; stats: { mean: number }; rollGaps?: unknown };
    const of = (answer: { results: Result[] }, symbol: string) => answer.results.find((r) => r.symbol === symbol)!;
    const none = await scan();
    const ratio = await scan({ rollAdjust: 'ratio' });
    const gold = of(ratio, 'GC=F');
    const url = `/api/v1/seasonality/pattern?symbol=GC%3DF&start=${gold.start}&end=${gold.end}&rollAdjust=ratio`;
    const [y] = (await requestAs(t, admin, 'GET', url)).json().years;
    const all = GOLD_ROLLS.map((r) => factor(r.date)).reduce((a, b) => a * b, 1);
    const third = factor(GOLD_ROLLS[2]!.date);
    expect(y.rollGaps).toEqual(GOLD_ROLLS.slice(0, 2).map((r) => r.date));
    expect(gold.stats.mean).toBeCloseTo((closeOn(y.exitDate) * third) / (closeOn(y.entryDate) * all) - 1, 12);
    expect(of(none, 'GC=F').stats.mean).toBeCloseTo(closeOn(y.exitDate) / closeOn(y.entryDate) - 1, 12);
    expect(gold.rollGaps).toEqual([{ year: 2025, dates: y.rollGaps }]);
    expect(of(none, 'GC=F').rollGaps).toEqual(gold.rollGaps);
    // SPY's window as it was; only its qValue moves, Benjamini–Hochberg counting the future's new pValue
    const withoutQ = (r: Result) => ({ ...r, stats: { ...r.stats, qValue: undefined } });
    expect(withoutQ(of(ratio, 'SPY'))).toEqual(withoutQ(of(none, 'SPY')));
    expect(of(ratio, 'SPY')).not.toHaveProperty('rollGaps');

    if (dialect !== 'sqlite') return;
    const args = ['seasonality', 'scan', '--symbols', 'GC=F,SPY', '--start-from', '08-01', '--start-to', '08-01'];
    const more = ['--min-days', '152', '--max-days', '152', '--min-years', '1', '--roll-adjust', 'ratio'];
    expect(JSON.parse(await runCli(t.database.url, '--json', ...args, ...more))).toEqual(ratio);
  });
  it('overfitting judges a future’s window on the adjusted series, the window listing its years’ roll gaps', async () => {
    const judge = (symbol: string, extra = '') =>
      requestAs(
        t,
        admin,
        'GET',
        `/api/v1/seasonality/overfitting?symbol=${encodeURIComponent(symbol)}&minDays=20&maxDays=40&minYears=1&window=08-01:12-31:long${extra}`,
      ).then((r) => {
        expect(r.statusCode).toBe(200);
        return r.json();
      });
    const ratio = await judge('GC=F', '&rollAdjust=ratio');
    const none = await judge('GC=F');
    const p = (await pattern('GC=F', '&rollAdjust=ratio')).json();
    expect(ratio.selected.stats.mean).toBeCloseTo(p.stats.mean, 12);
    expect(ratio.selected.stats.mean).not.toBeCloseTo(none.selected.stats.mean, 3);
    expect(ratio.selected.rollGaps).toEqual([{ year: 2025, dates: GOLD_ROLLS.slice(0, 2).map((r) => r.date) }]);
    expect(none.selected.rollGaps).toEqual(ratio.selected.rollGaps);
    const spy = await judge('SPY', '&rollAdjust=ratio');
    expect(spy).toEqual(await judge('SPY'));
    expect(spy.selected).not.toHaveProperty('rollGaps');

    if (dialect !== 'sqlite') return;
    const args = ['seasonality', 'overfitting', 'GC=F', '--min-days', '20', '--max-days', '40', '--min-years', '1'];
    const more = ['--window', '08-01:12-31:long', '--roll-adjust', 'ratio'];
    expect(JSON.parse(await runCli(t.database.url, '--json', ...args, ...more))).toEqual(ratio);
  });
});
