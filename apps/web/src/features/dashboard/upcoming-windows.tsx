import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SeasonalScanResponse } from '@solstice/contracts';
import { isSubscriptionRequired } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { SymbolLink } from '../../shared/ui/symbol-link';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { weaknesses } from '../../shared/stats/significance';
import { signalColumn } from '../../shared/stats/trade-signal';

type SeasonalScanResult = SeasonalScanResponse['results'][number];

export function Upcoming({
  query,
  f,
  hasSymbols,
  premium,
}: {
  query: UseQueryResult<SeasonalScanResponse>;
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
      text: (r) => (r.direction === 'short' ? 'Short' : 'Long'),
    },
    signalColumn<SeasonalScanResult>((r) => r.direction),
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
      csvValue: (r) => r.stats.winRate,
      unit: 'fraction',
    },
    {
      key: 'mean',
      label: 'Mean',
      align: 'end',
      sortValue: (r) => r.stats.mean,
      text: (r) => f.percent(r.stats.mean),
      csvValue: (r) => r.stats.mean,
      unit: 'fraction',
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
