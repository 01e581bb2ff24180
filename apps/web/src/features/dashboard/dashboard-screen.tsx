import { useMemo, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { IndicatorsResponse, MarketOverviewResponse } from '@solstice/contracts';
import { ApiError, apiGet, apiQueryPost } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { usePremiumAccess, useSavedForm, useSignedOut, useWatchlists } from '../../shared/shell';
import { WatchlistPanel } from './watchlist-panel';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { signClass } from '../../shared/tables/data-table';
import { Sparkline } from '../../shared/charts/sparkline';
import { BreadthSummary, IndexCards, UniverseDemoBadge, useMarketOverview } from '../../shared/ui/market-overview';
import { Upcoming } from './upcoming-windows';
import { LastScan } from './last-scan';
import { NumberHeader } from '../../shared/tables/headers';
import { UPCOMING_DAYS, upcomingStarts } from '../../shared/ui/scan-form';

export const SPARK_BARS = 30;

/**
 * The market summary that opens the dashboard: the app's, and the server's first view of a
 * returning account's dashboard (app/prerender/first-view.tsx), which has no badge (it would ask
 * for an instrument).
 */
export function DashboardSummary({
  data,
  f,
  badge,
}: {
  data: MarketOverviewResponse;
  f: Formatters;
  badge: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <p className="small text-muted mb-2">
        {data.asOf ? t('summary.asOf', { date: f.date(data.asOf) }) : null} {badge} ·{' '}
        <Link to="/market">{t('summary.marketView')}</Link> · <Link to="/heatmaps">{t('summary.heatmaps')}</Link>
      </p>
      <IndexCards data={data} f={f} />
      <BreadthSummary data={data} f={f} />
    </>
  );
}

/** What the instruments say about a watchlist symbol. */
type SymbolStatus = 'known' | 'nodata' | 'unknown';

export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const f = useFormatters();
  const overview = useMarketOverview();
  const watchlists = useWatchlists();
  const [scannerForm] = useSavedForm<{ saved?: { name: string; expression: string }[] }>('scannerForm');
  const symbols = useMemo(() => [...new Set(watchlists.flatMap((w) => w.symbols.map((s) => s.sym)))], [watchlists]);
  // Ask the instruments first (a search answers 200 either way): a symbol that is not there
  // (removed, or saved before symbols were checked) is shown as such in its row, never asked
  // for prices and never sent to a scan, so one symbol cannot break a panel.
  const signedOut = useSignedOut();
  const known = useQueries({
    queries: symbols.map((sym) => ({
      enabled: !signedOut,
      queryKey: ['instrument-known', sym],
      queryFn: async (): Promise<SymbolStatus> => {
        const found = await apiGet('instrumentSearch', { query: { q: sym } }, { background: true });
        const hit = found.instruments.find((i) => i.symbol === sym);
        return !hit ? 'unknown' : hit.lastClose === null ? 'nodata' : 'known';
      },
      staleTime: 5 * 60_000,
    })),
  });
  const statusOf = new Map(symbols.map((s, i) => [s, known[i]?.data]));
  const priced = symbols.filter((s) => statusOf.get(s) === 'known');
  const settled = known.every((q) => !q.isPending);
  const indicators = useQueries({
    queries: symbols.map((sym) => ({
      enabled: statusOf.get(sym) === 'known' && !signedOut,
      queryKey: ['indicators', sym, SPARK_BARS],
      queryFn: () =>
        apiGet(
          'indicators',
          { params: { symbol: sym }, query: { series: '1', bars: SPARK_BARS } },
          { background: true },
        ),
      staleTime: 60_000,
    })),
  });
  const bySymbol = new Map(symbols.map((s, i) => [s, indicators[i]]));
  // the window opens "from the latest bar", never from the wall clock
  const asOf = overview.data?.asOf ?? null;
  const premium = usePremiumAccess();
  const upcoming = useQuery({
    queryKey: ['upcoming-seasonal', priced, asOf],
    queryFn: () =>
      apiQueryPost(
        'seasonalityScan',
        {
          body: {
            ...upcomingStarts(asOf),
            minDays: 10,
            maxDays: 30,
            minWinRate: 0.6,
            direction: 'both',
            universe: priced,
          },
        },
        { background: true },
      ),
    enabled: settled && priced.length > 0 && asOf !== null && premium !== 'no' && !signedOut,
  });

  return (
    <div className="container-fluid py-3" data-testid="dashboard-screen">
      <h1 className="h4">{t('title')}</h1>
      <section aria-labelledby="summary-title" className="mb-3">
        <h2 className="h6" id="summary-title">
          {t('summary.title')}
        </h2>
        <QueryView
          query={overview}
          isEmpty={(d) => d.indices.length === 0 && d.breadth.total === 0}
          empty={t('summary.empty')}
        >
          {(data) => <DashboardSummary data={data} f={f} badge={<UniverseDemoBadge data={data} />} />}
        </QueryView>
      </section>

      <div className="row g-3">
        <section className="col-12 col-xl-7" aria-labelledby="watchlists-title">
          <h2 className="h6" id="watchlists-title">
            {t('watchlists.title')}
          </h2>
          <WatchlistPanel
            extraHeader={
              <>
                <NumberHeader>{t('watchlists.last')}</NumberHeader>
                <NumberHeader>{t('watchlists.change')}</NumberHeader>
                <th scope="col">{t('watchlists.asOf')}</th>
                <th scope="col">{t('watchlists.days', { count: SPARK_BARS })}</th>
              </>
            }
            renderExtra={(sym) => (
              <WatchCells
                status={statusOf.get(sym)}
                data={bySymbol.get(sym)?.data}
                error={bySymbol.get(sym)?.error}
                f={f}
              />
            )}
          />
        </section>
        <div className="col-12 col-xl-5">
          <section aria-labelledby="upcoming-title" className="mb-3">
            <h2 className="h6" id="upcoming-title">
              {t('upcoming.title')}
            </h2>
            <p className="small text-muted mb-1">{t('upcoming.intro', { days: f.number(UPCOMING_DAYS, 0) })}</p>
            <Upcoming query={upcoming} f={f} hasSymbols={priced.length > 0} premium={premium !== 'no'} />
          </section>
          <section aria-labelledby="last-scan-title" className="mb-3">
            <h2 className="h6" id="last-scan-title">
              {t('lastScan.title')}
            </h2>
            <LastScan />
          </section>
          <section aria-labelledby="saved-title">
            <h2 className="h6" id="saved-title">
              {t('saved.title')}
            </h2>
            {scannerForm?.saved?.length ? (
              <ul className="list-unstyled mb-0" data-testid="saved-scans">
                {scannerForm.saved.map((s) => (
                  <li key={s.name}>
                    <Link to={`/scanner?expression=${encodeURIComponent(s.expression)}`}>{s.name}</Link>{' '}
                    <code className="small">{s.expression}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState>
                <Trans t={t} i18nKey="saved.empty" components={{ anchor: <Link to="/scanner" /> }} />
              </EmptyState>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** One watchlist row's prices; an unknown symbol or a failed request says so in its row only. */
function WatchCells({
  status,
  data,
  error,
  f,
}: {
  status: SymbolStatus | undefined;
  data: IndicatorsResponse | undefined;
  error: unknown;
  f: Formatters;
}) {
  const { t } = useTranslation('dashboard');
  if (status === 'unknown' || status === 'nodata') {
    return (
      <td colSpan={4} className="text-muted small" data-testid="watch-status">
        {status === 'unknown' ? t('watchlists.unknown') : t('watchlists.noPrices')}
      </td>
    );
  }
  if (!data) {
    const failed = error
      ? error instanceof ApiError && error.status === 404
        ? t('watchlists.noData')
        : t('watchlists.error')
      : null;
    return (
      <td colSpan={4} className="text-muted small" data-testid="watch-status">
        {failed ?? '…'}
      </td>
    );
  }
  return (
    <>
      <td className="text-end">{f.number(data.close)}</td>
      <td className={`text-end ${signClass(data.change1d) ?? ''}`}>{f.percent(data.change1d)}</td>
      <td>{f.date(data.asOf)}</td>
      <td>
        <Sparkline values={data.series?.close ?? []} />
      </td>
    </>
  );
}

export default DashboardScreen;
