import { PagePlaceholder } from './page-placeholder';

export default function SeasonalityScannerPage() {
  return (
    <PagePlaceholder
      title="Seasonality scanner"
      description="Seasonal windows over the whole universe that start in a date range."
    />
  );
}
