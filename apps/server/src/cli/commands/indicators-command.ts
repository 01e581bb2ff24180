import { symbolSchema, type IndicatorsResponse } from '@solstice/contracts';
import type { MarketCache } from '../../modules/market/market-cache.js';
import { indicatorsOf } from '../../modules/indicators/indicators.js';
import { CliError, type CommandResult } from '../output.js';
import { formatValue } from './format-value.js';

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
