import type { Command } from 'commander';
import { lastCompletedSession } from '@solstice/analytics';
import { replaceHistory, ReplaceHistoryError } from '../../modules/market/sync/replace-history.js';
import { refreshMarketSnapshot } from '../../modules/market/snapshot/refresh-snapshot.js';
import { withContext } from '../command-context.js';
import { CliError } from '../output.js';
import { addProviderOptions, checkProviderOptions, providersOf, type ProviderCliOptions } from '../provider-options.js';

/**
 * `solstice instruments replace-history SYMBOL`: an admin's explicit choice when a provider's
 * history does not join the stored one (data-providers.md §15.6).
 */
export function addReplaceHistoryCommand(instruments: Command): void {
  addProviderOptions(
    instruments
      .command('replace-history')
      .argument('<symbol>', 'the instrument whose stored history is replaced')
      .description(
        "replace an instrument's stored daily bars with the provider's whole history, without the continuity check (after a historyMismatch: a ticker that passed to another company); the replaced bars are kept until the next backup",
      ),
  ).action(async (symbolArg: string, opts: ProviderCliOptions, command: Command) => {
    const { timeoutMs } = checkProviderOptions(opts);
    const symbol = symbolArg.trim().toUpperCase();
    await withContext(
      command,
      async (ctx, out) => {
        const providers = providersOf(opts, timeoutMs, ctx.settings, out);
        const now = Date.now();
        let result;
        try {
          result = await replaceHistory(ctx.database, { providers, session: lastCompletedSession(now), now }, symbol);
        } catch (error) {
          if (error instanceof ReplaceHistoryError) throw new CliError(error.message, 1);
          throw error;
        }
        await refreshMarketSnapshot(ctx.database, ctx.settings, { warn: (m) => out.info(m) });
        out.result(
          result,
          () =>
            `${result.symbol}: history replaced from ${result.provider}, ${result.first} to ${result.last}: ${result.inserted} bar(s) written, ${result.removed} removed (kept until the next backup)`,
        );
      },
      { loadMarket: false, seedOnEmpty: false },
    );
  });
}
