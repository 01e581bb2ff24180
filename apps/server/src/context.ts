import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from './config/settings.js';
import type { DatabaseHandle } from './db/database.js';

/**
 * What the route modules share: built once per process by main.ts (or a test),
 * handed to buildApp. Modules add their services here as they arrive.
 */
export interface AppContext {
  settings: Settings;
  database: DatabaseHandle;
  version: string;
  logger?: FastifyBaseLogger;
}
