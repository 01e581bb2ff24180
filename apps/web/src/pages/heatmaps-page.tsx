import { PagePlaceholder } from './page-placeholder';

export default function HeatmapsPage() {
  return <PagePlaceholder title="Heatmaps" description="Sector, industry and stock performance as a treemap." />;
}
