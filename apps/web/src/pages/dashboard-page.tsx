import { PagePlaceholder } from './page-placeholder';

export default function DashboardPage() {
  return (
    <PagePlaceholder
      title="Dashboard"
      description="Market summary, your watchlists, upcoming seasonal opportunities and saved scans."
    />
  );
}
