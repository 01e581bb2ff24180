import type { Settings } from './config/settings.js';
import type { DatabaseHandle } from './db/database.js';
import type { MarketCache } from './modules/market/market-cache.js';

/**
 * The `(ctx)` shape that modules/market/market.routes.ts and market/import/import.routes.ts
 * still take (they were being changed by others when the composition root arrived): what
 * they read from the services. The root's `Services` satisfies it, so http/routes.ts passes
 * them the services. New code declares its own dependencies instead; when those two do,
 * this file goes (see docs/architecture.md).
 */
export interface AppContext {
  readonly settings: Settings;
  readonly database: DatabaseHandle;
  readonly market: MarketCache;
}
