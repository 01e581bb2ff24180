import { PagePlaceholder } from './page-placeholder';

export default function SeasonalityPage() {
  return (
    <PagePlaceholder title="Seasonality" description="The average seasonal path of a symbol over the chosen years." />
  );
}
