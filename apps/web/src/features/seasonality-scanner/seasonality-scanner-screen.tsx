import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { seasonalAlertLink } from '../alerts/alert-links';
import { apiQueryPost } from '../../shared/api';
import type { SeasonalScanResponse } from '@solstice/contracts';
import { PremiumGate } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { useWatchlists } from '../../shared/shell';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { Field, TextField, MMDD, YEAR } from '../../shared/ui/fields';
import { useScreenForm } from '../../shared/ui/screen-form';
import { SECTORS } from '../../shared/ui/sectors';
import { AddToWatchlistButton, SymbolLink } from '../../shared/ui/symbol-link';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { windowStatColumns } from '../../shared/stats/window-columns';
import { signalColumn } from '../../shared/stats/trade-signal';

type SeasonalScanResult = SeasonalScanResponse['results'][number] & { name?: string };

const KEYS = [
  'startFrom',
  'startTo',
  'minDays',
  'maxDays',
  'from',
  'to',
  'minWinRate',
  'minYears',
  'direction',
  'universe',
] as const;
type Key = (typeof KEYS)[number];
const DEFAULTS: Record<Key, string> = {
  startFrom: '',
  startTo: '',
  minDays: '10',
  maxDays: '30',
  from: '',
  to: '',
  minWinRate: '0.7',
  // empty: the API's default, each symbol's most years less 2 and at least 10 (analytics.md)
  minYears: '',
  direction: 'long',
  universe: 'all',
};

export const SEASONALITY_SCANNER_TOOL: ToolInfo = {
  title: 'Seasonality scanner',
  description:
    'Which stocks have a strong seasonal pattern starting in the days you choose? The scanner tests every window of every symbol in the universe and keeps each symbol’s best one that meets your win rate and years.',
  features: ['All instruments, a sector or a watchlist', 'Long, short or both', 'Significance check for every result'],
};

