import { PagePlaceholder } from './page-placeholder';
import { WatchlistPanel } from '../components/watchlist-panel';

export default function DashboardPage() {
  return (
    <>
      <PagePlaceholder
        title="Dashboard"
        description="Market summary, your watchlists, upcoming seasonal opportunities and saved scans."
      />
      <div className="mt-3">
        <WatchlistPanel />
      </div>
    </>
  );
}
