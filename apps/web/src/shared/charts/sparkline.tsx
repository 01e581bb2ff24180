import { useTranslation } from 'react-i18next';

/** A tiny inline SVG line of closes: no chart library needed for a dozen rows. */
export function Sparkline({
  values,
  width = 80,
  height = 24,
}: {
  values: readonly number[];
  width?: number;
  height?: number;
}) {
  const { t } = useTranslation('common');
  if (values.length < 2) return <span className="text-muted">—</span>;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const points = values
    .map(
      (v, i) =>
        `${((i / (values.length - 1)) * width).toFixed(1)},${(height - ((v - min) / span) * height).toFixed(1)}`,
    )
    .join(' ');
  const up = (values[values.length - 1] ?? 0) >= (values[0] ?? 0);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={up ? t('sparkline.rising') : t('sparkline.falling')}
      data-testid="sparkline"
    >
      <polyline points={points} fill="none" stroke={up ? '#43c295' : '#ef4d56'} strokeWidth="1.5" />
    </svg>
  );
}
