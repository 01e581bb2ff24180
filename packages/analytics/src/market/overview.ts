import type { FieldTable } from '../scanner/field-table.js';
import { sectorPeriodGrid, type SectorGridRow } from './heatmap.js';
import { DEFAULT_WEIGHTING, universeRows, type SizeMode } from './universe.js';

export const INDEX_CARD_SYMBOLS = ['^GSPC', 'SPY', 'QQQ', 'DIA', 'IWM'] as const;
export const TOP_LIST_SIZE = 10;

export interface IndexCard {
  symbol: string;
  name: string;
  asOf: string;
  close: number;
  change1d: number | null;
  w1: number | null;
  m1: number | null;
  ytd: number | null;
  y1: number | null;
}

export interface Breadth {
  /** Stocks with a 1-day change. */
  total: number;
  advancers: number;
  decliners: number;
  unchanged: number;
  /** Fraction (0…1) of the stocks with an sma50 whose close is above it; null when none has one. */
  aboveSma50: number | null;
  aboveSma200: number | null;
  /** Stocks whose high today is ≥ their 52-week high (i.e. equals it: the window includes today). */
  newHighs: number;
  newLows: number;
}

export interface MoverRow {
  symbol: string;
  name: string;
  sector: string | null;
  close: number;
  change1d: number | null;
  volume: number;
}

export interface MarketOverview {
  asOf: string | null;
  /** Symbols left out: no bar on `asOf`. */
  stale: number;
  indices: IndexCard[];
  /** Sector changes over every period, weighted by `sectorWeighting`. */
  sectors: SectorGridRow[];
  sectorWeighting: SizeMode;
  breadth: Breadth;
  gainers: MoverRow[];
  losers: MoverRow[];
  mostActive: MoverRow[];
}

const num = (v: number) => (Number.isNaN(v) ? null : v);

/**
 * The market view: index cards for ^GSPC, SPY, QQQ, DIA and IWM when present; sectors,
 * breadth and movers over the stocks (type 'stock'), each at its own latest bar.
 */
export function marketOverview(table: FieldTable): MarketOverview {
  const c = table.current;
  const bySymbol = new Map<string, number>();
  table.text.symbol.forEach((s, i) => s !== null && bySymbol.set(s, i));
  const indices: IndexCard[] = [];
  for (const symbol of INDEX_CARD_SYMBOLS) {
    const i = bySymbol.get(symbol);
    if (i === undefined) continue;
    indices.push({
      symbol,
      name: table.text.name[i] ?? symbol,
      asOf: table.dates[i] ?? '',
      close: c.close[i] as number,
      change1d: num(c.change1d[i] as number),
      w1: num(c.w1[i] as number),
      m1: num(c.m1[i] as number),
      ytd: num(c.ytd[i] as number),
      y1: num(c.y1[i] as number),
    });
  }

  const stocks = universeRows(table, { kind: 'all' });
  const breadth: Breadth = {
    total: 0,
    advancers: 0,
    decliners: 0,
    unchanged: 0,
    aboveSma50: null,
    aboveSma200: null,
    newHighs: 0,
    newLows: 0,
  };
  let with50 = 0;
  let above50 = 0;
  let with200 = 0;
  let above200 = 0;
  for (const i of stocks) {
    const ch = c.change1d[i] as number;
    if (!Number.isNaN(ch)) {
      breadth.total++;
      if (ch > 0) breadth.advancers++;
      else if (ch < 0) breadth.decliners++;
      else breadth.unchanged++;
    }
    const close = c.close[i] as number;
    const s50 = c.sma50[i] as number;
    const s200 = c.sma200[i] as number;
    if (!Number.isNaN(s50)) {
      with50++;
      if (close > s50) above50++;
    }
    if (!Number.isNaN(s200)) {
      with200++;
      if (close > s200) above200++;
    }
    if ((c.high[i] as number) >= (c.high52w[i] as number)) breadth.newHighs++;
    if ((c.low[i] as number) <= (c.low52w[i] as number)) breadth.newLows++;
  }
  breadth.aboveSma50 = with50 ? above50 / with50 : null;
  breadth.aboveSma200 = with200 ? above200 / with200 : null;

  const mover = (i: number): MoverRow => ({
    symbol: table.text.symbol[i] ?? '',
    name: table.text.name[i] ?? '',
    sector: table.text.sector[i] ?? null,
    close: c.close[i] as number,
    change1d: num(c.change1d[i] as number),
    volume: c.volume[i] as number,
  });
  const symbolOf = (i: number) => table.text.symbol[i] ?? '';
  const bySymbolText = (a: number, b: number) => (symbolOf(a) < symbolOf(b) ? -1 : symbolOf(a) > symbolOf(b) ? 1 : 0);
  const withChange = stocks.filter((i) => !Number.isNaN(c.change1d[i] as number));
  const gainers = withChange
    .filter((i) => (c.change1d[i] as number) > 0)
    .sort((a, b) => (c.change1d[b] as number) - (c.change1d[a] as number) || bySymbolText(a, b))
    .slice(0, TOP_LIST_SIZE)
    .map(mover);
  const losers = withChange
    .filter((i) => (c.change1d[i] as number) < 0)
    .sort((a, b) => (c.change1d[a] as number) - (c.change1d[b] as number) || bySymbolText(a, b))
    .slice(0, TOP_LIST_SIZE)
    .map(mover);
  const mostActive = [...stocks]
    .sort((a, b) => (c.volume[b] as number) - (c.volume[a] as number) || bySymbolText(a, b))
    .slice(0, TOP_LIST_SIZE)
    .map(mover);

  return {
    asOf: table.asOf,
    stale: table.stale,
    indices,
    sectors: sectorPeriodGrid(table, stocks, DEFAULT_WEIGHTING),
    sectorWeighting: DEFAULT_WEIGHTING,
    breadth,
    gainers,
    losers,
    mostActive,
  };
}
