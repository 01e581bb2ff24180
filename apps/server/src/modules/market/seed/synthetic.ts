import type { PriceSeries } from '@solstice/analytics';
import { civilDate } from '@solstice/analytics';
import { dayNumberFast, weekday } from '../dates.js';
import { hash32, Random } from './random.js';
import { demoUniverse, SECTORS, type UniverseMember } from './universe.js';

export const DEFAULT_SEED = 20_240_101;
/** The first demo trading day. */
export const DEMO_START = '2000-01-03';

export interface SyntheticOptions {
  seed?: number;
  /** 'YYYY-MM-DD': bars run up to the last weekday before it (production passes the real date). */
  today: string;
  /** Only these symbols (tests); every symbol's bars are the same as in the full run. */
  only?: readonly string[];
}

/** Weekdays from DEMO_START to the last weekday before `today` (the demo calendar has no holidays). */
export function demoCalendar(today: string): Int32Array {
  const first = dayNumberFast(DEMO_START);
  const end = dayNumberFast(today);
  const days: number[] = [];
  for (let d = first; d < end; d++) {
    const w = weekday(d);
    if (w !== 0 && w !== 6) days.push(d);
  }
  return Int32Array.from(days);
}

// Market: GARCH(1,1) with Student-t(5) shocks; long-run daily volatility 1.1 %.
const LONG_RUN_VOL = 0.011;
const GARCH_ALPHA = 0.09;
const GARCH_BETA = 0.89;
const MARKET_DRIFT = 0.07 / 252;
const SECTOR_VOL = 0.006;

/**
 * The seasonal effects built into the demo data (docs/data-import.md lists them): extra
 * daily drift on given calendar windows, so that the seasonality screens find something real.
 */
export interface SeasonalEffect {
  label: string;
  applies: (m: UniverseMember) => boolean;
  /** Inclusive month/day window; may wrap the year end. */
  from: [number, number];
  to: [number, number];
  dailyDrift: number;
}

export const SEASONAL_EFFECTS: readonly SeasonalEffect[] = [
  {
    label: 'Year-end rally (all instruments, through the market factor)',
    applies: () => false,
    from: [12, 15],
    to: [1, 5],
    dailyDrift: 0.0012,
  },
  {
    label: 'September weakness (all, through the market factor)',
    applies: () => false,
    from: [9, 1],
    to: [9, 30],
    dailyDrift: -0.0008,
  },
  {
    label: 'Energy: spring driving-season rally (Energy stocks, XLE)',
    applies: (m) => m.sector === 'Energy',
    from: [2, 15],
    to: [4, 30],
    dailyDrift: 0.0015,
  },
  {
    label: 'Retail: holiday-season run (Broadline and Specialty Retail)',
    applies: (m) => m.industry === 'Broadline Retail' || m.industry === 'Specialty Retail',
    from: [10, 28],
    to: [12, 31],
    dailyDrift: 0.002,
  },
  {
    label: 'Metals & Mining: winter strength',
    applies: (m) => m.industry === 'Metals & Mining',
    from: [12, 20],
    to: [2, 20],
    dailyDrift: 0.0018,
  },
  { label: 'AAPL: summer run-up', applies: (m) => m.symbol === 'AAPL', from: [6, 25], to: [7, 31], dailyDrift: 0.0025 },
];

function inWindow(month: number, day: number, from: [number, number], to: [number, number]): boolean {
  const x = month * 100 + day;
  const a = from[0] * 100 + from[1];
  const b = to[0] * 100 + to[1];
  return a <= b ? x >= a && x <= b : x >= a || x <= b;
}

interface Factors {
  days: Int32Array;
  month: Uint8Array;
  dom: Uint8Array;
  /** Market log-return and conditional volatility per day. */
  market: Float64Array;
  vol: Float64Array;
  /** Per sector: the sector's own shock per day. */
  sector: Float64Array[];
}

