import {
  buildFieldTable,
  classAsOf,
  indicatorBars,
  isoDate,
  lastSessionOf,
  type FieldTable,
  type PriceSeries,
} from '@solstice/analytics';
import { GROUPED_ASSET_CLASSES, type GroupedAssetClass } from '@solstice/contracts';
import type { InstrumentInfo, MarketCache } from '../market/market-cache.js';
import { perVersion } from '../scanner/field-table-cache.js';

export interface ClassMember {
  info: InstrumentInfo;
  series: PriceSeries;
  lastBar: string;
  /** Its last completed session at the instant the groups were taken for (lastSessionOf). */
  session: string;
}

/** The instruments of one class beyond the equities that have bars, by symbol. */
export interface ClassMembers {
  assetClass: GroupedAssetClass;
  members: ClassMember[];
  /** Row i is members[i] at its own latest bar (each class is current on its own calendar). */
  table(): FieldTable;
}

/** One class's day for a view: its as-of, its stale count and its current members. */
export interface ClassDay {
  assetClass: GroupedAssetClass;
  asOf: string | null;
  stale: number;
  /** Indexes into the class's members (and rows of its table), by symbol. */
  current: number[];
}

type Grouped = { assetClass: GroupedAssetClass; members: Omit<ClassMember, 'session'>[] };

const isGrouped = (assetClass: string): assetClass is GroupedAssetClass =>
  (GROUPED_ASSET_CLASSES as readonly string[]).includes(assetClass);

/** The instruments of each grouped class with bars, once per market version. */
const groupedInstruments: (market: MarketCache) => Grouped[] = perVersion((market) => {
  const byClass = new Map<GroupedAssetClass, Grouped['members']>();
  for (const info of market.instruments()) {
    if (!isGrouped(info.assetClass)) continue;
    const series = market.series(info.symbol);
    const n = series?.dates.length ?? 0;
    if (!series || n === 0) continue;
    const members = byClass.get(info.assetClass) ?? [];
    members.push({ info, series, lastBar: isoDate(series.dates[n - 1]!) });
    byClass.set(info.assetClass, members);
  }
  return GROUPED_ASSET_CLASSES.flatMap((assetClass) => {
    const members = byClass.get(assetClass);
    return members ? [{ assetClass, members }] : [];
  });
});

/** The classes at a set of sessions, kept per market version by the sessions' key. */
const atSessions = perVersion(() => new Map<string, ClassMembers[]>());

/**
 * The grouped classes (index, future, fx, crypto, in that order; a class without an instrument
 * with bars has none) with each member's session at `now`. Staleness moves with the clock, not
 * with the data: `key` names the sessions, for the caches of the views built from them.
 */
export function classesAt(market: MarketCache, now: number): { key: string; classes: ClassMembers[] } {
  const grouped = groupedInstruments(market);
  const sessions = new Map<string, string>();
  for (const { members } of grouped)
    for (const { info } of members) {
      const zone = `${info.calendar}|${info.timezone}`;
      if (!sessions.has(zone)) sessions.set(zone, lastSessionOf(info.calendar, info.timezone, now));
    }
  const key = [...sessions].map(([zone, session]) => `${zone}=${session}`).join(',');
  const memo = atSessions(market);
  let classes = memo.get(key);
  if (!classes) {
    classes = grouped.map(({ assetClass, members }) => {
      const dated = members.map((m) => ({ ...m, session: sessions.get(`${m.info.calendar}|${m.info.timezone}`)! }));
      let table: FieldTable | null = null;
      return {
        assetClass,
        members: dated,
        table: () => (table ??= latestBarTable(dated)),
      };
    });
    // a new key per session change only: a handful a day
    if (memo.size >= 16) memo.clear();
    memo.set(key, classes);
  }
  return { key, classes };
}

/** A class's day over its members that `keep` keeps (all by default): §15.4's as-of and stale count. */
export function classDay(c: ClassMembers, keep: (symbol: string) => boolean = () => true): ClassDay | null {
  const kept = c.members.flatMap((m, i) => (keep(m.info.symbol) ? [i] : []));
  if (kept.length === 0) return null;
  const day = classAsOf(
    kept.map((i) => ({
      calendar: c.members[i]!.info.calendar,
      lastBar: c.members[i]!.lastBar,
      session: c.members[i]!.session,
    })),
  );
  return {
    assetClass: c.assetClass,
    asOf: day.asOf,
    stale: day.stale,
    current: kept.filter((_, j) => day.current[j]),
  };
}

function latestBarTable(members: readonly ClassMember[]): FieldTable {
  return buildFieldTable(
    members.map(({ info, series }) => {
      const instrument = {
        symbol: info.symbol,
        name: info.name,
        type: info.type,
        sector: info.sector,
        industry: info.industry,
        marketCap: info.marketCap,
        calendar: info.calendar,
        hasVolume: info.hasVolume,
      };
      // no series: the heatmap reads the change fields only, not the seasonal ones
      return { instrument, bars: indicatorBars(series, 2, series.dates.length - 1, instrument) };
    }),
  );
}
