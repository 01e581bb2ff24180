import type { Settings } from '../../config/settings.js';

/** JOBS_POLL_INTERVAL_MS, else 30 s (off under NODE_ENV=test, where tests run jobs by hand). */
export function jobsPollIntervalMs(settings: Pick<Settings, 'JOBS_POLL_INTERVAL_MS' | 'NODE_ENV'>): number {
  return settings.JOBS_POLL_INTERVAL_MS ?? (settings.NODE_ENV === 'test' ? 0 : 30_000);
}
