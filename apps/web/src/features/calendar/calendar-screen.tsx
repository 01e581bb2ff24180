import { useState, type FormEvent } from 'react';
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

const KEYS = ['symbol', 'from', 'to'] as const;
const DEFAULTS = { symbol: 'AAPL', from: '', to: '' };
export const CALENDAR_TOOL: ToolInfo = {
  title: 'Seasonal calendar',
  description:
    'Every month of every year of a symbol in one heat table, with each month’s average, median and share of rising years: see at a glance which months tend to be strong or weak.',
  features: ['Year × month heat table', 'Monthly mean, median, % positive', 'Export to CSV'],
};

export function CalendarScreen() {
  return (
    <PremiumGate tool={CALENDAR_TOOL} title="Calendar">
      <CalendarTool />
    </PremiumGate>
  );
}

function CalendarTool() {
  const f = useFormatters();
  const { url, form, field, submit, setUrl } = useScreenForm(KEYS, 'calendarForm', DEFAULTS);
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
    const values = { ...form, symbol: form.symbol.trim().toUpperCase() };
    const problems = checkWindowFields(values);
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  return (
    <div className="container-fluid py-3" data-testid="calendar-screen">
      <h1 className="h4">Calendar</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label="Calendar form">
        <TextField id="calendar-symbol" label="Symbol" error={errors.symbol} autoComplete="off" {...field('symbol')} />
        <TextField
          id="calendar-from"
          label="From year"
          error={errors.from}
          inputMode="numeric"
          placeholder="all"
          {...field('from')}
        />
        <TextField
          id="calendar-to"
          label="To year"
          error={errors.to}
          inputMode="numeric"
          placeholder="all"
          {...field('to')}
        />
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            Show calendar
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">Choose a symbol, then “Show calendar”.</p> : null}
      <QueryView
        query={calendar}
        tool={CALENDAR_TOOL}
        isEmpty={(d) => d.months.length === 0}
        empty="No complete month in this symbol's history for these years."
      >
        {(data) => <CalendarResult data={data} f={f} focus={{ symbol: data.symbol, from: url.from, to: url.to }} />}
      </QueryView>
    </div>
  );
}

export default CalendarScreen;
