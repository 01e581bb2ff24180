import { lastSessionOf } from '@solstice/analytics';
import type { DatabaseHandle } from '../../../db/database.js';
import { announceMarketChange } from '../market-events.js';
import { WHOLE_HISTORY_FROM, type MarketDataProvider, type ProviderId } from '../providers/provider.js';
import { ProviderError } from '../providers/provider-error.js';
import { writeSymbolBars } from './bar-writes.js';
import { clearMismatch } from './history-mismatches.js';

export interface ReplaceHistoryResult {
  symbol: string;
  provider: ProviderId;
  first: string;
  last: string;
  /** Bars written. */
  inserted: number;
  /** Stored bars removed; kept in replaced_bar_chunks until the next backup. */
  removed: number;
}

/** Why a history replacement could not be done, in words for the admin. */
export class ReplaceHistoryError extends Error {
  constructor(
    message: string,
    readonly code: 'unknown-instrument' | 'provider-failed',
  ) {
    super(message);
    this.name = 'ReplaceHistoryError';
  }
}

/**
 * An admin's explicit choice (data-providers.md §15.6): the stored history of `symbol` is
 * replaced by the first provider's whole history up to its session, without the continuity
 * check; the replaced bars are kept in replaced_bar_chunks until the next backup, and a
 * recorded mismatch is cleared. `session` is the NYSE's; an instrument on another calendar is
 * asked, as the sync asks it, of the providers that serve that calendar, up to its own last
 * session at `now` and with its own accepted dates (§15.4).
 */
export async function replaceHistory(
  database: DatabaseHandle,
  deps: { providers: readonly MarketDataProvider[]; session: string; now: number; signal?: AbortSignal },
  symbol: string,
): Promise<ReplaceHistoryResult> {
  const instrument = await database.db
    .selectFrom('instruments')
    .select(['symbol', 'calendar', 'timezone'])
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  if (!instrument) throw new ReplaceHistoryError(`${symbol}: not an instrument`, 'unknown-instrument');
  const { calendar, timezone } = instrument;
  const session = calendar === 'nyse' ? deps.session : lastSessionOf(calendar, timezone, deps.now);
  const failures: string[] = [];
  for (const provider of deps.providers.filter((p) => p.supports(symbol, calendar))) {
    try {
      const history = await provider.fetchHistory(symbol, WHOLE_HISTORY_FROM, session, deps.signal, calendar);
      const first = history.bars[0]?.date;
      const last = history.bars.at(-1)?.date;
      if (!first || !last) {
        failures.push(`${provider.info.name}: no bars`);
        continue;
      }
      const written = await writeSymbolBars(database, symbol, history.bars, 'replace', deps.now, {
        keepReplaced: true,
      });
      await clearMismatch(database, symbol);
      await announceMarketChange(database);
      return { symbol, provider: history.provider, first, last, inserted: written.inserted, removed: written.removed };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      failures.push(error.message);
    }
  }
  throw new ReplaceHistoryError(
    `${symbol}: no provider gave a history (${failures.join('; ') || 'none serves it'}); the stored one is kept`,
    'provider-failed',
  );
}
