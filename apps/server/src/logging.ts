import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Settings } from './config/settings.js';

/** What services log through: the process's one pino logger (Fastify logs through it too). */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** pino's logger as Fastify types it (`loggerInstance`). */
export type AppLogger = FastifyBaseLogger;

/**
 * The process's logger at LOG_LEVEL. The server writes to stdout, as Fastify did; commands
 * write to stderr so that `--json` output stays pure JSON.
 */
export function createLogger(settings: Pick<Settings, 'LOG_LEVEL'>, destination: 'stdout' | 'stderr'): AppLogger {
  return pino({ level: settings.LOG_LEVEL }, pino.destination(destination === 'stdout' ? 1 : 2));
}
