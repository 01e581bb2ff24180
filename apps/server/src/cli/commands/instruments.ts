import type { Command } from 'commander';
import { ASSET_CLASSES, type AssetClass } from '@solstice/contracts';
import {
  addInstruments,
  instrumentDetail,
  instrumentViews,
  type AddOutcome,
  type InstrumentView,
} from '../../modules/market/instruments/instrument-classes.js';
import { createProvider } from '../../modules/market/providers/registry.js';
import { CliError } from '../output.js';
import { withContext } from '../command-context.js';

const START = { loadMarket: false, seedOnEmpty: false } as const;

/** `solstice instruments add|list|show`; answers the `instruments` command for other subcommands to join. */
export function registerInstrumentCommands(program: Command): Command {
  const instruments = program
    .command('instruments')
    .description('the instruments: add crypto, currencies, futures and indexes from Yahoo; list; show one');

  instruments
    .command('add')
    .description(
      'add instruments as Yahoo describes them (asset class, currency, time zone, calendar), without bars: `solstice sync --symbols` brings their history (needs network)',
    )
    .argument('<symbols...>', "Yahoo's symbols: BTC-USD, EURUSD=X, GC=F, ^VIX")
    .option('--provider <name>', 'only yahoo can describe an instrument', 'yahoo')
    .option('--base-url <url>', "Yahoo's address (a mirror or a test server); default YAHOO_BASE_URL")
    .action(async (symbols: string[], opts: { provider: string; baseUrl?: string }, command: Command) => {
      if (opts.provider !== 'yahoo')
        throw new CliError(
          `--provider ${opts.provider}: only yahoo can add an instrument (the others name no instrument type)`,
          2,
        );
      if (opts.baseUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(opts.baseUrl))
        throw new CliError('--base-url: expected an http:// or https:// URL', 2);
      const wanted = [...new Set(symbols.map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
      const bad = wanted.find((s) => !/^[A-Z0-9.^=-]{1,20}$/.test(s));
      if (bad) throw new CliError(`${bad}: a symbol has 1 to 20 letters, digits, ".", "-", "^" or "="`, 2);
      await withContext(
        command,
        async (ctx, out) => {
          const yahoo = createProvider('yahoo', ctx.settings, { baseUrl: opts.baseUrl });
          const outcome = await addInstruments(ctx.database, yahoo, wanted, Date.now());
          out.result(outcome, () => addText(outcome));
          if (outcome.failed.length > 0) process.exitCode = 1;
        },
        START,
      );
    });

  instruments
    .command('list')
    .description('every instrument with its asset class, currency, time zone, calendar and bars')
    .option('--asset-class <list>', `only these classes, comma-separated (${ASSET_CLASSES.join(', ')})`)
    .action(async (opts: { assetClass?: string }, command: Command) => {
      const classes = opts.assetClass?.split(',').map((c) => c.trim().toLowerCase());
      const unknown = classes?.find((c) => !(ASSET_CLASSES as readonly string[]).includes(c));
      if (unknown !== undefined)
        throw new CliError(`--asset-class: ${unknown || '(empty)'} is none of ${ASSET_CLASSES.join(', ')}`, 2);
      await withContext(
        command,
        async (ctx, out) => {
          const list = await instrumentViews(ctx.database, classes ? { assetClasses: classes as AssetClass[] } : {});
          out.result({ instruments: list }, () => list.map(line).join('\n') || 'no instruments');
        },
        START,
      );
    });

  instruments
    .command('show')
    .description('one instrument: its fields, its last completed session now, whether it is stale, its roll gaps')
    .argument('<symbol>')
    .action(async (symbol: string, _opts: unknown, command: Command) => {
      await withContext(
        command,
        async (ctx, out) => {
          const detail = await instrumentDetail(ctx.database, symbol.trim().toUpperCase(), Date.now());
          if (!detail) throw new CliError(`${symbol}: not an instrument`, 1);
          out.result(detail, () =>
            [
              line(detail),
              `session ${detail.session}${detail.stale ? ' (stale)' : ''}`,
              ...(detail.assetClass === 'future'
                ? [
                    "Yahoo's unadjusted front month; roll gaps (overnight gaps of 2 % or more):",
                    ...detail.rollGaps.map((g) => `  ${g.date} ${(g.gap * 100).toFixed(2)} %`),
                  ]
                : []),
            ].join('\n'),
          );
        },
        START,
      );
    });
  return instruments;
}

function line(i: InstrumentView): string {
  return [
    i.symbol.padEnd(10),
    i.assetClass.padEnd(7),
    i.currency.padEnd(4),
    i.calendar.padEnd(9),
    i.timezone.padEnd(18),
    i.hasVolume ? 'volume' : 'no volume',
    `${i.firstBar ?? '-'} … ${i.lastBar ?? '-'}`,
    i.tracked ? '' : '(not tracked)',
    i.name,
  ].join('  ');
}

function addText(o: AddOutcome): string {
  return [
    ...o.added.map((i) => `added     ${line(i)}`),
    ...o.existing.map((i) => `existing  ${line(i)}`),
    ...o.failed.map((f) => `failed    ${f.reason}`),
  ].join('\n');
}
