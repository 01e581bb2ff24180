import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { civilDate, dayNumberOf, isoDate, seriesFromRows } from '../series.js';
import { seasonalCalendar } from '../seasonality/calendar.js';
import { monthKeyOfDay, monthlyStatistics } from './month-means.js';
import { testSeries } from '../indicators/test-series.js';
import { buildFieldTable } from '../scanner/field-table.js';
import { testBar as bar, testInstrument as inst } from '../scanner/test-table.js';
import { heatmapTree, sectorPeriodGrid, seasonalityGrid } from './heatmap.js';
import { marketOverview } from './overview.js';
import { parseUniverse, universeRows, weightedChange } from './universe.js';

const perf = (w1: number | null) => ({ w1, m1: null, m3: null, m6: null, ytd: null, y1: null });

// dollar volume = close × avgVolume20: A 1000, B 3000, C 1000, D 1000, E unknown
const table = buildFieldTable([
  {
    instrument: inst('A', 'Energy', { industry: 'Oil', marketCap: 3e9 }),
    bars: [
      bar({
        close: 10,
        avgVolume20: 100,
        change1d: 0.1,
        perf: perf(0.2),
        sma50: 9,
        sma200: 11,
        high: 10,
        high52w: 10,
        low: 9,
        low52w: 8,
        volume: 500,
      }),
    ],
  },
  {
    instrument: inst('B', 'Energy', { industry: 'Oil', marketCap: 1e9 }),
    bars: [
      bar({ close: 20, avgVolume20: 150, change1d: -0.02, sma200: 19, high52w: 25, low: 20, low52w: 20, volume: 900 }),
    ],
  },
  {
    instrument: inst('C', 'Energy', { industry: 'Gas' }),
    bars: [bar({ close: 5, avgVolume20: 200, change1d: 0, perf: perf(0.05), volume: 100 })],
  },
  {
    instrument: inst('D', 'Technology', { industry: 'Software', marketCap: 2e9 }),
    bars: [bar({ close: 100, avgVolume20: 10, change1d: 0.03, volume: 50 })],
  },
  { instrument: inst('E', null), bars: [bar({ close: 1, change1d: 0.5, volume: 10 })] },
  {
    instrument: inst('SPY', null, { type: 'etf', name: 'SPDR S&P 500 ETF' }),
    bars: [bar({ close: 400, change1d: 0.01, volume: 1e6, asOf: '2024-05-09' })],
  },
  {
    instrument: inst('^GSPC', null, { type: 'index', name: 'S&P 500' }),
    bars: [bar({ close: 5000, change1d: 0.012 })],
  },
]);
const all = universeRows(table, { kind: 'all' });

