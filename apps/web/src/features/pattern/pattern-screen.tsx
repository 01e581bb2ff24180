import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import type { PatternResponse } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { useSavedForm } from '../../shared/shell';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, TextField, checkWindowFields } from '../../shared/ui/fields';
import { useFollowSymbol } from '../../shared/ui/follow-symbol';
import { PatternResult } from './pattern-result';

const KEYS = ['symbol', 'start', 'end', 'from', 'to', 'direction'] as const;
type PatternForm = { symbol: string; start: string; end: string; from: string; to: string; direction: string };
const DEFAULTS: PatternForm = { symbol: 'AAPL', start: '11-01', end: '12-31', from: '', to: '', direction: 'long' };

export const PATTERN_TOOL: ToolInfo = {
  title: 'Seasonal pattern',
  description:
    'Pick a symbol and a date window (for example 11-01 to 12-31) to see how it did in that window in every past year: entry and exit, return, maximum rise and drop, and the statistics with a significance check.',
  features: ['Per-year table and bar chart', 'Win rate, mean, median, Sharpe, p-value', 'Returns against the S&P 500'],
};

export function usePattern(params: Partial<PatternForm>, enabled: boolean) {
  return useQuery({
    queryKey: ['pattern', params],
    queryFn: () => apiGet<PatternResponse>('/api/v1/seasonality/pattern', params),
    enabled,
  });
}

export function PatternScreen() {
  return (
    <PremiumGate tool={PATTERN_TOOL} title="Pattern">
      <PatternTool />
    </PremiumGate>
  );
}

function PatternTool() {
  const f = useFormatters();
  const [url, setUrl] = useUrlState(KEYS);
  const [saved, save] = useSavedForm<PatternForm>('patternForm');
  const initial: PatternForm = url.symbol ? { ...DEFAULTS, ...url } : { ...DEFAULTS, ...saved };
  const [form, setForm] = useState<PatternForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const ready = Boolean(url.symbol && url.start && url.end);
  const params = {
    symbol: url.symbol,
    start: url.start,
    end: url.end,
    from: url.from,
    to: url.to,
    direction: url.direction,
  };
  const pattern = usePattern(params, ready);
  useFollowSymbol(url, ready, (focus) => {
    const next = { ...form, ...url, ...focus };
    setForm(next);
    setUrl(next, true);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = { ...form, symbol: form.symbol.trim().toUpperCase() };
    const problems = checkWindowFields(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    save(values);
    setUrl(values);
  };

  const set = (key: keyof PatternForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  return (
    <div className="container-fluid py-3" data-testid="pattern-screen">
      <h1 className="h4">Pattern</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate aria-label="Pattern form">
        <TextField
          id="pattern-symbol"
          label="Symbol"
          error={errors.symbol}
          value={form.symbol}
          onChange={set('symbol')}
          autoComplete="off"
        />
        <TextField
          id="pattern-start"
          label="Start (MM-DD)"
          error={errors.start}
          value={form.start}
          onChange={set('start')}
          placeholder="MM-DD"
        />
        <TextField
          id="pattern-end"
          label="End (MM-DD)"
          error={errors.end}
          value={form.end}
          onChange={set('end')}
          placeholder="MM-DD"
        />
        <TextField
          id="pattern-from"
          label="From year"
          error={errors.from}
          value={form.from}
          onChange={set('from')}
          inputMode="numeric"
          placeholder="all"
        />
        <TextField
          id="pattern-to"
          label="To year"
          error={errors.to}
          value={form.to}
          onChange={set('to')}
          inputMode="numeric"
          placeholder="all"
        />
        <Field id="pattern-direction" label="Direction">
          <select
            id="pattern-direction"
            className="form-select form-select-sm"
            value={form.direction}
            onChange={set('direction')}
          >
            <option value="long">Long</option>
            <option value="short">Short</option>
          </select>
        </Field>
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            Show pattern
          </button>
        </div>
      </form>

      {!ready ? <p className="text-muted">Choose a symbol and a window, then “Show pattern”.</p> : null}
      <QueryView
        query={pattern}
        tool={PATTERN_TOOL}
        isEmpty={(d) => d.years.length === 0 || !d.stats}
        empty="No year of this symbol's history covers the whole window. Try another window or fewer years."
      >
        {(data) => <PatternResult data={data} links={params} f={f} />}
      </QueryView>
    </div>
  );
}

export default PatternScreen;
