import { PagePlaceholder } from './page-placeholder';

export default function BestTradesPage() {
  return <PagePlaceholder title="Best trades" description="The best long and short seasonal windows of a symbol." />;
}
