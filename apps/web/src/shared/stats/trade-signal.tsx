import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import type { Column } from '../tables/data-table';
import type { WindowStats } from '@solstice/contracts';

export type Direction = 'long' | 'short';
export type Signal = 'Buy' | 'Sell' | 'No edge';

/**
 * The label of a seasonal window: Buy (long) or Sell (short) only when it made money on
 * average and won at least half of its years; a losing window is never a Buy (issue #21).
 * Short statistics are already signed for the short side.
 */
export function tradeSignal(direction: Direction, stats: Pick<WindowStats, 'mean' | 'winRate'>): Signal {
  if (!(stats.mean > 0) || stats.winRate < 0.5) return 'No edge';
  return direction === 'short' ? 'Sell' : 'Buy';
}

const BADGE: Record<Signal, string> = {
  Buy: 'text-bg-success',
  Sell: 'text-bg-danger',
  'No edge': 'text-bg-secondary',
};

export function SignalBadge({ signal }: { signal: Signal }) {
  const { t } = useTranslation('stats');
  return <span className={`badge ${BADGE[signal]}`}>{t(`signal.${signal}`)}</span>;
}

/** The "Signal" column of a table of windows, for a fixed direction or the row's own. */
export function signalColumn<T extends { stats: Pick<WindowStats, 'mean' | 'winRate'> }>(
  directionOf: (row: T) => Direction,
): Column<T> {
  const signal = (r: T) => tradeSignal(directionOf(r), r.stats);
  return {
    key: 'signal',
    label: i18n.t('stats:signal.column'),
    csvLabel: 'Signal',
    sortValue: (r) => signal(r),
    text: (r) => i18n.t(`stats:signal.${signal(r)}`),
    csvValue: (r) => signal(r),
    render: (r) => <SignalBadge signal={signal(r)} />,
  };
}
