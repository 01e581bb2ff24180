import { PagePlaceholder } from './page-placeholder';

export default function CalendarPage() {
  return <PagePlaceholder title="Calendar" description="Year by month returns as a heat table." />;
}
