/**
 * The daily history of one instrument in columns. Dates are exchange calendar dates as
 * day numbers (days since 1970-01-01), ascending and unique; every column has the same length.
 */
export interface PriceSeries {
  symbol: string;
  dates: Int32Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

const MS_PER_DAY = 86_400_000;

/** 'YYYY-MM-DD' → day number. The caller validates the text. */
export function dayNumber(isoDate: string): number {
  return Math.round(Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10)) / MS_PER_DAY);
}

export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** Day number → 'YYYY-MM-DD'. */
export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Day number → { year, month (1–12), day (1–31) }. */
export function civilDate(day: number): { year: number; month: number; day: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * Day number → year·10000 + month·100 + day, by integer arithmetic (H. Hinnant's
 * civil-from-days): no Date and no object, for the loops that take apart every bar's date.
 */
export function packedCivilDate(day: number): number {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10_000 + m * 100 + d;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** A series of n zeroed bars, its columns to be filled in by the caller. */
export function allocateSeries(symbol: string, n: number): PriceSeries {
  return {
    symbol,
    dates: new Int32Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
}

/** Builds a series from rows (tests, importers); rows must be in ascending date order. */
export function seriesFromRows(
  symbol: string,
  rows: ReadonlyArray<{ date: string; open: number; high: number; low: number; close: number; volume: number }>,
): PriceSeries {
  const s = allocateSeries(symbol, rows.length);
  rows.forEach((r, i) => {
    s.dates[i] = dayNumber(r.date);
    s.open[i] = r.open;
    s.high[i] = r.high;
    s.low[i] = r.low;
    s.close[i] = r.close;
    s.volume[i] = r.volume;
  });
  return s;
}

/** The bars 0 … end of a series, as views (no copy). */
export function barsUpTo(series: PriceSeries, end: number): PriceSeries {
  const n = Math.max(0, Math.min(end + 1, series.dates.length));
  if (n === series.dates.length) return series;
  return {
    symbol: series.symbol,
    dates: series.dates.subarray(0, n),
    open: series.open.subarray(0, n),
    high: series.high.subarray(0, n),
    low: series.low.subarray(0, n),
    close: series.close.subarray(0, n),
    volume: series.volume.subarray(0, n),
  };
}
