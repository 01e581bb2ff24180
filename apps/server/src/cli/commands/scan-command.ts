import { ScanExpressionError, ScanTermError } from '@solstice/analytics';
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
  column?: string[];
  asOf?: string;
  assetClass?: string;
}

const OPTION: Record<string, string> = {
  expression: 'EXPRESSION',
  sort: '--sort',
  limit: '--limit',
  offset: '--offset',
  columns: '--column',
  asOf: '--as-of',
  assetClass: '--asset-class',
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
    ...(o.column !== undefined && o.column.length > 0 ? { columns: o.column } : {}),
    ...(o.asOf !== undefined ? { asOf: o.asOf } : {}),
    ...(o.assetClass !== undefined ? { assetClass: o.assetClass } : {}),
  });
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => {
      const option = OPTION[String(i.path[0])] ?? String(i.path[0]);
      // A column's issue names which one, from 1 (`--column 2: at most 200 characters`).
      return `${option}${i.path[0] === 'columns' && i.path.length > 1 ? ` ${Number(i.path[1]) + 1}` : ''}: ${i.message}`;
    });
    throw new CliError(messages.join('; '), 2);
  }
  const body = parsed.data;
  const unknown = unknownScanField(body);
  if (unknown) {
    const at = unknown.path.startsWith('columns.') ? `--column ${Number(unknown.path.slice(8)) + 1}` : '--sort';
    throw new CliError(`${at}: unknown field "${unknown.field}"`, 2);
  }
  let value: ScanResponse;
  try {
    value = await scanMarket(market, body);
  } catch (error) {
    if (error instanceof ScanTermError) {
      const [prefix, text] =
        error.column === null
          ? ['--sort', body.sort ?? '']
          : [`--column ${error.column + 1}`, body.columns?.[error.column] ?? ''];
      throw new CliError(`${prefix}: ${error.message}${caret(text.trim(), error.position)}`, 2);
    }
    if (error instanceof ScanExpressionError) {
      throw new CliError(`${error.message}${caret(body.expression, error.position)}`, 2);
    }
    throw error;
  }
  return { value, text: scanText(value) };
}

/** The text under the message with a caret under the position (1-based; none for 0). */
export function caret(text: string, position: number): string {
  return position > 0 ? `\n  ${text}\n  ${' '.repeat(position - 1)}^` : '';
}

function scanText(r: ScanResponse): string {
  const stale = r.stale > 0 ? ` (${r.stale} symbol${r.stale === 1 ? '' : 's'} stale, left out)` : '';
  const head = [`${r.count} match${r.count === 1 ? '' : 'es'} as of ${r.asOf ?? '—'}${stale}`, ...r.notices].join('\n');
  if (r.results.length === 0) return head;
  const columns = Object.keys(r.results[0] ?? {}).filter((k) => k !== 'name');
  const cells = r.results.map((row) => columns.map((c) => formatValue(c, row[c])));
  return `${head}\n${textTable(columns, cells)}`;
}
