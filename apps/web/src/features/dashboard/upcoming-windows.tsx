import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { SeasonalScanResponse } from '@solstice/contracts';
import { isSubscriptionRequired } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { actionColumn, directionColumn, symbolColumn } from '../../shared/tables/columns';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { weaknesses } from '../../shared/stats/significance';
import { signalColumn } from '../../shared/stats/trade-signal';
import { statColumn, windowColumn } from '../../shared/stats/window-columns';

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
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('stats');
  if (!hasSymbols) return <EmptyState>{t('upcoming.noSymbols')}</EmptyState>;
  if (!premium || query.isError) {
    if (!premium || isSubscriptionRequired(query.error))
      return (
        <div className="alert alert-info small" data-testid="upcoming-subscribe">
          <Trans t={t} i18nKey="upcoming.subscribe" components={{ anchor: <Link to="/subscribe" /> }} />
        </div>
      );
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.fetchStatus === 'idle' && query.isPending) return null;
  if (query.isPending) return <LoadingState />;
  if (query.data.results.length === 0) return <EmptyState>{t('upcoming.none')}</EmptyState>;
  const columns: Column<SeasonalScanResult>[] = [
    symbolColumn<SeasonalScanResult>(t('upcoming.symbol')),
    directionColumn<SeasonalScanResult>(t('upcoming.side')),
    signalColumn<SeasonalScanResult>((r) => r.direction),
    windowColumn<SeasonalScanResult>(t('upcoming.window'), f),
    statColumn<'winRate', SeasonalScanResult>('winRate', 'Win rate', (v) => f.percent(v, 0, false), true, {
      label: ts('definitions.winRate.label'),
    }),
    statColumn<'mean', SeasonalScanResult>('mean', 'Mean', (v) => f.percent(v), true, {
      label: ts('definitions.mean.label'),
      className: (r) => signClass(r.stats.mean),
    }),
    {
      key: 'check',
      label: ts('columns.check'),
      csvLabel: 'Check',
      sortValue: (r) => weaknesses(r.stats).length,
      text: (r) => (weaknesses(r.stats).length ? ts('columns.weak') : ts('columns.ok')),
      csvValue: (r) => (weaknesses(r.stats).length ? 'Weak' : 'OK'),
    },
    actionColumn('open', '', (r) => (
      <Link
        to={`/seasonality/pattern?symbol=${encodeURIComponent(r.symbol)}&start=${r.start}&end=${r.end}&direction=${r.direction}`}
      >
        {t('upcoming.pattern')}
      </Link>
    )),
  ];
  return (
    <DataTable
      rows={query.data.results}
      columns={columns}
      rowKey={(r) => `${r.symbol}-${r.direction}`}
      caption={t('upcoming.caption')}
      filename="upcoming-seasonal.csv"
      pageSize={10}
      testId="upcoming"
    />
  );
}
