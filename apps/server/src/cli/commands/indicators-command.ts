import { symbolSchema, type IndicatorsResponse } from '@solstice/contracts';
import type { MarketCache } from '../../modules/market/market-cache.js';
import { indicatorsOf } from '../../modules/indicators/indicators.routes.js';
import { CliError, type CommandResult } from '../output.js';

const PERCENT_FIELDS = new Set(['change1d', 'gap', 'w1', 'm1', 'm3', 'm6', 'ytd', 'y1', 'volatility20']);

export function formatValue(name: string, v: number | string | null | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (PERCENT_FIELDS.has(name)) return `${(v * 100).toFixed(2)}%`;
  if (Math.abs(v) >= 1e6) return v.toLocaleString('en-US', { maximumFractionDigits: 0 });
  return Number.isInteger(v) ? String(v) : v.toFixed(4);
}

export function indicatorsCommand(market: MarketCache, symbolText: string): CommandResult<IndicatorsResponse> {
  const parsed = symbolSchema.safeParse(symbolText);
  if (!parsed.success) throw new CliError(`SYMBOL: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 2);
  const value = indicatorsOf(market, parsed.data);
  if (!value) throw new CliError(`No market data for ${parsed.data}.`);
  const { perf, symbol, asOf, ...rest } = value;
  const lines = [`${symbol} as of ${asOf}`];
  for (const [k, v] of Object.entries({ ...rest, ...perf })) {
    lines.push(`  ${k.padEnd(12)} ${formatValue(k, v as number | null)}`);
  }
  return { value, text: lines.join('\n') };
}
