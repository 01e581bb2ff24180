import type { FastifyPluginAsync } from 'fastify';
import { lowerBound } from '@solstice/analytics';
import {
  type BarsResponse,
  type InstrumentDetail,
  type InstrumentSearchResponse,
  type InstrumentSummary,
} from '@solstice/contracts';
import { SIGNED_IN } from '../../http/access.js';
import { routeDeclarer } from '../../http/declare-route.js';
import { notFound } from '../../http/errors.js';
import type { ZodTypeProvider } from '../../http/route-schemas.js';
import { dayNumberFast, isoFromDay } from './dates.js';
import { importRoutes, type ImportRoutesDeps } from './import/import.routes.js';
import type { InstrumentInfo, MarketCache } from './market-cache.js';
import { searchInstruments } from './instrument-search.js';
import { instrumentRollGaps } from './series-roll-gaps.js';

function summarize(market: MarketCache, info: InstrumentInfo): InstrumentSummary {
  const s = market.series(info.symbol);
  const n = s?.dates.length ?? 0;
  return {
    ...info,
    lastClose: n > 0 ? s!.close[n - 1]! : null,
    lastDate: n > 0 ? isoFromDay(s!.dates[n - 1]!) : null,
  };
}

function instrumentOr404(market: MarketCache, symbol: string): InstrumentInfo {
  const info = market.instrument(symbol);
  if (info) return info;
  throw notFound(`Unknown symbol ${symbol}.`);
}

/** The instrument reads need the market cache; the import routes below need the rest. */
export type MarketRoutesDeps = ImportRoutesDeps;

export function marketRoutes(ctx: MarketRoutesDeps): FastifyPluginAsync {
  return async (instance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const route = routeDeclarer(app);

    route('instrumentSearch', SIGNED_IN, async (request): Promise<InstrumentSearchResponse> => {
      const { q, limit } = request.query;
      return { instruments: searchInstruments(ctx.market, q, limit).map((i) => summarize(ctx.market, i)) };
    });

    route('instrument', SIGNED_IN, async (request): Promise<InstrumentDetail> => {
      const { symbol } = request.params;
      const info = instrumentOr404(ctx.market, symbol);
      const s = ctx.market.series(symbol);
      const n = s?.dates.length ?? 0;
      const last = n > 0 ? s!.close[n - 1]! : null;
      const previous = n > 1 ? s!.close[n - 2]! : null;
      return {
        ...summarize(ctx.market, info),
        firstDate: n > 0 ? isoFromDay(s!.dates[0]!) : null,
        bars: n,
        previousClose: previous,
        changePct: last !== null && previous !== null && previous !== 0 ? ((last - previous) / previous) * 100 : null,
        rollGaps: instrumentRollGaps(ctx.market, symbol),
      };
    });

    route('bars', SIGNED_IN, async (request): Promise<BarsResponse> => {
      const { symbol } = request.params;
      const { from, to } = request.query;
      const info = instrumentOr404(ctx.market, symbol);
      const s = ctx.market.series(symbol);
      const bars: BarsResponse['bars'] = [];
      if (s) {
        const start = from ? lowerBound(s.dates, dayNumberFast(from)) : 0;
        const end = to ? lowerBound(s.dates, dayNumberFast(to) + 1) : s.dates.length;
        // Once: a snapshot's series reads these from its file when first asked.
        const { dates, open, high, low, close, volume } = s;
        const withVolume = info.hasVolume;
        for (let i = start; i < end; i++) {
          bars.push({
            date: isoFromDay(dates[i]!),
            open: open[i]!,
            high: high[i]!,
            low: low[i]!,
            close: close[i]!,
            volume: withVolume ? volume[i]! : null,
          });
        }
      }
      return { symbol, synthetic: info.synthetic, bars };
    });

    await app.register(importRoutes(ctx));
  };
}
