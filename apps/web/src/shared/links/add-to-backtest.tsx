import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addToBacktestHref, type Leg } from './backtest-url';

/** "Add to backtest": opens the backtest with the legs of the last run in this tab and this window. */
export function AddToBacktestLink({ leg, className }: { leg: Leg; className?: string }) {
  const { t } = useTranslation('backtest');
  return (
    <Link
      className={className}
      to={addToBacktestHref(leg)}
      aria-label={t('add.label', {
        symbol: leg.symbol,
        start: leg.start,
        end: leg.end,
        direction: leg.direction === 'short' ? t('form.short') : t('form.long'),
      })}
    >
      {t('add.link')}
    </Link>
  );
}
