import { dayNumber, isoDate, seriesFromRows, type PriceSeries } from '../series.js';

/** A series from [date, close] pairs (open = high = low = close). */
export function closes(symbol: string, rows: ReadonlyArray<readonly [string, number]>): PriceSeries {
  return seriesFromRows(
    symbol,
    rows.map(([date, close]) => ({ date, open: close, high: close, low: close, close, volume: 1 })),
  );
}

/**
 * A series of multiplicative moves: each close is the one before × its move (the first: `price`
 * × its move), `gap(i)` days after the bar before (the first: after `from`).
 */
export function moves(
  symbol: string,
  from: string,
  price: number,
  factors: readonly number[],
  gap: (i: number) => number,
): PriceSeries {
  let close = price;
  let day = dayNumber(from);
  return closes(
    symbol,
    factors.map((m, i) => {
      close *= m;
      day += gap(i);
      return [isoDate(day), close] as const;
    }),
  );
}

/** A bar on every calendar day from `from` to `to`, its close given by `price(date)`. */
export function everyDay(symbol: string, from: string, to: string, price: (date: string) => number): PriceSeries {
  const rows: [string, number][] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d++) rows.push([isoDate(d), price(isoDate(d))]);
  return closes(symbol, rows);
}

/** A bar on every weekday from `from` to `to`. */
export function weekdays(symbol: string, from: string, to: string, price: (date: string) => number): PriceSeries {
  const rows: [string, number][] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) rows.push([isoDate(d), price(isoDate(d))]);
  }
  return closes(symbol, rows);
}

/**
 * Sparse [date, close] bars (a trading day is a day with a bar) up to 2023-03-10, as of which
 * season10 reads 03-11 → 03-21: +10 % (2020), −5 % (2021), +20 % (2022). Server tests share
 * them through `@solstice/analytics/test-fixtures`.
 */
export const SPARSE_SEASON10_BARS: ReadonlyArray<readonly [string, number]> = [
  ['2020-01-02', 100],
  ['2020-03-11', 10],
  ['2020-03-20', 11],
  ['2021-03-12', 20],
  ['2021-03-19', 19],
  ['2022-03-11', 30],
  ['2022-03-21', 36],
  ['2023-03-10', 50],
];

/**
 * Sparse bars "SP" for season10 as of 2023-03-10 (SPARSE_SEASON10_BARS), with two bars after
 * it that must change nothing as of that day. `extra` rows join them in date order.
 */
export function sparseSeason10(extra: ReadonlyArray<readonly [string, number]> = []): PriceSeries {
  const rows: ReadonlyArray<readonly [string, number]> = [
    ...SPARSE_SEASON10_BARS,
    ['2023-03-13', 10],
    ['2023-03-21', 99],
  ];
  return closes(
    'SP',
    [...rows, ...extra].sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** P(X ≥ k), X ~ Binomial(n, p), written out: the plain check of the p-values. */
export function plainBinomialTail(k: number, n: number, p: number): number {
  let total = 0;
  for (let i = k; i <= n; i++) {
    let choose = 1;
    for (let j = 1; j <= i; j++) choose = (choose * (n - i + j)) / j;
    total += choose * p ** i * (1 - p) ** (n - i);
  }
  return total;
}

/** An object whose every named key is null (the statistics of an empty sample). */
export function nullsFor(keys: readonly string[]): Record<string, null> {
  return Object.fromEntries(keys.map((k) => [k, null]));
}

/** A random walk on weekdays (some left out as holidays, some closes unchanged), from a seed. */
export function randomSeries(symbol: string, seed: number, firstYear: number, years: number): PriceSeries {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const rows: [string, number][] = [];
  let price = 100;
  const from = dayNumber(`${firstYear}-01-01`) + Math.floor(next() * 300);
  const to = dayNumber(`${firstYear + years}-01-01`) + Math.floor(next() * 300);
  for (let d = from; d <= to; d++) {
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (weekday === 0 || weekday === 6 || next() < 0.03) continue;
    const u = next();
    if (u > 0.15) price = Math.max(1, price * (1 + (next() - 0.48) * 0.04));
    rows.push([isoDate(d), Math.round(price * 100) / 100]);
  }
  return closes(symbol, rows);
}