describe('universe', () => {
  it('parses all, sector:NAME and lists', () => {
    expect(parseUniverse(undefined)).toEqual({ kind: 'all' });
    expect(parseUniverse('ALL')).toEqual({ kind: 'all' });
    expect(parseUniverse('sector:Energy')).toEqual({ kind: 'sector', sector: 'Energy' });
    expect(parseUniverse(' spy, qqq ,SPY')).toEqual({ kind: 'symbols', symbols: ['SPY', 'QQQ'] });
    expect(parseUniverse('sector:')).toBeNull();
    expect(parseUniverse(',')).toBeNull();
  });

  it('all and a sector hold stocks only; a list holds any listed symbol in its order', () => {
    const symbols = (rows: number[]) => rows.map((i) => table.text.symbol[i]);
    expect(symbols(all)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(symbols(universeRows(table, { kind: 'sector', sector: 'energy' }))).toEqual(['A', 'B', 'C']);
    expect(symbols(universeRows(table, { kind: 'symbols', symbols: ['SPY', 'NOPE', 'D'] }))).toEqual(['SPY', 'D']);
  });

  it('weights changes by size and skips unknown changes or sizes', () => {
    expect(weightedChange(table, all, '1d', 'dollarvolume')).toBeCloseTo(70 / 6000, 15);
    expect(weightedChange(table, all, '1w', 'equal')).toBeCloseTo(0.125, 15);
    expect(weightedChange(table, all, '1d', 'marketcap')).toBeCloseTo((0.3e9 - 0.02e9 + 0.06e9) / 6e9, 15);
    expect(weightedChange(table, all, '1y', 'equal')).toBeNull();
  });
});

describe('heatmap tree', () => {
  it('sector → industry → symbol by dollar volume, size-weighted changes, largest first', () => {
    const tree = heatmapTree(table, all, '1d', 'dollarvolume');
    expect(tree.name).toBe('All');
    expect(tree.size).toBe(6000);
    expect(tree.change).toBeCloseTo(70 / 6000, 15);
    expect(tree.children.map((s) => [s.name, s.size])).toEqual([
      ['Energy', 5000],
      ['Technology', 1000],
    ]);
    const energy = tree.children[0];
    expect(energy?.change).toBeCloseTo(0.008, 15);
    expect(energy?.children.map((i) => [i.name, i.size, i.change])).toEqual([
      ['Oil', 4000, (100 - 60) / 4000],
      ['Gas', 1000, 0],
    ]);
    expect(energy?.children[0]?.children).toEqual([
      { symbol: 'B', name: 'B Inc.', size: 3000, change: -0.02, close: 20, volume: 900 },
      { symbol: 'A', name: 'A Inc.', size: 1000, change: 0.1, close: 10, volume: 500 },
    ]);
  });

  it('market cap sizing leaves out symbols without one; equal sizing groups a missing sector as Other', () => {
    const byCap = heatmapTree(table, all, '1d', 'marketcap');
    expect(byCap.children.map((s) => [s.name, s.size])).toEqual([
      ['Energy', 4e9],
      ['Technology', 2e9],
    ]);
    expect(byCap.children[0]?.change).toBeCloseTo(0.07, 15);
    const equal = heatmapTree(table, all, '1w', 'equal');
    expect(equal.children.map((s) => [s.name, s.size, s.change])).toEqual([
      ['Energy', 3, 0.125],
      ['Other', 1, null],
      ['Technology', 1, null],
    ]);
    expect(equal.change).toBeCloseTo(0.125, 15);
  });

  it('an empty universe is an empty tree', () => {
    expect(heatmapTree(table, [], '1d', 'equal')).toEqual({ name: 'All', size: 0, change: null, children: [] });
  });
});

describe('sector × period grid', () => {
  it('gives every sector each period’s weighted change, sectors by name', () => {
    const grid = sectorPeriodGrid(table, all, 'equal');
    expect(grid.map((r) => [r.sector, r.count])).toEqual([
      ['Energy', 3],
      ['Other', 1],
      ['Technology', 1],
    ]);
    expect(grid[0]?.values['1d']).toBeCloseTo(0.08 / 3, 15);
    expect(grid[0]?.values['1w']).toBeCloseTo(0.125, 15);
    expect(grid[0]?.values['1y']).toBeNull();
    expect(grid[1]?.values['1d']).toBe(0.5);
    expect(Object.keys(grid[2]?.values ?? {})).toEqual(['1d', '1w', '1m', '3m', '6m', 'ytd', '1y']);
  });
});

describe('seasonality grid', () => {
  it('is the mean, count and win rate of each complete month over the years, never the month to date', () => {
    // The latest bar is 2024-02-09: February 2024 (150 / 120 − 1 = +25 %) is "to date".
    const s = testSeries('M', [100, 110, 99, 100, 120, 150], {
      dates: ['2022-12-30', '2023-01-31', '2023-02-28', '2023-12-29', '2024-01-31', '2024-02-09'],
    });
    const [row] = seasonalityGrid([s]);
    expect(row?.symbol).toBe('M');
    expect(row?.values).toHaveLength(12);
    expect(row?.values[0]).toBeCloseTo(0.15, 15); // Jan: +10% (2023), +20% (2024)
    expect(row?.values[1]).toBeCloseTo(-0.1, 15); // Feb: −10% (2023) only
    expect(row?.values.slice(2)).toEqual(Array.from({ length: 10 }, () => null)); // Dec 2023 lacks a Nov close
    expect(row?.counts).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(row?.winRates).toEqual([1, 0, null, null, null, null, null, null, null, null, null, null]);
  });
});

describe('market overview', () => {
  const o = marketOverview(table);

  it('index cards in the fixed order for the symbols present', () => {
    expect(o.asOf).toBe('2024-05-10');
    expect(o.indices.map((c) => [c.symbol, c.name, c.asOf, c.close, c.change1d])).toEqual([
      ['^GSPC', 'S&P 500', '2024-05-10', 5000, 0.012],
      ['SPY', 'SPDR S&P 500 ETF', '2024-05-09', 400, 0.01],
    ]);
  });

  it('breadth over the stocks', () => {
    expect(o.breadth).toEqual({
      total: 5,
      advancers: 3,
      decliners: 1,
      unchanged: 1,
      aboveSma50: 1,
      aboveSma200: 0.5,
      newHighs: 1,
      newLows: 1,
    });
  });

  it('top gainers, losers and most active', () => {
    expect(o.gainers.map((r) => r.symbol)).toEqual(['E', 'A', 'D']);
    expect(o.losers.map((r) => r.symbol)).toEqual(['B']);
    expect(o.mostActive.map((r) => [r.symbol, r.volume])).toEqual([
      ['B', 900],
      ['A', 500],
      ['C', 100],
      ['D', 50],
      ['E', 10],
    ]);
    expect(o.gainers[0]).toEqual({ symbol: 'E', name: 'E Inc.', sector: null, close: 1, change1d: 0.5, volume: 10 });
    expect(o.sectors.map((s) => s.sector)).toEqual(['Energy', 'Other', 'Technology']);
  });

  it('weights sector changes by dollar volume, the heatmaps’ default, and says so', () => {
    // Energy: A +10 % at 1000, B −2 % at 3000, C 0 % at 1000 → (100 − 60 + 0) / 5000 = +0.8 %
    // (equal weights would give +2.67 %).
    expect(o.sectorWeighting).toBe('dollarvolume');
    expect(o.sectors[0]?.sector).toBe('Energy');
    expect(o.sectors[0]?.values['1d']).toBeCloseTo(0.008, 15);
    expect(o.sectors).toEqual(sectorPeriodGrid(table, universeRows(table, { kind: 'all' }), 'dollarvolume'));
  });

  it('keeps at most 10 per list', () => {
    const many = buildFieldTable(
      Array.from({ length: 15 }, (_, k) => ({
        instrument: inst(`S${String(k).padStart(2, '0')}`, 'X'),
        bars: [bar({ close: 10, change1d: (k - 7) / 100, volume: k })],
      })),
    );
    const m = marketOverview(many);
    expect(m.gainers.map((r) => r.symbol)).toEqual(['S14', 'S13', 'S12', 'S11', 'S10', 'S09', 'S08']);
    expect(m.losers).toHaveLength(7);
    expect(m.mostActive).toHaveLength(10);
    expect(m.mostActive[0]?.symbol).toBe('S14');
  });
});

describe('monthly mean returns', () => {
  it('month keys agree with the calendar for every day of 1900–2100', () => {
    for (let day = dayNumberOf(1900, 1, 1); day <= dayNumberOf(2100, 12, 31); day++) {
      const c = civilDate(day);
      if (monthKeyOfDay(day) !== c.year * 12 + c.month - 1) throw new Error(`day ${day}`);
    }
    expect(monthKeyOfDay(dayNumberOf(2024, 2, 29))).toBe(2024 * 12 + 1);
    expect(monthKeyOfDay(dayNumberOf(1969, 12, 31))).toBe(1969 * 12 + 11);
  });

  it('equal the seasonality calendar’s monthly means, counts and win rates (same values, same order of summation)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.double({ min: 1, max: 500, noNaN: true })), {
          minLength: 1,
          maxLength: 400,
        }),
        (steps) => {
          let day = dayNumberOf(2019, 12, 20);
          const rows = steps.map(([gap, close]) => {
            day += gap;
            return { date: isoDate(day), open: close, high: close, low: close, close, volume: 1 };
          });
          const s = seriesFromRows('P', rows);
          const calendar = seasonalCalendar(s).summary;
          const grid = monthlyStatistics(s);
          expect(grid.mean).toEqual(calendar.map((m) => m.mean));
          expect(grid.count).toEqual(calendar.map((m) => m.count));
          expect(grid.winRate).toEqual(calendar.map((m) => m.winRate));
        },
      ),
      { numRuns: 200 },
    );
  });
});
