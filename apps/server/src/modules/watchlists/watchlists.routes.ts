import type { FastifyPluginAsync } from 'fastify';
import { WATCHLIST_LIMITS, watchlistCreateSchema, watchlistReplaceSchema } from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { requireUser } from '../auth/auth-user.js';
import type { MarketCache } from '../market/market-cache.js';
import { SIGNED_IN } from '../../http/access.js';
import { conflict, notFound, orNotFound } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { checkKnownSymbols, parseWatchlistBody } from './watchlist-symbols.js';
import {
  countWatchlists,
  deleteWatchlist,
  getWatchlist,
  insertWatchlist,
  listWatchlists,
  nameTaken,
  replaceWatchlist,
} from './watchlists.repository.js';

/** 500 symbols with descriptions fit comfortably; more is not a watchlist. */
const WATCHLIST_BODY_LIMIT = 128 * 1024;
const NOT_FOUND = 'No such watchlist.';

function nameConflict(name: string) {
  const message = `You already have a watchlist named "${name}".`;
  return conflict(message, { issues: [{ path: 'body.name', message }] });
}

/** The signed-in user's watchlists; another user's list is a 404, never a 403. */
export function watchlistRoutes({
  database,
  market,
}: {
  database: DatabaseHandle;
  market: MarketCache;
}): FastifyPluginAsync {
  const db = () => database.db;
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    // Symbols the user typed wrong are named in the message (parseWatchlistBody).
    const CREATE = {
      bodyLimit: WATCHLIST_BODY_LIMIT,
      parseBody: (body: unknown) => parseWatchlistBody(watchlistCreateSchema, body),
    };
    const REPLACE = {
      bodyLimit: WATCHLIST_BODY_LIMIT,
      parseBody: (body: unknown) => parseWatchlistBody(watchlistReplaceSchema, body),
    };
    route('watchlists', SIGNED_IN, async (request) => {
      return { data: await listWatchlists(db(), requireUser(request).id) };
    });

    route(
      'watchlistCreate',
      SIGNED_IN,
      async (request, reply) => {
        const userId = requireUser(request).id;
        const input = request.body;
        checkKnownSymbols(market, input.symbols);
        if ((await countWatchlists(db(), userId)) >= WATCHLIST_LIMITS.lists) {
          throw conflict(`You can keep at most ${WATCHLIST_LIMITS.lists} watchlists; delete one first.`);
        }
        if (await nameTaken(db(), userId, input.name)) throw nameConflict(input.name);
        try {
          const created = await insertWatchlist(db(), userId, input);
          return reply.status(201).send({ data: created });
        } catch (error) {
          if (isUniqueViolation(error)) throw nameConflict(input.name);
          throw error;
        }
      },
      CREATE,
    );

    route('watchlist', SIGNED_IN, async (request) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      const list = orNotFound(await getWatchlist(db(), userId, id), NOT_FOUND);
      return { data: list };
    });

    route(
      'watchlistReplace',
      SIGNED_IN,
      async (request) => {
        const userId = requireUser(request).id;
        const { id } = request.params;
        const input = request.body;
        const current = orNotFound(await getWatchlist(db(), userId, id), NOT_FOUND);
        checkKnownSymbols(market, input.symbols, new Set(current.symbols.map((s) => s.sym)));
        if (await nameTaken(db(), userId, input.name, id)) throw nameConflict(input.name);
        try {
          const updated = orNotFound(await replaceWatchlist(db(), userId, id, input), NOT_FOUND);
          return { data: updated };
        } catch (error) {
          if (isUniqueViolation(error)) throw nameConflict(input.name);
          throw error;
        }
      },
      REPLACE,
    );

    route('watchlistDelete', SIGNED_IN, async (request, reply) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      if (!(await deleteWatchlist(db(), userId, id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    });
  };
}
