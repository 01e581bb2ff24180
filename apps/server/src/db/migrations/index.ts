import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_market_data.js';
import * as m0003 from './0003_accounts.js';
import * as m0004 from './0004_billing.js';
import * as m0005 from './0005_one_active_subscription.js';
import * as m0006 from './0006_job_series.js';
import * as m0007 from './0007_data_updates.js';
import * as m0008 from './0008_data_update_heartbeat.js';
import * as m0009 from './0009_alerts.js';
import * as m0010 from './0010_tutorial_seen.js';
import * as m0011 from './0011_bar_chunks.js';
import * as m0012 from './0012_alert_deliveries.js';
import * as m0013 from './0013_instrument_classes.js';
import * as m0014 from './0014_history_mismatches.js';
import * as m0015 from './0015_shared_universe_classes.js';

/**
 * Every migration, in order. Statically imported so that the bundled server carries them.
 * Append new ones; never change what one that has shipped does (schema-history.test.ts, decision 0049).
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_market_data': m0002,
  '0003_accounts': m0003,
  '0004_billing': m0004,
  '0005_one_active_subscription': m0005,
  '0006_job_series': m0006,
  '0007_data_updates': m0007,
  '0008_data_update_heartbeat': m0008,
  '0009_alerts': m0009,
  '0010_tutorial_seen': m0010,
  '0011_bar_chunks': m0011,
  '0012_alert_deliveries': m0012,
  '0013_instrument_classes': m0013,
  '0014_history_mismatches': m0014,
  '0015_shared_universe_classes': m0015,
};
