import { DashboardScreen } from '../features/dashboard/dashboard-screen';

export default function DashboardPage() {
  return <DashboardScreen />;
}
