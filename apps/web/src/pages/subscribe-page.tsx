import { PagePlaceholder } from './page-placeholder';

export default function SubscribePage() {
  return <PagePlaceholder title="Subscribe" description="Plans, checkout and its result." />;
}
