import { INSTRUMENT_SEARCH_LIMIT } from '@solstice/contracts';
import type { InstrumentInfo, MarketCache } from './market-cache.js';

/** Upper case, every run of punctuation or space as one space: "Coca-Cola Company (The)" → "COCA COLA COMPANY THE". */
export function searchText(text: string): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

const byCapThenSymbol = (a: InstrumentInfo, b: InstrumentInfo) =>
  (b.marketCap ?? -1) - (a.marketCap ?? -1) || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0);

/**
 * Exact symbol, then symbol prefixes (shorter first), then names whose words start with every
 * word of the query ("coca cola", "cola co"), then names holding the query anywhere (spaces
 * and punctuation ignored: "cocacola"). Names compare with punctuation as spaces.
 */
export function searchInstruments(
  market: MarketCache,
  query: string,
  limit = INSTRUMENT_SEARCH_LIMIT,
): InstrumentInfo[] {
  const symbolQuery = query.trim().toUpperCase();
  const words = searchText(query).split(' ').filter(Boolean);
  if (symbolQuery === '' || words.length === 0) return [];
  const compact = words.join('');
  const exact: InstrumentInfo[] = [];
  const prefix: InstrumentInfo[] = [];
  const wordStart: InstrumentInfo[] = [];
  const contains: InstrumentInfo[] = [];
  for (const i of market.instruments()) {
    if (i.symbol === symbolQuery) exact.push(i);
    else if (i.symbol.startsWith(symbolQuery)) prefix.push(i);
    else {
      const name = searchText(i.name);
      const nameWords = name.split(' ');
      if (words.every((w) => nameWords.some((n) => n.startsWith(w)))) wordStart.push(i);
      else if (name.replace(/ /g, '').includes(compact)) contains.push(i);
    }
  }
  prefix.sort((a, b) => a.symbol.length - b.symbol.length || (a.symbol < b.symbol ? -1 : 1));
  wordStart.sort(byCapThenSymbol);
  contains.sort(byCapThenSymbol);
  return [...exact, ...prefix, ...wordStart, ...contains].slice(0, limit);
}
