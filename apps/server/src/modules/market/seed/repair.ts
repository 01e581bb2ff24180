import { isoDate } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import { announceMarketChange } from '../market-events.js';
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
    const stored = await database.db.selectFrom('daily_bars').selectAll().where('symbol', '=', member.symbol).execute();
    const demoDates = stored
      .filter((bar) => {
        const i = demo.get(bar.date);
        return (
          i !== undefined &&
          same(bar.close, series.close[i]!) &&
          same(bar.open, series.open[i]!) &&
          same(bar.high, series.high[i]!) &&
          same(bar.low, series.low[i]!) &&
          same(Number(bar.volume), series.volume[i]!)
        );
      })
      .map((bar) => bar.date);
    if (demoDates.length === 0) continue;
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < demoDates.length; i += 500) {
        await trx
          .deleteFrom('daily_bars')
          .where('symbol', '=', member.symbol)
          .where('date', 'in', demoDates.slice(i, i + 500))
          .execute();
      }
    });
    report.repaired.push({
      symbol: member.symbol,
      demoBars: demoDates.length,
      keptBars: stored.length - demoDates.length,
    });
    report.bars += demoDates.length;
  }
  if (report.bars > 0) await announceMarketChange(database);
  return report;
}
