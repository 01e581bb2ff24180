import { PagePlaceholder } from './page-placeholder';

export default function ScannerPage() {
  return (
    <PagePlaceholder
      title="Stock scanner"
      description="Filter the universe with chips or an expression such as rsi14 < 30 and close > sma200."
    />
  );
}