function mmdd(date: Date): string {
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** The request body of a scan from the URL's parameters (the API's names). */
export function scanBody(url: Partial<Record<Key, string>>): Record<string, unknown> {
  const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  const universe = url.universe ?? 'all';
  const body: Record<string, unknown> = {
    startFrom: url.startFrom,
    startTo: url.startTo,
    minDays: num(url.minDays),
    maxDays: num(url.maxDays),
    from: num(url.from),
    to: num(url.to),
    minWinRate: num(url.minWinRate),
    minYears: num(url.minYears),
    direction: url.direction || undefined,
    universe:
      universe === 'all' || universe.includes(':')
        ? universe
        : universe
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

function check(v: Record<Key, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!MMDD.test(v.startFrom)) errors.startFrom = 'Use MM-DD, e.g. 03-15';
  if (!MMDD.test(v.startTo)) errors.startTo = 'Use MM-DD, e.g. 03-29';
  const min = Number(v.minDays);
  const max = Number(v.maxDays);
  if (!Number.isInteger(min) || min < 1) errors.minDays = 'A whole number of days, at least 1';
  if (!Number.isInteger(max) || max < 1) errors.maxDays = 'A whole number of days, at least 1';
  else if (max < min) errors.maxDays = 'Must be at least the minimum';
  for (const k of ['from', 'to'] as const) if (v[k] && !YEAR.test(v[k])) errors[k] = 'Use a year like 2005';
  const rate = Number(v.minWinRate);
  if (v.minWinRate && (Number.isNaN(rate) || rate < 0 || rate > 1)) errors.minWinRate = 'Between 0 and 100 %';
  if (v.minYears && !/^\d+$/.test(v.minYears)) errors.minYears = 'A whole number';
  return errors;
}

export function SeasonalityScannerScreen() {
  return (
    <PremiumGate tool={SEASONALITY_SCANNER_TOOL} title="Seasonality scanner">
      <SeasonalityScannerTool />
    </PremiumGate>
  );
}

function SeasonalityScannerTool() {
  const f = useFormatters();
  const watchlists = useWatchlists();
  const today = new Date();
  const inTwoWeeks = new Date(today.getTime() + 14 * 86_400_000);
  const { url, form, setForm, field, submit } = useScreenForm(KEYS, 'seascanForm', {
    ...DEFAULTS,
    startFrom: mmdd(today),
    startTo: mmdd(inTwoWeeks),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = Boolean(url.startFrom && url.startTo && url.minDays && url.maxDays);
  const query = useQuery({
    queryKey: ['seasonality-scan', url],
    queryFn: () => apiQueryPost<SeasonalScanResponse>('/api/v1/seasonality/scan', scanBody(url)),
    enabled: ready,
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problems = check(form);
    setErrors(problems);
    if (!Object.keys(problems).length) submit(form);
  };
  const winRatePct = form.minWinRate === '' ? '' : String(Math.round(Number(form.minWinRate) * 1000) / 10);
  const universeOptions: { value: string; label: string }[] = [
    { value: 'all', label: 'All instruments' },
    ...SECTORS.map((s) => ({ value: `sector:${s}`, label: `Sector: ${s}` })),
    ...watchlists
      .filter((w) => w.symbols.length > 0)
      .map((w) => ({ value: w.symbols.map((s) => s.sym).join(','), label: `Watchlist: ${w.name}` })),
  ];
  if (!universeOptions.some((o) => o.value === form.universe))
    universeOptions.push({ value: form.universe, label: `Symbols: ${form.universe}` });

  const linkParams = (r: SeasonalScanResult, extra: Record<string, string>) => {
    const p = new URLSearchParams({ symbol: r.symbol, ...extra });
    if (url.from) p.set('from', url.from);
    if (url.to) p.set('to', url.to);
    return p.toString();
  };
  const columns: Column<SeasonalScanResult>[] = [
    {
      key: 'symbol',
      label: 'Symbol',
      sortValue: (r) => r.symbol,
      text: (r) => r.symbol,
      render: (r) => <SymbolLink symbol={r.symbol} />,
    },
    {
      key: 'direction',
      label: 'Side',
      sortValue: (r) => r.direction,
      text: (r) => (r.direction === 'short' ? 'Short' : 'Long'),
    },
    signalColumn<SeasonalScanResult>((r) => r.direction),
    ...windowStatColumns<SeasonalScanResult>(f),
    {
      key: 'open',
      csv: false,
      label: 'Open',
      text: () => '',
      render: (r) => (
        <span className="d-inline-flex gap-2 align-items-center">
          <Link
            to={`/seasonality/pattern?${linkParams(r, { start: r.start, end: r.end, direction: r.direction })}`}
            aria-label={`Pattern of ${r.symbol}`}
          >
            Pattern
          </Link>
          <Link to={`/seasonality/calendar?${linkParams(r, {})}`} aria-label={`Calendar of ${r.symbol}`}>
            Calendar
          </Link>
          <Link
            to={seasonalAlertLink({
              symbol: r.symbol,
              minDays: r.days,
              maxDays: r.days,
              minWinRate: Math.floor(r.stats.winRate * 100) / 100,
              minYears: Math.max(1, r.stats.count - 2),
              direction: r.direction === 'short' ? 'short' : 'long',
            })}
            aria-label={`Alert on ${r.symbol} before its window opens`}
          >
            Alert
          </Link>
          <AddToWatchlistButton symbol={r.symbol} description={r.name} />
        </span>
      ),
    },
  ];
  return (
    <div className="container-fluid py-3" data-testid="seasonality-scanner-screen">
      <h1 className="h4">Seasonality scanner</h1>
      <form className="row g-2 align-items-end mb-3" onSubmit={onSubmit} noValidate aria-label="Seasonality scan form">
        <Field id="ss-start-from" label="Start from (MM-DD)" error={errors.startFrom}>
          <input id="ss-start-from" className="form-control form-control-sm" {...field('startFrom')} />
        </Field>
        <Field id="ss-start-to" label="Start to (MM-DD)" error={errors.startTo}>
          <input id="ss-start-to" className="form-control form-control-sm" {...field('startTo')} />
        </Field>
        <Field id="ss-min-days" label="Min days" error={errors.minDays}>
          <input id="ss-min-days" className="form-control form-control-sm" inputMode="numeric" {...field('minDays')} />
        </Field>
        <Field id="ss-max-days" label="Max days" error={errors.maxDays}>
          <input id="ss-max-days" className="form-control form-control-sm" inputMode="numeric" {...field('maxDays')} />
        </Field>
        <TextField
          id="ss-win-rate"
          label="Min win rate (%)"
          error={errors.minWinRate}
          inputMode="decimal"
          value={winRatePct}
          onChange={(e) =>
            setForm((v) => ({ ...v, minWinRate: e.target.value === '' ? '' : String(Number(e.target.value) / 100) }))
          }
        />
        <TextField
          id="ss-min-years"
          label="Min years"
          error={errors.minYears}
          inputMode="numeric"
          placeholder="most − 2, ≥ 10"
          {...field('minYears')}
        />
        <TextField
          id="ss-from"
          label="From year"
          error={errors.from}
          inputMode="numeric"
          placeholder="all"
          {...field('from')}
        />
        <TextField
          id="ss-to"
          label="To year"
          error={errors.to}
          inputMode="numeric"
          placeholder="all"
          {...field('to')}
        />
        <Field id="ss-direction" label="Direction">
          <select id="ss-direction" className="form-select form-select-sm" {...field('direction')}>
            <option value="long">Long</option>
            <option value="short">Short</option>
            <option value="both">Both</option>
          </select>
        </Field>
        <Field id="ss-universe" label="Universe" className="col-12 col-md-4 col-lg-3">
          <select id="ss-universe" className="form-select form-select-sm" {...field('universe')}>
            {universeOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="col-12 col-md-auto">
          <button type="submit" className="btn btn-primary btn-sm">
            Scan
          </button>
        </div>
      </form>
      {!ready ? <p className="text-muted">Set the start days and holding period, then “Scan”.</p> : null}
      <QueryView
        query={query}
        tool={SEASONALITY_SCANNER_TOOL}
        isEmpty={(d) => d.results.length === 0}
        empty="No symbol has a window that meets these conditions. Lower the win rate or years, or widen the start days."
      >
        {(data) => (
          <DataTable
            rows={data.results}
            columns={columns}
            rowKey={(r) => `${r.symbol}-${r.direction}-${r.start}-${r.end}`}
            caption="Seasonality scan results"
            filename={`seasonality-scan-${url.startFrom}-${url.startTo}.csv`}
            testId="seasonality-scan-results"
          />
        )}
      </QueryView>
    </div>
  );
}

export default SeasonalityScannerScreen;
