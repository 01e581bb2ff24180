import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FreshnessInfo } from '@solstice/contracts';
import { useMarketFreshness } from '../../shared/lib/market-freshness';
import { useAppStore } from '../../shared/store/app-store';
import { useFormatters, type Formatters } from '../../shared/format';

/**
 * Under the top bar on every signed-in screen: a warning while the market data is behind the
 * last completed NYSE session, with both dates. Nothing while the data is current. The live
 * region stays in the page so that a warning appearing later is announced.
 */
export function StaleDataBanner() {
  const { t } = useTranslation('shell');
  const freshness = useMarketFreshness().data;
  const f = useFormatters();
  const admin = useAppStore((s) => s.roles.includes('admin'));
  return (
    <div role="status">
      <StaleDataNotice
        freshness={freshness}
        f={f}
        dataUpdates={
          admin ? (
            <Link to="/admin/data" className="alert-link">
              {t('staleData.dataUpdates')}
            </Link>
          ) : null
        }
      />
    </div>
  );
}

/**
 * The warning itself, or nothing while the data is current: the banner's, and the server's
 * first view of a returning account's page (app/prerender/first-view.tsx). `dataUpdates`: the link
 * an admin gets to the data updates.
 */
export function StaleDataNotice({
  freshness,
  f,
  dataUpdates,
}: {
  freshness: FreshnessInfo | undefined;
  f: Formatters;
  dataUpdates: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const behind = freshness?.tradingDaysBehind ?? 0;
  if (!freshness || freshness.asOf === null || behind <= 0) return null;
  return (
    <div
      className="alert alert-warning rounded-0 border-start-0 border-end-0 border-top-0 mb-0 py-2 px-4 small"
      data-testid="stale-data-banner"
    >
      <strong>{t('staleData.behind', { count: behind })}</strong>{' '}
      {t('staleData.dates', {
        asOf: f.date(freshness.asOf),
        lastSession: f.date(freshness.lastSession),
      })}
      {dataUpdates ? <> {dataUpdates}</> : null}
    </div>
  );
}
