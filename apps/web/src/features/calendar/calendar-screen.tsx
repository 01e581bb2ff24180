import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { checkWindowFields } from '../../shared/ui/fields';
import { CalendarResult } from './calendar-result';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { YEAR_SET_DEFAULTS, YEAR_SET_KEYS } from '../../shared/ui/year-sets';
import { toolScreen, ToolPage, toolInfo, useSeasonalityTool } from '../../shared/ui/seasonality-tool';
import { SymbolField, ToolForm, YearRangeFields } from '../../shared/ui/seasonality-form';
import { useToolQuery } from '../../shared/ui/tool-query';
import { RollAdjustField } from '../../shared/ui/roll-adjust';
import { rollAdjustQuery } from '../../shared/ui/roll-adjust-query';

const KEYS = ['symbol', 'from', 'to', 'rollAdjust', ...YEAR_SET_KEYS] as const;
const DEFAULTS = { symbol: 'AAPL', from: '', to: '', rollAdjust: '', ...YEAR_SET_DEFAULTS };
/** What the tool does, in the current language (read at call time). */
export function calendarTool(): ToolInfo {
  return toolInfo('calendar', ['table', 'stats', 'csv']);
}

export const CalendarScreen = toolScreen('calendar', calendarTool, CalendarTool);

function CalendarTool() {
  const { t } = useTranslation('calendar');
  const f = useFormatters();
  const { url, errors, ready, onSubmit, bound, focus, yearSet } = useSeasonalityTool({
    keys: KEYS,
    formName: 'calendarForm',
    defaults: DEFAULTS,
    isReady: (u) => Boolean(u.symbol),
    check: checkWindowFields,
  });
  const { rollAdjust, ...rest } = url;
  const calendar = useToolQuery('calendar', 'seasonalityCalendar', { ...rest, ...rollAdjustQuery(rollAdjust) }, ready);
  const form = (
    <ToolForm ns="calendar" onSubmit={onSubmit}>
      <SymbolField ns="calendar" id="calendar-symbol" error={errors.symbol} {...bound.symbol} />
      <YearRangeFields ns="calendar" idPrefix="calendar" errors={errors} from={bound.from} to={bound.to} />
      <YearSetFields idPrefix="calendar" {...yearSet} />
      <RollAdjustField id="calendar-roll-adjust" symbol={url.symbol} {...bound.rollAdjust} />
    </ToolForm>
  );
  return (
    <ToolPage ns="calendar" testId="calendar-screen" ready={ready} form={form}>
      <QueryView query={calendar} tool={calendarTool()} isEmpty={(d) => d.months.length === 0} empty={t('empty')}>
        {(data) => <CalendarResult data={data} f={f} focus={{ ...focus, symbol: data.symbol }} />}
      </QueryView>
    </ToolPage>
  );
}

export default CalendarScreen;
