import { useTranslation } from 'react-i18next';
import type { PatternResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';

/**
 * What a condition did to a pattern (analytics.md, "Conditional seasonality"): how many years
 * it kept, and the kept years' win rate and mean beside all years' (the unconditioned
 * answer, once it is here), so that a condition that does not help says so.
 */
export function ConditionSummary({
  kept,
  all,
  f,
}: {
  kept: PatternResponse;
  all: PatternResponse | undefined;
  f: Formatters;
}) {
  const { t } = useTranslation('common');
  const condition = kept.condition!;
  const keptCount = kept.years.length;
  const allStats = all?.stats ?? null;
  const keptStats = kept.stats;
  return (
    <div className="alert alert-light border small py-2 mb-3" data-testid="condition-summary" role="status">
      <div className="fw-semibold">
        {t('condition.kept', {
          kept: keptCount,
          total: keptCount + condition.removed,
          removed: condition.removed,
          expression: condition.expression,
        })}
      </div>
      {allStats ? (
        <div data-testid="condition-compare">
          {t('condition.compare', {
            keptWinRate: keptStats ? f.percent(keptStats.winRate, 0, false) : '–',
            keptMean: keptStats ? f.percent(keptStats.mean) : '–',
            allWinRate: f.percent(allStats.winRate, 0, false),
            allMean: f.percent(allStats.mean),
          })}{' '}
          <strong>
            {keptStats && keptStats.winRate > allStats.winRate ? t('condition.helps') : t('condition.noHelp')}
          </strong>
        </div>
      ) : null}
    </div>
  );
}
