import { loadSettings, type Settings } from '../config/settings.js';

/** Settings for tests: defaults plus overrides, validated like the real ones. */
export function createTestSettings(overrides: Record<string, string> = {}): Settings {
  return loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    // Tests change bars with SQL and reload; the snapshot has tests of its own.
    MARKET_SNAPSHOT: 'false',
    // Worker threads only where a test asks for them (warm-up.test.ts warms on purpose).
    ANALYTICS_WARM_UP: 'false',
    ...overrides,
  });
}
