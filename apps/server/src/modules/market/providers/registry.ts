import type { Settings } from '../../../config/settings.js';
import type { HttpDeps, RequestPolicy } from './http-deps.js';
import { createEodhdProvider } from './eodhd.js';
import { PROVIDER_IDS, type MarketDataProvider, type ProviderId } from './provider.js';
import { createTiingoProvider } from './tiingo.js';
import { createYahooProvider } from './yahoo.js';

export type ProviderSettings = Pick<
  Settings,
  'DATA_PROVIDERS' | 'TIINGO_API_KEY' | 'EODHD_API_KEY' | 'YAHOO_BASE_URL' | 'TIINGO_BASE_URL' | 'EODHD_BASE_URL'
>;

/** What tests and benchmarks change: the world (fetch, clock, sleep, dice) and the pacing. */
export interface ProviderOptions {
  deps?: Partial<HttpDeps>;
  /** Applies to every provider, after its own defaults. */
  policy?: Partial<RequestPolicy>;
  policies?: Partial<Record<ProviderId, Partial<RequestPolicy>>>;
}

/** DATA_PROVIDERS ("tiingo,eodhd,yahoo") as ids, in order. */
export function providerOrder(text: string): ProviderId[] {
  return text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name): name is ProviderId => (PROVIDER_IDS as readonly string[]).includes(name));
}

/** The providers that need a key: how each is made, and the settings of its key and base URL. */
const KEYED = {
  tiingo: { create: createTiingoProvider, key: 'TIINGO_API_KEY', baseUrl: 'TIINGO_BASE_URL' },
  eodhd: { create: createEodhdProvider, key: 'EODHD_API_KEY', baseUrl: 'EODHD_BASE_URL' },
} as const;

/** Why a provider cannot be used with these settings, or null. */
export function providerOffReason(id: ProviderId, settings: ProviderSettings): string | null {
  if (id === 'yahoo') return null;
  return settings[KEYED[id].key] ? null : `${KEYED[id].key} is not set`;
}

/** One provider from settings, its base URL replaced when given; throws when its key is missing. */
export function createProvider(
  id: ProviderId,
  settings: ProviderSettings,
  options: ProviderOptions & { baseUrl?: string } = {},
): MarketDataProvider {
  const off = providerOffReason(id, settings);
  if (off) throw new Error(`${id}: ${off}`);
  const policy = { ...options.policy, ...options.policies?.[id] };
  const deps = options.deps;
  if (id === 'yahoo') return createYahooProvider({ baseUrl: options.baseUrl ?? settings.YAHOO_BASE_URL, policy, deps });
  const keyed = KEYED[id];
  return keyed.create({
    apiKey: settings[keyed.key]!,
    baseUrl: options.baseUrl ?? settings[keyed.baseUrl],
    policy,
    deps,
  });
}

/** The providers DATA_PROVIDERS names, in its order, without those whose key is missing. */
export function configuredProviders(
  settings: ProviderSettings,
  options: ProviderOptions = {},
): { providers: MarketDataProvider[]; off: Array<{ id: ProviderId; reason: string }> } {
  const providers: MarketDataProvider[] = [];
  const off: Array<{ id: ProviderId; reason: string }> = [];
  for (const id of providerOrder(settings.DATA_PROVIDERS)) {
    const reason = providerOffReason(id, settings);
    if (reason) off.push({ id, reason });
    else providers.push(createProvider(id, settings, options));
  }
  return { providers, off };
}
