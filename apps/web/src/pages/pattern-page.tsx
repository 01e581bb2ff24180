import { PagePlaceholder } from './page-placeholder';

export default function PatternPage() {
  return (
    <PagePlaceholder title="Pattern" description="One date window across the years: per-year table and statistics." />
  );
}
