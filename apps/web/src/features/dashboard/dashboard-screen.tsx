import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { IndicatorsResponse, InstrumentSearchResponse } from '@solstice/contracts';
import { ApiError, apiGet, apiQueryPost, isSubscriptionRequired, retryServerErrors } from '../api';
import type { SeasonalScanResponse, SeasonalScanResult } from '../types';
import { useFormatters, type Formatters } from '../format';
import { usePremiumAccess, useSavedForm, useSignedOut, useWatchlists, type Watchlist } from '../shell';
import { EmptyState, ErrorState, LoadingState, QueryView } from '../ui/states';
import { SymbolLink } from '../ui/symbol-link';
import { DataTable, signClass, type Column } from '../tables/data-table';
import { Sparkline } from '../charts/sparkline';
import { weaknesses } from '../stats/significance';
import { BreadthSummary, IndexCards, UniverseDemoBadge, useMarketOverview } from '../market/market-overview';

export const SPARK_BARS = 30;
export const UPCOMING_DAYS = 14;

function mmdd(iso: string, addDays = 0): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + addDays);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

type WatchRow = {
  sym: string;
  description: string;
  data: IndicatorsResponse | undefined;
  error: unknown;
  missing: boolean;
};

export function DashboardScreen() {
  const f = useFormatters();
  const overview = useMarketOverview();
  const watchlists = useWatchlists();
  const [scannerForm] = useSavedForm<{ saved?: { name: string; expression: string }[] }>('scannerForm');
  const symbols = useMemo(() => [...new Set(watchlists.flatMap((w) => w.symbols.map((s) => s.sym)))], [watchlists]);
  // ask the store first (a search answers 200 either way): an unknown symbol is "no data",
  // not a refused request
  const signedOut = useSignedOut();
  const known = useQueries({
    queries: symbols.map((sym) => ({
      enabled: !signedOut,
      queryKey: ['instrument-known', sym],
      retry: retryServerErrors,
      queryFn: async () => {
        const found = await apiGet<InstrumentSearchResponse>('/api/v1/instruments', { q: sym }, { background: true });
        return found.instruments.some((i) => i.symbol === sym);
      },
      staleTime: 5 * 60_000,
    })),
  });
  const knownBySymbol = new Map(symbols.map((s, i) => [s, known[i]?.data]));
  const indicators = useQueries({
    queries: symbols.map((sym, i) => ({
      enabled: known[i]?.data === true && !signedOut,
      queryKey: ['indicators', sym, SPARK_BARS],
      retry: retryServerErrors,
      queryFn: () =>
        apiGet<IndicatorsResponse>(
          `/api/v1/indicators/${encodeURIComponent(sym)}`,
          { series: '1', bars: SPARK_BARS },
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
    queryKey: ['upcoming-seasonal', symbols, asOf],
    retry: retryServerErrors,
    queryFn: () =>
      apiQueryPost<SeasonalScanResponse>(
        '/api/v1/seasonality/scan',
        {
          startFrom: mmdd(asOf!, 1),
          startTo: mmdd(asOf!, UPCOMING_DAYS),
          minDays: 10,
          maxDays: 30,
          minWinRate: 0.6,
          direction: 'both',
          universe: symbols,
        },
        { background: true },
      ),
    enabled: symbols.length > 0 && asOf !== null && premium !== 'no' && !signedOut,
  });

  return (
    <div className="container-fluid py-3" data-testid="dashboard-screen">
      <h1 className="h4">Dashboard</h1>
      <section aria-labelledby="summary-title" className="mb-3">
        <h2 className="h6" id="summary-title">
          Market summary
        </h2>
        <QueryView
          query={overview}
          isEmpty={(d) => d.indices.length === 0 && d.breadth.total === 0}
          empty="No market data yet."
        >
          {(data) => (
            <>
              <p className="small text-muted mb-2">
                {data.asOf ? `As of ${f.date(data.asOf)}` : null} <UniverseDemoBadge data={data} /> ·{' '}
                <Link to="/market">Market view</Link> · <Link to="/heatmaps">Heatmaps</Link>
              </p>
              <IndexCards data={data} f={f} />
              <BreadthSummary data={data} f={f} />
            </>
          )}
        </QueryView>
      </section>

      <div className="row g-3">
        <section className="col-12 col-xl-7" aria-labelledby="watchlists-title">
          <h2 className="h6" id="watchlists-title">
            Watchlists
          </h2>
          {watchlists.length === 0 ? (
            <EmptyState>No watchlist yet. Add a symbol from any screen with “+”.</EmptyState>
          ) : null}
          {watchlists.map((w) => (
            <WatchlistTable
              key={w.name}
              list={w}
              f={f}
              rows={w.symbols.map((s) => {
                const q = bySymbol.get(s.sym);
                return {
                  sym: s.sym,
                  description: s.description,
                  data: q?.data,
                  error: q?.error,
                  missing: knownBySymbol.get(s.sym) === false,
                };
              })}
            />
          ))}
        </section>
        <div className="col-12 col-xl-5">
          <section aria-labelledby="upcoming-title" className="mb-3">
            <h2 className="h6" id="upcoming-title">
              Upcoming seasonal opportunities
            </h2>
            <p className="small text-muted mb-1">
              Windows of your watchlist symbols opening in the next {UPCOMING_DAYS} days (win rate ≥ 60 %).
            </p>
            <Upcoming query={upcoming} f={f} hasSymbols={symbols.length > 0} premium={premium !== 'no'} />
          </section>
          <section aria-labelledby="saved-title">
            <h2 className="h6" id="saved-title">
              Saved scans
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
                No saved scan yet. Build one in the <Link to="/scanner">scanner</Link> and save it.
              </EmptyState>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

function WatchlistTable({ list, rows, f }: { list: Watchlist; rows: WatchRow[]; f: Formatters }) {
  const columns: Column<WatchRow>[] = [
    {
      key: 'sym',
      label: 'Symbol',
      sortValue: (r) => r.sym,
      text: (r) => r.sym,
      render: (r) => <SymbolLink symbol={r.sym} />,
    },
    { key: 'description', label: 'Name', sortValue: (r) => r.description, text: (r) => r.description },
    {
      key: 'close',
      label: 'Last',
      align: 'end',
      sortValue: (r) => r.data?.close,
      text: (r) =>
        r.data
          ? f.number(r.data.close)
          : r.missing
            ? 'no data'
            : r.error
              ? r.error instanceof ApiError && r.error.status === 404
                ? 'no data'
                : 'error'
              : '…',
    },
    {
      key: 'change1d',
      label: 'Change',
      align: 'end',
      sortValue: (r) => r.data?.change1d,
      text: (r) => f.percent(r.data?.change1d),
      className: (r) => signClass(r.data?.change1d),
    },
    { key: 'asOf', label: 'As of', sortValue: (r) => r.data?.asOf, text: (r) => f.date(r.data?.asOf) },
    {
      key: 'spark',
      label: `${SPARK_BARS} days`,
      csv: false,
      text: () => '',
      render: (r) => <Sparkline values={r.data?.series?.close ?? []} />,
    },
  ];
  return (
    <div className="mb-3" data-testid={`watchlist-${list.name}`}>
      <h3 className="h6 small text-muted mb-1">{list.name}</h3>
      {list.symbols.length === 0 ? (
        <EmptyState>This list is empty.</EmptyState>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.sym}
          caption={`Watchlist ${list.name}`}
          filename={`watchlist-${list.name}.csv`}
          pageSize={20}
        />
      )}
    </div>
  );
}

function Upcoming({
  query,
  f,
  hasSymbols,
  premium,
}: {
  query: ReturnType<typeof useQuery<SeasonalScanResponse>>;
  f: Formatters;
  hasSymbols: boolean;
  premium: boolean;
}) {
  if (!hasSymbols) return <EmptyState>Add symbols to a watchlist to see their seasonal windows.</EmptyState>;
  if (!premium || query.isError) {
    if (!premium || isSubscriptionRequired(query.error))
      return (
        <div className="alert alert-info small" data-testid="upcoming-subscribe">
          Seasonal windows of your symbols are part of the subscription. <Link to="/subscribe">Subscribe</Link> to see
          them here.
        </div>
      );
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.fetchStatus === 'idle' && query.isPending) return null;
  if (query.isPending) return <LoadingState />;
  if (query.data.results.length === 0)
    return <EmptyState>No strong seasonal window opens soon for your symbols.</EmptyState>;
  const columns: Column<SeasonalScanResult>[] = [
    {
      key: 'symbol',
      label: 'Symbol',
      sortValue: (r) => r.symbol,
      text: (r) => r.symbol,
      render: (r) => <SymbolLink symbol={r.symbol} />,
    },
    {
      key: 'direction',
      label: 'Side',
      sortValue: (r) => r.direction,
      text: (r) => (r.direction === 'short' ? 'Sell' : 'Buy'),
      render: (r) => (
        <span className={`badge ${r.direction === 'short' ? 'text-bg-danger' : 'text-bg-success'}`}>
          {r.direction === 'short' ? 'Sell' : 'Buy'}
        </span>
      ),
    },
    {
      key: 'window',
      label: 'Window',
      sortValue: (r) => r.start,
      text: (r) => `${r.start} – ${r.end}`,
      render: (r) => `${f.monthDay(r.start)} – ${f.monthDay(r.end)}`,
    },
    {
      key: 'winRate',
      label: 'Win rate',
      align: 'end',
      sortValue: (r) => r.stats.winRate,
      text: (r) => f.percent(r.stats.winRate, 0, false),
    },
    {
      key: 'mean',
      label: 'Mean',
      align: 'end',
      sortValue: (r) => r.stats.mean,
      text: (r) => f.percent(r.stats.mean),
      className: (r) => signClass(r.stats.mean),
    },
    {
      key: 'check',
      label: 'Check',
      sortValue: (r) => weaknesses(r.stats).length,
      text: (r) => (weaknesses(r.stats).length ? 'Weak' : 'OK'),
    },
    {
      key: 'open',
      label: '',
      csv: false,
      text: () => '',
      render: (r) => (
        <Link
          to={`/seasonality/pattern?symbol=${encodeURIComponent(r.symbol)}&start=${r.start}&end=${r.end}&direction=${r.direction}`}
        >
          Pattern
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      rows={query.data.results}
      columns={columns}
      rowKey={(r) => `${r.symbol}-${r.direction}`}
      caption="Upcoming seasonal opportunities"
      filename="upcoming-seasonal.csv"
      pageSize={10}
      testId="upcoming"
    />
  );
}

export default DashboardScreen;