function marketFactors(seed: number, days: Int32Array): Factors {
  const n = days.length;
  const rng = Random.seeded(hash32(`market:${seed}`));
  const month = new Uint8Array(n);
  const dom = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    const c = civilDate(days[t]!);
    month[t] = c.month;
    dom[t] = c.day;
  }
  const market = new Float64Array(n);
  const vol = new Float64Array(n);
  const omega = LONG_RUN_VOL ** 2 * (1 - GARCH_ALPHA - GARCH_BETA);
  let variance = LONG_RUN_VOL ** 2;
  let shock = 0;
  const yearEnd = SEASONAL_EFFECTS[0]!;
  const september = SEASONAL_EFFECTS[1]!;
  for (let t = 0; t < n; t++) {
    variance = omega + GARCH_ALPHA * shock * shock + GARCH_BETA * variance;
    const sigma = Math.sqrt(variance);
    shock = sigma * rng.studentT(5);
    let drift = MARKET_DRIFT;
    if (inWindow(month[t]!, dom[t]!, yearEnd.from, yearEnd.to)) drift += yearEnd.dailyDrift;
    if (inWindow(month[t]!, dom[t]!, september.from, september.to)) drift += september.dailyDrift;
    // Turn of the month: the first three trading days of a month.
    if (
      dom[t]! <= 4 &&
      (t === 0 ||
        month[t - 1] !== month[t] ||
        (t >= 2 && month[t - 2] !== month[t]) ||
        (t >= 3 && month[t - 3] !== month[t]))
    )
      drift += 0.0006;
    market[t] = drift + shock;
    vol[t] = sigma;
  }
  const sector = SECTORS.map((s) => {
    const r = Random.seeded(hash32(`sector:${s.name}:${seed}`));
    const out = new Float64Array(n);
    for (let t = 0; t < n; t++) out[t] = SECTOR_VOL * (vol[t]! / LONG_RUN_VOL) * r.studentT(5);
    return out;
  });
  return { days, month, dom, market, vol, sector };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function generateMember(member: UniverseMember, f: Factors, seed: number): PriceSeries {
  const n = f.days.length;
  const rng = Random.seeded(hash32(`${member.symbol}:${seed}`));
  const s: PriceSeries = {
    symbol: member.symbol,
    dates: f.days.slice(),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Float64Array(n),
  };
  const sectorIndex = SECTORS.findIndex((x) => x.name === member.sector);
  const sectorShock = sectorIndex >= 0 ? f.sector[sectorIndex]! : null;
  const isEtf = member.type === 'etf';
  const isBroadEtf = isEtf && member.sector === null;
  // Idiosyncratic daily volatility: large caps calmer; ETFs nearly none.
  const cap = member.marketCap ?? 1e11;
  const idioVol = isEtf
    ? isBroadEtf
      ? member.symbol === 'SPY'
        ? 0.0004
        : 0.003
      : 0.0015
    : 0.009 + 0.012 * rng.uniform() * (cap > 2e11 ? 0.5 : 1);
  const sectorLoading = isBroadEtf ? 0 : isEtf ? 1 : 0.6 + 0.6 * rng.uniform();
  const annualGrowth = isEtf ? 0 : -0.04 + 0.14 * rng.uniform();
  const effects = SEASONAL_EFFECTS.slice(2).filter((e) => e.applies(member));
  const earningsOffset = rng.int(0, 62);
  // Start price: ETFs from familiar levels, stocks log-uniform $8–$120.
  const startPrice =
    member.symbol === 'SPY'
      ? 145
      : member.symbol === 'QQQ'
        ? 90
        : member.symbol === 'DIA'
          ? 115
          : member.symbol === 'IWM'
            ? 50
            : isEtf
              ? 25
              : Math.exp(Math.log(8) + rng.uniform() * Math.log(15));
  const baseVolume = isEtf ? (isBroadEtf ? 6e7 : 8e6) : 1.5e6 * Math.pow(cap / 2e10, 0.6);
  let logPrice = Math.log(startPrice);
  const logStart = logPrice;
  let prevClose = startPrice;
  for (let t = 0; t < n; t++) {
    const h = f.vol[t]! / LONG_RUN_VOL;
    let r = member.beta * f.market[t]! + (sectorShock ? sectorLoading * sectorShock[t]! : 0);
    let shock = idioVol * Math.pow(h, 0.7) * rng.studentT(4);
    // Earnings days, once a quarter: a bigger idiosyncratic move.
    if (!isEtf && t % 63 === earningsOffset) shock += idioVol * 3 * rng.studentT(4);
    r += shock;
    for (const e of effects) if (inWindow(f.month[t]!, f.dom[t]!, e.from, e.to)) r += e.dailyDrift;
    // A weak pull towards the instrument's growth path keeps 25 years of prices plausible.
    const target = logStart + (annualGrowth * t) / 252;
    r += -0.002 * (logPrice - target) + (isEtf ? 0 : annualGrowth / 252 - member.beta * MARKET_DRIFT);
    logPrice += r;
    const close = Math.exp(logPrice);
    const dayVol = Math.sqrt((member.beta * f.vol[t]!) ** 2 + idioVol * idioVol * h);
    const open = prevClose * Math.exp(0.3 * (logPrice - Math.log(prevClose)) + 0.25 * dayVol * rng.normal());
    const oc = [round2(open), round2(close)];
    const top = Math.max(oc[0]!, oc[1]!);
    const bottom = Math.min(oc[0]!, oc[1]!);
    const hi = Math.max(top, round2(Math.max(open, close) * Math.exp(Math.abs(rng.normal()) * 0.5 * dayVol)));
    const lo = Math.max(
      0.01,
      Math.min(bottom, round2(Math.min(open, close) * Math.exp(-Math.abs(rng.normal()) * 0.5 * dayVol))),
    );
    s.open[t] = Math.max(oc[0]!, 0.01);
    s.close[t] = Math.max(oc[1]!, 0.01);
    s.high[t] = Math.max(hi, s.open[t]!, s.close[t]!);
    s.low[t] = Math.min(lo, s.open[t]!, s.close[t]!);
    // Volume rises with market volatility and with the size of the day's own move.
    s.volume[t] = Math.round(
      baseVolume * Math.exp(0.25 * rng.normal()) * (0.4 + 0.6 * h) * (1 + (0.8 * Math.abs(r)) / Math.max(dayVol, 1e-4)),
    );
    prevClose = close;
  }
  return s;
}

export interface SyntheticInstrument {
  member: UniverseMember;
  series: PriceSeries;
}

/**
 * The demo universe's bars, one instrument at a time (memory holds one series): shared
 * market (GARCH) and sector factors, per-symbol fat-tailed shocks, seasonal windows,
 * volumes that follow volatility; OHLC consistent and rounded to cents.
 */
export function* generateDemoUniverse(options: SyntheticOptions): Generator<SyntheticInstrument, void, undefined> {
  const seed = options.seed ?? DEFAULT_SEED;
  const days = demoCalendar(options.today);
  const factors = marketFactors(seed, days);
  const only = options.only ? new Set(options.only) : null;
  for (const member of demoUniverse(seed)) {
    if (only && !only.has(member.symbol)) continue;
    yield { member, series: generateMember(member, factors, seed) };
  }
}
