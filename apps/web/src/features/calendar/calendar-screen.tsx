import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import type { CalendarResponse } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { TextField, checkWindowFields } from '../../shared/ui/fields';
import { useScreenForm } from '../../shared/ui/screen-form';
import { useFollowSymbol } from '../../shared/ui/follow-symbol';
import { CalendarResult } from './calendar-result';
import { i18n } from '../../i18n/i18n';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { YEAR_SET_DEFAULTS, YEAR_SET_KEYS, checkYearSet, normalizeYearSet } from '../../shared/ui/year-sets';

const KEYS = ['symbol', 'from', 'to', ...YEAR_SET_KEYS] as const;
const DEFAULTS = { symbol: 'AAPL', from: '', to: '', ...YEAR_SET_DEFAULTS };
/** What the tool does, in the current language (read at call time). */
export function calendarTool(): ToolInfo {
  return {
    title: i18n.t('calendar:tool.title'),
    description: i18n.t('calendar:tool.description'),
    features: [
      i18n.t('calendar:tool.features.table'),
      i18n.t('calendar:tool.features.stats'),
      i18n.t('calendar:tool.features.csv'),
    ],
  };
}

export function CalendarScreen() {
  const { t } = useTranslation('calendar');
  return (
    <PremiumGate tool={calendarTool()} title={t('title')}>
      <CalendarTool />
    </PremiumGate>
  );
}

function CalendarTool() {
  const { t } = useTranslation('calendar');
  const f = useFormatters();
  const { url, form, setForm, field, submit, setUrl } = useScreenForm(KEYS, 'calendarForm', DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.symbol);
  useFollowSymbol(url, ready, (focus) => setUrl({ ...form, ...focus }, true));
  const calendar = useQuery({
    queryKey: ['calendar', url],
    queryFn: () => apiGet<CalendarResponse>('/api/v1/seasonality/calendar', url),
    enabled: ready,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = normalizeYearSet({ ...form, symbol: form.symbol.trim().toUpperCase() });
    const problems = { ...checkWindowFields(values), ...checkYearSet(values) };
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  // each input's value and change handler, kept in the form and the URL
  const fields = {
    symbol: field('symbol'),
    from: field('from'),
    to: field('to'),
  };
  return (
    <div className="container-fluid py-3" data-testid="calendar-screen">
      <h1 className="h4">{t('title')}</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
        <TextField
          id="calendar-symbol"
          label={t('form.symbol')}
          error={errors.symbol}
          autoComplete="off"
          {...fields.symbol}
        />
        <TextField
          id="calendar-from"
          label={t('form.from')}
          error={errors.from}
          inputMode="numeric"
          placeholder={t('form.all')}
          {...fields.from}
        />
        <TextField
          id="calendar-to"
          label={t('form.to')}
          error={errors.to}
          inputMode="numeric"
          placeholder={t('form.all')}
          {...fields.to}
        />
        <YearSetFields
          idPrefix="calendar"
          values={form}
          errors={errors}
          onChange={(patch) => setForm((v) => ({ ...v, ...patch }))}
        />
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            {t('form.submit')}
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">{t('hint')}</p> : null}
      <QueryView query={calendar} tool={calendarTool()} isEmpty={(d) => d.months.length === 0} empty={t('empty')}>
        {(data) => <CalendarResult data={data} f={f} focus={{ symbol: data.symbol, from: url.from, to: url.to }} />}
      </QueryView>
    </div>
  );
}

export default CalendarScreen;
