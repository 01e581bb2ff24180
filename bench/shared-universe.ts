// The shared dataset (SHARED_DATA, by default ../shared/market-data/us-equities-eod) read as a
// scanner universe: every instrument of instruments.csv that has a daily file, with its series.
import fs from 'node:fs';
import path from 'node:path';
import { seriesFromRows, type PriceSeries } from '@solstice/analytics';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DATA = path.resolve(
  ROOT,
  process.env.SHARED_DATA ?? path.join(ROOT, '..', 'shared', 'market-data', 'us-equities-eod'),
);

/** The bars of one daily file (date,open,high,low,close,volume with a header line). */
function readRows(file: string) {
  return fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [date, open, high, low, close, volume] = line.split(',');
      return { date: date!, open: +open!, high: +high!, low: +low!, close: +close!, volume: +volume! };
    });
}

/** One symbol's series from the dataset's daily file. */
export function readSeries(symbol: string): PriceSeries {
  return seriesFromRows(symbol, readRows(path.join(DATA, 'daily', `${symbol}.csv`)));
}

export interface UniverseEntry {
  instrument: {
    symbol: string;
    name: string;
    type: string;
    sector: string | null;
    industry: string | null;
    marketCap: null;
  };
  series: PriceSeries;
}

export function readUniverse(): UniverseEntry[] {
  const lines = fs.readFileSync(path.join(DATA, 'instruments.csv'), 'utf8').trim().split('\n').slice(1);
  return lines.flatMap((line) => {
    const [symbol, name, type, sector, industry] = line.split(',');
    const file = path.join(DATA, 'daily', `${symbol}.csv`);
    if (!symbol || !fs.existsSync(file)) return [];
    const rows = readRows(file);
    const instrument = {
      symbol,
      name: name ?? symbol,
      type: type ?? 'stock',
      sector: sector || null,
      industry: industry || null,
      marketCap: null,
    };
    return [{ instrument, series: seriesFromRows(symbol, rows) }];
  });
}
