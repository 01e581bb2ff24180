import { WatchlistPanel } from '../components/watchlist-panel';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function DashboardPage() {
  return (
    <>
      <DashboardScreen />
      <div className="mt-3">
        <WatchlistPanel />
      </div>
    </>
  );
}
