import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { checkWindowFields } from '../../shared/ui/fields';
import { PatternResult } from './pattern-result';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { YEAR_SET_DEFAULTS, YEAR_SET_KEYS, type YearSetValues } from '../../shared/ui/year-sets';
import { toolScreen, ToolPage, toolInfo, useSeasonalityTool } from '../../shared/ui/seasonality-tool';
import { DirectionField, SymbolField, ToolForm, WindowFields, YearRangeFields } from '../../shared/ui/seasonality-form';
import { usePattern } from '../../shared/ui/pattern-query';
import { ConditionField, conditionProblem } from '../../shared/ui/condition-field';
import { ConditionSummary } from './condition-summary';
import { RollAdjustField } from '../../shared/ui/roll-adjust';

const KEYS = [
  'symbol',
  'start',
  'end',
  'from',
  'to',
  'direction',
  'condition',
  'rollAdjust',
  ...YEAR_SET_KEYS,
] as const;
type PatternForm = {
  symbol: string;
  start: string;
  end: string;
  from: string;
  to: string;
  direction: string;
  condition: string;
  rollAdjust: string;
} & YearSetValues;
const DEFAULTS: PatternForm = {
  symbol: 'AAPL',
  start: '11-01',
  end: '12-31',
  from: '',
  to: '',
  direction: 'long',
  condition: '',
  rollAdjust: '',
  ...YEAR_SET_DEFAULTS,
};

/** What the tool does, in the current language (read at call time). */
export function patternTool(): ToolInfo {
  return toolInfo('pattern', ['table', 'stats', 'benchmark']);
}

export const PatternScreen = toolScreen('pattern', patternTool, PatternTool);

function PatternTool() {
  const { t } = useTranslation('pattern');
  const f = useFormatters();
  const { url, errors, ready, onSubmit, bound, focus, yearSet } = useSeasonalityTool({
    keys: KEYS,
    formName: 'patternForm',
    defaults: DEFAULTS,
    isReady: (u) => Boolean(u.symbol && u.start && u.end),
    check: checkWindowFields,
  });
  const conditioned = Boolean(url.condition?.trim());
  const pattern = usePattern(url, url, ready);
  // With a condition, the unconditioned pattern too: its years that the condition removed are
  // shown greyed out, and its win rate and mean are compared (decision 0041).
  const all = usePattern({ ...url, condition: '' }, url, ready && conditioned);
  const problem = conditioned ? conditionProblem(pattern.error) : undefined;
  const form = (
    <ToolForm ns="pattern" onSubmit={onSubmit}>
      <SymbolField ns="pattern" id="pattern-symbol" error={errors.symbol} {...bound.symbol} />
      <WindowFields ns="pattern" idPrefix="pattern" errors={errors} start={bound.start} end={bound.end} />
      <YearRangeFields ns="pattern" idPrefix="pattern" errors={errors} from={bound.from} to={bound.to} />
      <DirectionField ns="pattern" id="pattern-direction" {...bound.direction} />
      <YearSetFields idPrefix="pattern" {...yearSet} />
      <RollAdjustField id="pattern-roll-adjust" symbol={url.symbol} {...bound.rollAdjust} />
      <ConditionField id="pattern-condition" problem={problem} checked={url.condition} {...bound.condition} />
    </ToolForm>
  );
  return (
    <ToolPage ns="pattern" testId="pattern-screen" ready={ready} form={form}>
      <QueryView
        query={problem ? { ...pattern, isError: false, isPending: true, fetchStatus: 'idle' } : pattern}
        tool={patternTool()}
        isEmpty={(d) => (d.years.length === 0 || !d.stats) && !d.condition}
        empty={t('empty')}
      >
        {(data) => (
          <>
            {data.condition ? <ConditionSummary kept={data} all={all.data} f={f} /> : null}
            <PatternResult
              data={data}
              focus={focus}
              f={f}
              years={{ from: url.from, to: url.to, cycle: url.cycle, parity: url.parity, exclude: url.exclude }}
              removed={
                data.condition
                  ? all.data?.years.filter((y) => data.condition!.removedYears.includes(y.year))
                  : undefined
              }
            />
          </>
        )}
      </QueryView>
    </ToolPage>
  );
}

export default PatternScreen;
