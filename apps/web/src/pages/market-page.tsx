import { PagePlaceholder } from './page-placeholder';

export default function MarketPage() {
  return (
    <PagePlaceholder
      title="Market"
      description="Index cards, sector performance, breadth, gainers, losers and most active."
    />
  );
}
