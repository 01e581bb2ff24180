import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { seasonalAlertLink } from '../alerts/alert-links';
import { apiGet } from '../../shared/api';
import type { BestTradesResponse, SeasonalWindow } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, checkWindowFields } from '../../shared/ui/fields';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import { useScreenForm } from '../../shared/ui/screen-form';
import { useFollowSymbol } from '../../shared/ui/follow-symbol';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { windowStatColumns } from '../../shared/stats/window-columns';
import { signalColumn } from '../../shared/stats/trade-signal';

const KEYS = ['symbol', 'minDays', 'maxDays', 'from', 'to', 'minYears', 'top'] as const;
const DEFAULTS = { symbol: 'AAPL', minDays: '10', maxDays: '30', from: '', to: '', minYears: '', top: '10' };

export const BEST_TRADES_TOOL: ToolInfo = {
  title: 'Best trades',
  description:
    'The strongest long and short seasonal windows of a symbol: every start day and holding period you allow is tested over the years and the best non-overlapping windows are ranked by win rate and average return.',
  features: [
    'Long and short windows',
    'Win rate, mean, p-value, result without the best year',
    'Open any window as a pattern',
  ],
};

function checkNumbers(v: Record<string, string>): Record<string, string> {
  const errors = checkWindowFields({ symbol: v.symbol, from: v.from, to: v.to });
  const min = Number(v.minDays);
  const max = Number(v.maxDays);
  if (!Number.isInteger(min) || min < 1) errors.minDays = 'A whole number of days, at least 1';
  if (!Number.isInteger(max) || max < 1) errors.maxDays = 'A whole number of days, at least 1';
  else if (Number.isInteger(min) && max < min) errors.maxDays = 'Must be at least the minimum';
  if (v.minYears && !/^\d+$/.test(v.minYears)) errors.minYears = 'A whole number';
  if (v.top && !/^\d+$/.test(v.top)) errors.top = 'A whole number';
  return errors;
}

export function BestTradesScreen() {
  return (
    <PremiumGate tool={BEST_TRADES_TOOL} title="Best trades">
      <BestTradesTool />
    </PremiumGate>
  );
}

function BestTradesTool() {
  const f = useFormatters();
  const { url, form, field, submit, setUrl } = useScreenForm(KEYS, null, DEFAULTS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.symbol && url.minDays && url.maxDays);
  useFollowSymbol(url, ready, (focus) => setUrl({ ...form, ...focus }, true));
  const query = useQuery({
    queryKey: ['best-trades', url],
    queryFn: () => apiGet<BestTradesResponse>('/api/v1/seasonality/best-trades', url),
    enabled: ready,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = { ...form, symbol: form.symbol.trim().toUpperCase() };
    const problems = checkNumbers(values);
    setErrors(problems);
    if (!Object.keys(problems).length) submit(values);
  };
  const text = (id: string, label: string, key: (typeof KEYS)[number], placeholder?: string) => (
    <Field id={id} label={label} error={errors[key]}>
      <input
        id={id}
        className="form-control form-control-sm"
        inputMode={key === 'symbol' ? undefined : 'numeric'}
        placeholder={placeholder}
        autoComplete="off"
        {...field(key)}
      />
    </Field>
  );
  return (
    <div className="container-fluid py-3" data-testid="best-trades-screen">
      <h1 className="h4">Best trades</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label="Best trades form">
        {text('bt-symbol', 'Symbol', 'symbol')}
        {text('bt-min', 'Min days', 'minDays')}
        {text('bt-max', 'Max days', 'maxDays')}
        {text('bt-from', 'From year', 'from', 'all')}
        {text('bt-to', 'To year', 'to', 'all')}
        {text('bt-min-years', 'Min years', 'minYears', 'most − 2')}
        {text('bt-top', 'Top', 'top')}
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            Find best trades
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">Choose a symbol and the holding period, then “Find best trades”.</p> : null}
      <QueryView
        query={query}
        tool={BEST_TRADES_TOOL}
        isEmpty={(d) => d.long.length === 0 && d.short.length === 0}
        empty="No window has enough years of history. Lower the minimum years or widen the years."
      >
        {(data) => {
          const link = (w: SeasonalWindow, direction: string) => {
            const p = new URLSearchParams({ symbol: data.symbol, start: w.start, end: w.end, direction });
            if (url.from) p.set('from', url.from);
            if (url.to) p.set('to', url.to);
            return `/seasonality/pattern?${p.toString()}`;
          };
          const columns = (direction: 'long' | 'short'): Column<SeasonalWindow>[] => [
            signalColumn<SeasonalWindow>(() => direction),
            ...windowStatColumns<SeasonalWindow>(f),
            {
              key: 'open',
              csv: false,
              label: 'Pattern',
              text: (w) => link(w, direction),
              render: (w) => (
                <Link to={link(w, direction)} aria-label={`Open the pattern ${w.start} to ${w.end}`}>
                  Open
                </Link>
              ),
            },
            {
              key: 'alert',
              csv: false,
              label: 'Alert',
              text: () => '',
              render: (w) => (
                <Link
                  to={seasonalAlertLink({
                    symbol: data.symbol,
                    minDays: w.days,
                    maxDays: w.days,
                    minWinRate: Math.floor(w.stats.winRate * 100) / 100,
                    minYears: Math.max(1, w.stats.count - 2),
                    direction: direction,
                  })}
                  aria-label={`Alert before ${w.start} to ${w.end} opens`}
                >
                  Alert
                </Link>
              ),
            },
          ];
          return (
            <>
              <InstrumentHeader symbol={data.symbol}>
                <SeasonalityToolsNav current="bestTrades" focus={{ symbol: data.symbol, from: url.from, to: url.to }} />
              </InstrumentHeader>
              <div className="row">
                <section className="col-12 col-xl-6" aria-labelledby="bt-long">
                  <h2 className="h6" id="bt-long">
                    Long windows
                  </h2>
                  <DataTable
                    rows={data.long}
                    columns={columns('long')}
                    rowKey={(w) => `${w.start}-${w.end}`}
                    caption="Best long windows"
                    filename={`best-trades-long-${data.symbol}.csv`}
                    testId="best-long"
                  />
                </section>
                <section className="col-12 col-xl-6" aria-labelledby="bt-short">
                  <h2 className="h6" id="bt-short">
                    Short windows
                  </h2>
                  <DataTable
                    rows={data.short}
                    columns={columns('short')}
                    rowKey={(w) => `${w.start}-${w.end}`}
                    caption="Best short windows"
                    filename={`best-trades-short-${data.symbol}.csv`}
                    testId="best-short"
                  />
                </section>
              </div>
            </>
          );
        }}
      </QueryView>
    </div>
  );
}

export default BestTradesScreen;
