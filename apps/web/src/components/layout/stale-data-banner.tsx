import { Link } from 'react-router';
import { formatDate } from '../../lib/dates';
import { useMarketFreshness } from '../../lib/market-freshness';
import { useAppStore } from '../../store/app-store';

/**
 * Under the top bar on every signed-in screen: a warning while the market data is behind the
 * last completed NYSE session, with both dates. Nothing while the data is current. The live
 * region stays in the page so that a warning appearing later is announced.
 */
export function StaleDataBanner() {
  const freshness = useMarketFreshness().data;
  const locale = useAppStore((s) => s.display.locale);
  const admin = useAppStore((s) => s.roles.includes('admin'));
  const behind = freshness?.tradingDaysBehind ?? 0;
  const show = freshness && freshness.asOf !== null && behind > 0;
  return (
    <div role="status">
      {show ? (
        <div
          className="alert alert-warning rounded-0 border-start-0 border-end-0 border-top-0 mb-0 py-2 px-4 small"
          data-testid="stale-data-banner"
        >
          <strong>
            Market data is {behind} trading {behind === 1 ? 'day' : 'days'} old.
          </strong>{' '}
          The latest bar is from {formatDate(freshness.asOf!, { locale })}; the last completed session was{' '}
          {formatDate(freshness.lastSession, { locale })}. Prices, scans and heatmaps show that earlier day.
          {admin ? (
            <>
              {' '}
              <Link to="/admin/data" className="alert-link">
                Data updates
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
