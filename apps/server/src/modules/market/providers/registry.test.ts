import { describe, expect, it } from 'vitest';
import { loadSettings, type SettingsError } from '../../../config/settings.js';
import { createTestSettings } from '../../../testing/test-settings.js';
import { configuredProviders, createProvider, providerOrder } from './registry.js';

describe('providers from settings', () => {
  it('a fresh install uses Yahoo only: Tiingo and EODHD are off without their keys', () => {
    const { providers, off } = configuredProviders(createTestSettings());
    expect(providers.map((p) => p.info.id)).toEqual(['yahoo']);
    expect(off).toEqual([
      { id: 'tiingo', reason: 'TIINGO_API_KEY is not set' },
      { id: 'eodhd', reason: 'EODHD_API_KEY is not set' },
    ]);
    expect(providers[0]!.info.personalUseOnly).toBe(true);
    expect(providers[0]!.info.terms).toMatch(/personal use only/);
  });

  it('keys turn providers on, in the order DATA_PROVIDERS gives', () => {
    const settings = createTestSettings({
      TIINGO_API_KEY: 't',
      EODHD_API_KEY: 'e',
      DATA_PROVIDERS: 'eodhd, yahoo,tiingo',
    });
    expect(configuredProviders(settings).providers.map((p) => p.info.id)).toEqual(['eodhd', 'yahoo', 'tiingo']);
    expect(providerOrder('tiingo,eodhd,yahoo')).toEqual(['tiingo', 'eodhd', 'yahoo']);
    expect(() => createProvider('tiingo', createTestSettings())).toThrow('tiingo: TIINGO_API_KEY is not set');
  });

  it('refuses unknown or repeated provider names and base URLs that are not http(s), naming the setting', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadSettings(env);
        return [];
      } catch (error) {
        return (error as SettingsError).problems;
      }
    };
    expect(problems({ DATA_PROVIDERS: 'tiingo,stooq' })).toEqual([
      'DATA_PROVIDERS: expected provider names from tiingo, yahoo, eodhd separated by commas (e.g. "tiingo,eodhd,yahoo")',
    ]);
    expect(problems({ DATA_PROVIDERS: 'yahoo,yahoo' })).toEqual(['DATA_PROVIDERS: expected each provider once']);
    expect(problems({ YAHOO_BASE_URL: 'ftp://example.com' })).toEqual([
      'YAHOO_BASE_URL: expected an http:// or https:// URL',
    ]);
    const defaults = loadSettings({});
    expect([
      defaults.DATA_PROVIDERS,
      defaults.YAHOO_BASE_URL,
      defaults.TIINGO_BASE_URL,
      defaults.EODHD_BASE_URL,
    ]).toEqual([
      'tiingo,eodhd,yahoo',
      'https://query1.finance.yahoo.com',
      'https://api.tiingo.com',
      'https://eodhd.com/api',
    ]);
  });
});
