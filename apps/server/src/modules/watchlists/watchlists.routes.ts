import type { FastifyPluginAsync } from 'fastify';
import {
  ENDPOINTS,
  WATCHLIST_LIMITS,
  watchlistCreateSchema,
  watchlistIdParamsSchema,
  watchlistListResponseSchema,
  watchlistReplaceSchema,
  watchlistResponseSchema,
} from '@solstice/contracts';
import type { DatabaseHandle } from '../../db/database.js';
import { requireUser } from '../auth/auth-user.js';
import type { MarketCache } from '../market/market-cache.js';
import { SIGNED_IN } from '../../http/access.js';
import { conflict, notFound, orNotFound } from '../../http/errors.js';
import { routeDeclarer } from '../../http/declare-route.js';
import { parsedWith, type ZodTypeProvider } from '../../http/route-schemas.js';
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
  // Symbols the user typed wrong are named in the message (parseWatchlistBody).
  const createBody = parsedWith(watchlistCreateSchema, (body) => parseWatchlistBody(watchlistCreateSchema, body));
  const replaceBody = parsedWith(watchlistReplaceSchema, (body) => parseWatchlistBody(watchlistReplaceSchema, body));
  const ONE = { 200: watchlistResponseSchema };
  return async (instance) => {
    const route = routeDeclarer(instance.withTypeProvider<ZodTypeProvider>());
    const BODY = { bodyLimit: WATCHLIST_BODY_LIMIT };
    const LIST = { summary: "The user's watchlists", response: { 200: watchlistListResponseSchema } };
    route(ENDPOINTS.watchlists, SIGNED_IN, LIST, async (request) => {
      return { data: await listWatchlists(db(), requireUser(request).id) };
    });

    const CREATE = { summary: 'Creates a watchlist', body: createBody, response: { 201: watchlistResponseSchema } };
    route(
      ENDPOINTS.watchlistCreate,
      SIGNED_IN,
      CREATE,
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
      BODY,
    );

    const GET = { summary: 'One watchlist', params: watchlistIdParamsSchema, response: ONE };
    route(ENDPOINTS.watchlist, SIGNED_IN, GET, async (request) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      const list = orNotFound(await getWatchlist(db(), userId, id), NOT_FOUND);
      return { data: list };
    });

    const REPLACE = {
      summary: 'Replaces the name and the symbols of a watchlist',
      params: watchlistIdParamsSchema,
      body: replaceBody,
      response: ONE,
    };
    route(
      ENDPOINTS.watchlistReplace,
      SIGNED_IN,
      REPLACE,
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
      BODY,
    );

    const DELETE = { summary: 'Deletes a watchlist', params: watchlistIdParamsSchema };
    route(ENDPOINTS.watchlistDelete, SIGNED_IN, DELETE, async (request, reply) => {
      const userId = requireUser(request).id;
      const { id } = request.params;
      if (!(await deleteWatchlist(db(), userId, id))) throw notFound(NOT_FOUND);
      return reply.status(204).send();
    });
  };
}
