import type { PriceSeries } from '../series.js';

/**
 * An instrument's calendar (data-providers.md §15.2) and what the analytics read from it
 * (analytics.md, "Asset classes and calendars"): how many bars make a period, and the
 * annualization factor of a backtest. A trading day stays "a date with a bar"; the calendar
 * only says how many of them a week, a month or a year holds.
 */
export const TRADING_CALENDARS = ['nyse', 'exchange', 'fx', 'crypto'] as const;
export type TradingCalendar = (typeof TRADING_CALENDARS)[number];

/** The calendar of an instrument that says none: the US stocks of the shared universe. */
export const DEFAULT_CALENDAR: TradingCalendar = 'nyse';

/**
 * What a computation needs to know about a symbol besides its bars. Both optional: absent
 * means a US stock (`nyse`, with volume), whose answers stay as they were.
 */
export interface SeriesTraits {
  calendar?: TradingCalendar;
  /** False: the provider has no volume (fx, Cboe indexes): volume and its functions are null. */
  hasVolume?: boolean;
}

/** Bars back for each performance period; y1 also spans high52w/low52w and annualizes volatility20. */
export interface PeriodBars {
  w1: number;
  m1: number;
  m3: number;
  m6: number;
  y1: number;
}

const PERIOD_BARS: Readonly<Record<TradingCalendar, Readonly<PeriodBars>>> = {
  nyse: { w1: 5, m1: 21, m3: 63, m6: 126, y1: 252 },
  exchange: { w1: 5, m1: 21, m3: 63, m6: 126, y1: 252 },
  fx: { w1: 5, m1: 22, m3: 65, m6: 130, y1: 260 },
  crypto: { w1: 7, m1: 30, m3: 91, m6: 182, y1: 365 },
};

export function isTradingCalendar(value: unknown): value is TradingCalendar {
  return typeof value === 'string' && (TRADING_CALENDARS as readonly string[]).includes(value);
}

/** The bars per period of a calendar (default `nyse`); an unknown calendar is a RangeError naming it. */
export function periodBars(calendar: TradingCalendar = DEFAULT_CALENDAR): Readonly<PeriodBars> {
  if (!isTradingCalendar(calendar)) {
    throw new RangeError(`calendar: expected one of ${TRADING_CALENDARS.join(', ')}, got ${String(calendar)}`);
  }
  return PERIOD_BARS[calendar];
}

/**
 * The annualization factor A of a backtest over legs of these calendars: 365 when one is
 * `crypto` (its equity dates then hold every calendar day), else 260 when one is `fx` or
 * `exchange`, else 252 (every leg `nyse`, or none given).
 */
export function annualizationFactor(calendars: Iterable<TradingCalendar | undefined>): 252 | 260 | 365 {
  let factor: 252 | 260 | 365 = 252;
  for (const c of calendars) {
    const calendar = c ?? DEFAULT_CALENDAR;
    periodBars(calendar);
    if (calendar === 'crypto') return 365;
    if (calendar === 'fx' || calendar === 'exchange') factor = 260;
  }
  return factor;
}

/** True unless the traits say the symbol has no volume. */
export function volumeKnown(traits: SeriesTraits | undefined): boolean {
  return traits?.hasVolume !== false;
}

/**
 * The series as the analytics read it: its own when it has volume, else a view whose volume
 * column is null (NaN) throughout, so every function of volume is null (analytics.md: a
 * provider's 0 for fx is no volume, not a volume of 0). The other columns are shared.
 */
export function withTraits(series: PriceSeries, traits: SeriesTraits | undefined): PriceSeries {
  if (volumeKnown(traits)) return series;
  return { ...series, volume: new Float64Array(series.dates.length).fill(NaN) };
}
