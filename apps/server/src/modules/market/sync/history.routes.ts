import type { FastifyPluginAsync } from 'fastify';
import { lastCompletedSession } from '@solstice/analytics';
import { PERMISSIONS, type HistoryReplaced } from '@solstice/contracts';
import type { Settings } from '../../../config/settings.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { needs } from '../../../http/access.js';
import { notFound, serviceUnavailable } from '../../../http/errors.js';
import { routeDeclarer } from '../../../http/declare-route.js';
import type { ZodTypeProvider } from '../../../http/route-schemas.js';
import type { Clock } from '../../jobs/clock.js';
import { configuredProviders } from '../providers/registry.js';
import { replaceHistory, ReplaceHistoryError } from './replace-history.js';

export interface HistoryRoutesDeps {
  settings: Settings;
  database: DatabaseHandle;
  clock: Clock;
}

/** Ticker continuity on the data page (decision 0044): an admin's replacement of a history that did not join. */
export function historyRoutes(deps: HistoryRoutesDeps): FastifyPluginAsync {
  const { settings, database, clock } = deps;
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    // Admins hold market:import and nobody else does: replacing a stored history is an admin's choice.
    const ADMIN = needs(PERMISSIONS.marketImport);

    route('adminHistoryReplace', ADMIN, async (request): Promise<HistoryReplaced> => {
      const { symbol } = request.params;
      const now = clock.now();
      const { providers } = configuredProviders(settings);
      if (providers.length === 0) throw serviceUnavailable('DATA_PROVIDERS: no provider is configured.');
      try {
        return await replaceHistory(database, { providers, session: lastCompletedSession(now), now }, symbol);
      } catch (error) {
        if (!(error instanceof ReplaceHistoryError)) throw error;
        if (error.code === 'unknown-instrument') throw notFound(`No instrument ${symbol}.`);
        throw serviceUnavailable(error.message);
      }
    });
  };
}
