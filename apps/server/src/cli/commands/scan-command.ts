import { ScanExpressionError } from '@solstice/analytics';
import { scanRequestSchema, type ScanResponse } from '@solstice/contracts';
import type { MarketCache } from '../../modules/market/market-cache.js';
import { scanMarket, unknownScanField } from '../../modules/scanner/scan.js';
import { CliError, type CommandResult } from '../output.js';
import { formatValue } from './format-value.js';
import { textTable } from './text-table.js';

export interface ScanCommandOptions {
  sort?: string;
  desc?: boolean;
  limit?: string;
  offset?: string;
  asOf?: string;
}

const OPTION: Record<string, string> = {
  expression: 'EXPRESSION',
  sort: '--sort',
  limit: '--limit',
  offset: '--offset',
  asOf: '--as-of',
};

export async function scanCommand(
  market: MarketCache,
  expression: string,
  o: ScanCommandOptions,
): Promise<CommandResult<ScanResponse>> {
  const parsed = scanRequestSchema.safeParse({
    expression,
    ...(o.sort !== undefined ? { sort: o.sort } : {}),
    ...(o.desc ? { desc: true } : {}),
    ...(o.limit !== undefined ? { limit: Number(o.limit) } : {}),
    ...(o.offset !== undefined ? { offset: Number(o.offset) } : {}),
    ...(o.asOf !== undefined ? { asOf: o.asOf } : {}),
  });
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => `${OPTION[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`);
    throw new CliError(messages.join('; '), 2);
  }
  const body = parsed.data;
  const unknown = unknownScanField(body);
  if (unknown) throw new CliError(`--sort: unknown field "${unknown.field}"`, 2);
  let value: ScanResponse;
  try {
    value = await scanMarket(market, body);
  } catch (error) {
    if (error instanceof ScanExpressionError) {
      const caret = error.position > 0 ? `\n  ${body.expression}\n  ${' '.repeat(error.position - 1)}^` : '';
      throw new CliError(`${error.message}${caret}`, 2);
    }
    throw error;
  }
  return { value, text: scanText(value) };
}

function scanText(r: ScanResponse): string {
  const stale = r.stale > 0 ? ` (${r.stale} symbol${r.stale === 1 ? '' : 's'} stale, left out)` : '';
  const head = [`${r.count} match${r.count === 1 ? '' : 'es'} as of ${r.asOf ?? '—'}${stale}`, ...r.notices].join('\n');
  if (r.results.length === 0) return head;
  const columns = Object.keys(r.results[0] ?? {}).filter((k) => k !== 'name');
  const cells = r.results.map((row) => columns.map((c) => formatValue(c, row[c])));
  return `${head}\n${textTable(columns, cells)}`;
}
