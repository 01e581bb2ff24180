import type { z } from 'zod';
import { DEFAULT_WATCHLIST, type FieldIssue, type WatchlistSymbol } from '@solstice/contracts';
import { AppError, validationFailed } from '../../http/errors.js';
import { parseInput } from '../../http/validation.js';
import type { MarketCache } from '../market/market-cache.js';

const SYMBOL_PATH = /^body\.symbols\.(\d+)\.sym$/;

const listOf = (names: string[]) =>
  names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;

/**
 * Parses a watchlist body. When only symbols are malformed, the message names them as the
 * user typed them ("COCA COLA"), not the field path; the issues keep the paths.
 */
export function parseWatchlistBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  try {
    return parseInput(schema, body, 'body');
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
    const issues = (error.details as { issues?: FieldIssue[] } | undefined)?.issues ?? [];
    const raw = (body as { symbols?: unknown } | null)?.symbols;
    const typed = issues.map((i) => {
      const at = SYMBOL_PATH.exec(i.path);
      const sym = at && Array.isArray(raw) ? (raw[Number(at[1])] as { sym?: unknown } | undefined)?.sym : undefined;
      return typeof sym === 'string' ? `"${sym.slice(0, 40)}"` : null;
    });
    if (typed.length === 0 || typed.some((t) => t === null)) throw error;
    const names = [...new Set(typed as string[])];
    throw validationFailed(
      `${listOf(names)} ${names.length === 1 ? 'is not a symbol' : 'are not symbols'}: pick one from the search.`,
      issues,
    );
  }
}

/**
 * Refuses a symbol the market does not know (issue #21: "MSFTX" broke the dashboard), naming
 * it. Symbols the list already holds stay allowed: an instrument removed later must not make
 * the list impossible to edit. A server without any market data yet has nothing to check
 * against and takes well-formed symbols; the specification's default list (AAPL) is always allowed.
 */
export function checkKnownSymbols(
  market: MarketCache,
  symbols: readonly WatchlistSymbol[],
  kept: ReadonlySet<string> = new Set(),
): void {
  if (market.instruments().length === 0) return;
  // The specification's default list is every new browser's; the account may always hold it.
  const allowed = new Set([...kept, ...DEFAULT_WATCHLIST.symbols.map((s) => s.sym)]);
  const issues: FieldIssue[] = [];
  const unknown: string[] = [];
  symbols.forEach((s, i) => {
    if (allowed.has(s.sym) || market.instrument(s.sym)) return;
    issues.push({ path: `body.symbols.${i}.sym`, message: `unknown symbol ${s.sym}` });
    if (!unknown.includes(s.sym)) unknown.push(s.sym);
  });
  if (issues.length === 0) return;
  throw validationFailed(
    `${listOf(unknown)} ${unknown.length === 1 ? 'is not a known symbol' : 'are not known symbols'}: pick one from the search.`,
    issues,
  );
}
