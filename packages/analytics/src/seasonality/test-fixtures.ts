import { dayNumber, isoDate, seriesFromRows, type PriceSeries } from '../series.js';

/** A series from [date, close] pairs (open = high = low = close). */
export function closes(symbol: string, rows: ReadonlyArray<readonly [string, number]>): PriceSeries {
  return seriesFromRows(
    symbol,
    rows.map(([date, close]) => ({ date, open: close, high: close, low: close, close, volume: 1 })),
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
