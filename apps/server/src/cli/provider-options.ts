import { Option, type Command } from 'commander';
import type { Settings } from '../config/settings.js';
import { PROVIDER_IDS, type MarketDataProvider, type ProviderId } from '../modules/market/providers/provider.js';
import { configuredProviders, createProvider, providerOffReason } from '../modules/market/providers/registry.js';
import { CliError, type CliOutput } from './output.js';

export interface ProviderCliOptions {
  provider?: ProviderId;
  baseUrl?: string;
  timeout?: string;
}

/** --provider, --base-url and --timeout: the market-data commands' choice of providers. */
export function addProviderOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--provider <name>', 'ask only this provider (default: DATA_PROVIDERS, in order)').choices([
        ...PROVIDER_IDS,
      ]),
    )
    .option('--base-url <url>', "the provider's address (a mirror or a test server); needs --provider")
    .option('--timeout <ms>', 'timeout per request in milliseconds');
}

/** The options checked before anything is opened (exit status 2 on a bad one). */
export function checkProviderOptions(opts: ProviderCliOptions): { timeoutMs: number | undefined } {
  const timeoutMs = opts.timeout === undefined ? undefined : Number(opts.timeout);
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs <= 0))
    throw new CliError('--timeout: expected milliseconds', 2);
  if (opts.baseUrl !== undefined && !opts.provider) throw new CliError('--base-url: needs --provider', 2);
  if (opts.baseUrl !== undefined && !/^https?:\/\/[^\s]+$/i.test(opts.baseUrl))
    throw new CliError('--base-url: expected an http:// or https:// URL', 2);
  return { timeoutMs };
}

/** The providers the options name: the one of --provider, or DATA_PROVIDERS' configured ones in order. */
export function providersOf(
  opts: ProviderCliOptions,
  timeoutMs: number | undefined,
  settings: Settings,
  out: CliOutput,
): MarketDataProvider[] {
  const policy = timeoutMs === undefined ? undefined : { timeoutMs };
  let providers: MarketDataProvider[];
  if (opts.provider) {
    const off = providerOffReason(opts.provider, settings);
    if (off) throw new CliError(`--provider ${opts.provider}: ${off}`, 2);
    providers = [createProvider(opts.provider, settings, { baseUrl: opts.baseUrl, policy })];
  } else {
    const configured = configuredProviders(settings, { policy });
    for (const p of configured.off) out.info(`${p.id} is off: ${p.reason}`);
    providers = configured.providers;
    if (providers.length === 0) throw new CliError('DATA_PROVIDERS: no provider is configured', 2);
  }
  for (const p of providers) if (p.info.personalUseOnly) out.info(`${p.info.name}: ${p.info.terms}`);
  return providers;
}
