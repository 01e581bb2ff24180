import { isoDate } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import { announceMarketChange } from '../market-events.js';
import { lockSymbol, readStoredSeries, withoutBars, writeStoredYears } from '../bars/stored-series.js';
import { DEFAULT_SEED, generateDemoUniverse } from './synthetic.js';

export interface RepairReport {
  /** Symbols whose stored bars mixed imported and demo bars, with how many demo bars went. */
  repaired: Array<{ symbol: string; demoBars: number; keptBars: number }>;
  /** Demo bars removed in all. */
  bars: number;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/**
 * Finds imported instruments that still hold bars of the demo universe (before the import
 * stopped clearing the demo flag from instruments.csv rows, real and synthetic bars could
 * end up in one series) and deletes those bars. A demo bar is recognised exactly: the demo
 * generator is deterministic (one seed, each day depending only on the days before it), so
 * the bar it made for that symbol and date is regenerated and compared field by field.
 * Instruments still flagged as demo data are left to `solstice demo drop`.
 */
export async function repairMixedDemoBars(
  database: DatabaseHandle,
  options: { today?: string; seed?: number } = {},
): Promise<RepairReport> {
  const real = await database.db.selectFrom('instruments').select('symbol').where('synthetic', '=', 0).execute();
  const realSymbols = new Set(real.map((r) => r.symbol));
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const report: RepairReport = { repaired: [], bars: 0 };
  const candidates = [...generateDemoUniverse({ today, seed: options.seed ?? DEFAULT_SEED, only: [...realSymbols] })];
  for (const { member, series } of candidates) {
    const demo = new Map<string, number>();
    for (let i = 0; i < series.dates.length; i++) demo.set(isoDate(series.dates[i]!), i);
    // Read and rewritten in one transaction: an update meanwhile is not overwritten.
    const repaired = await database.db.transaction().execute(async (trx) => {
      await lockSymbol(trx, member.symbol);
      const stored = await readStoredSeries(trx, member.symbol);
      const demoBars = new Set<number>();
      for (let j = 0; j < stored.dates.length; j++) {
        const i = demo.get(isoDate(stored.dates[j]!));
        if (
          i !== undefined &&
          same(stored.close[j]!, series.close[i]!) &&
          same(stored.open[j]!, series.open[i]!) &&
          same(stored.high[j]!, series.high[i]!) &&
          same(stored.low[j]!, series.low[i]!) &&
          same(stored.volume[j]!, series.volume[i]!)
        ) {
          demoBars.add(j);
        }
      }
      if (demoBars.size === 0) return null;
      const kept = withoutBars(stored, demoBars);
      await writeStoredYears(trx, kept.series, kept.years);
      return { demoBars: demoBars.size, keptBars: kept.series.dates.length };
    });
    if (!repaired) continue;
    report.repaired.push({ symbol: member.symbol, ...repaired });
    report.bars += repaired.demoBars;
  }
  if (report.bars > 0) await announceMarketChange(database);
  return report;
}
