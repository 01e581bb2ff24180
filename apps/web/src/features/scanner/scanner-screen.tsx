import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SPARK_CLOSES,
  type ScanFieldsResponse,
  type ScanPresetsResponse,
  type ScanResponse,
} from '@solstice/contracts';
import { ApiError, apiGet, apiQueryPost, isSubscriptionRequired, retryServerErrors } from '../api';
import { PremiumGate } from '../ui/premium-gate';
import { useFormatters, type Formatters } from '../format';
import { Link } from 'react-router';
import { useAppStore, useSavedForm } from '../shell';
import { scanAlertLink } from '../alerts/alert-links';
import { useSavedScansSync } from './saved-scans-sync';
import { useUrlState } from '../ui/url-state';
import { ErrorState, LoadingState, EmptyState, SubscribeCard, type ToolInfo } from '../ui/states';
import { AddToWatchlistButton, SymbolLink } from '../ui/symbol-link';
import { SymbolDemoBadge } from '../ui/instrument-header';
import { StaleCount } from '../ui/stale-count';
import { DataTable, signClass, type Column } from '../tables/data-table';
import { Sparkline } from '../charts/sparkline';
import {
  FIELD_LABELS,
  ViewPicker,
  isView,
  orderColumns,
  parseColumns,
  viewColumns,
  type ScanView,
} from './result-views';
import {
  FIELDS,
  LARGE_FIELDS,
  OPERATORS,
  PERCENT_FIELDS,
  TEXT_FIELDS,
  conditionsOf,
  joinConditions,
} from './expression-chips';

type Row = ScanResponse['results'][number];
export interface SavedScan {
  name: string;
  expression: string;
  sort?: string;
  desc?: boolean;
}
type ScannerForm = { expression: string; sort: string; desc: string; saved: SavedScan[] };

const KEYS = ['expression', 'sort', 'desc', 'view', 'cols'] as const;
export const RESULT_LIMIT = 1000;
export const COUNT_DEBOUNCE_MS = 300;

export const SCANNER_TOOL: ToolInfo = {
  title: 'Stock scanner',
  description:
    'Screen the whole market with filters like “rsi14 < 30 and close > sma200”: technical indicators, performance, volume and sectors, with the number of matches updating as you type.',
  features: [
    'Filter chips or a text expression',
    'Presets: oversold, golden cross, new highs…',
    'Saved scans, CSV export, add to watchlist',
  ],
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function cellText(f: Formatters, key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'number') return String(value);
  if (PERCENT_FIELDS.has(key)) return f.percent(value);
  if (LARGE_FIELDS.has(key)) return f.compact(value);
  return f.number(value);
}

const USD_FIELDS: ReadonlySet<string> = new Set([
  'price',
  'close',
  'open',
  'high',
  'low',
  'marketCap',
  'atr14',
  'bbUpper',
  'bbMiddle',
  'bbLower',
  'high52w',
  'low52w',
]);

/** The unit of a field's raw value in the CSV. */
function csvUnit(key: string): string | undefined {
  if (PERCENT_FIELDS.has(key)) return 'fraction';
  if (USD_FIELDS.has(key) || /^(sma|ema)\d+$/.test(key)) return 'USD';
  return undefined;
}

const LABELS: Record<string, string> = {
  change1d: 'Change',
  rsi14: 'RSI(14)',
  marketCap: 'Market cap',
  relVolume: 'Rel. volume',
  avgVolume20: 'Avg. volume',
  volatility20: 'Volatility',
  close: 'Close',
  price: 'Price',
  volume: 'Volume',
};

export function ScannerScreen() {
  return (
    <PremiumGate tool={SCANNER_TOOL} title="Stock scanner">
      <ScannerTool />
    </PremiumGate>
  );
}

function ScannerTool() {
  const f = useFormatters();
  const [url, setUrl] = useUrlState(KEYS);
  const [saved, save] = useSavedForm<ScannerForm>('scannerForm');
  const savedScans = saved?.saved ?? [];
  // Saved scans live in the account; the store copy follows it (saved-scans-sync.ts).
  const changeScans = useSavedScansSync(savedScans, (next) =>
    save({ expression: text, sort: url.sort ?? '', desc: String(desc), saved: next }),
  );
  const [text, setText] = useState(url.expression ?? (saved?.expression as string | undefined) ?? '');
  useEffect(() => {
    if (url.expression !== undefined) setText(url.expression);
  }, [url.expression]);
  const setScanlist = useAppStore((s) => s.setScanlist);

  // live match count
  const debounced = useDebounced(text.trim(), COUNT_DEBOUNCE_MS);
  const count = useQuery({
    queryKey: ['scan-count', debounced],
    retry: retryServerErrors,
    queryFn: () =>
      apiQueryPost<ScanResponse>('/api/v1/scanner', { expression: debounced, limit: 1 }, { background: true }),
    enabled: debounced.length > 0,
    placeholderData: keepPreviousData,
  });
  const fields = useQuery({
    queryKey: ['scan-fields'],
    retry: retryServerErrors,
    queryFn: () => apiGet<ScanFieldsResponse>('/api/v1/scanner/fields', undefined, { background: true }),
    staleTime: 5 * 60_000,
  });
  const presets = useQuery({
    queryKey: ['scan-presets'],
    retry: retryServerErrors,
    queryFn: () => apiGet<ScanPresetsResponse>('/api/v1/scanner/presets', undefined, { background: true }),
    staleTime: Infinity,
  });

  const ready = Boolean(url.expression);
  const sort = url.sort || undefined;
  const desc = url.desc === 'true';
  const view = isView(url.view) ? url.view : 'expression';
  const custom = parseColumns(url.cols);
  const columns = viewColumns(view, custom);
  const results = useQuery({
    queryKey: ['scan', url.expression, sort, desc, columns.join(',')],
    retry: retryServerErrors,
    queryFn: () =>
      apiQueryPost<ScanResponse>('/api/v1/scanner', {
        expression: url.expression,
        ...(sort ? { sort, desc } : {}),
        limit: RESULT_LIMIT,
        ...(columns.length ? { columns } : {}),
        spark: true,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (results.data) setScanlist(results.data.results.map((r) => ({ symbol: r.symbol, name: r.name })));
  }, [results.data, setScanlist]);

  const chips = conditionsOf(text);
  const run = (expression: string, nextSort?: string, nextDesc?: boolean) => {
    const e = expression.trim();
    setText(e);
    setUrl({ expression: e, sort: nextSort ?? url.sort, desc: nextDesc === undefined ? url.desc : String(nextDesc) });
    save({ expression: e, sort: nextSort ?? url.sort ?? '', desc: String(nextDesc ?? desc), saved: savedScans });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) run(text);
  };

  const blocked = [count, results, presets].some((q) => q.isError && isSubscriptionRequired(q.error));
  if (blocked) {
    return (
      <div className="container-fluid py-3" data-testid="scanner-screen">
        <h1 className="h4">Stock scanner</h1>
        <SubscribeCard tool={SCANNER_TOOL} />
      </div>
    );
  }

  const countError = count.isError && count.error instanceof ApiError ? count.error : null;
  const position =
    countError && typeof (countError.details as { position?: unknown })?.position === 'number'
      ? (countError.details as { position: number }).position
      : null;

  return (
    <div className="container-fluid py-3" data-testid="scanner-screen">
      <h1 className="h4">Stock scanner</h1>
      {presets.data ? (
        <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label="Presets">
          {presets.data.presets.map((p) => (
            <button
              key={p.id}
              type="button"
              className="btn btn-sm btn-outline-primary"
              title={p.description}
              onClick={() => run(p.expression, p.sort, p.desc)}
            >
              {p.name}
            </button>
          ))}
        </div>
      ) : null}

      <form onSubmit={onSubmit} aria-label="Scanner form" className="mb-2">
        <label htmlFor="scan-expression" className="form-label small mb-1">
          Expression
        </label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <textarea
            id="scan-expression"
            className={`form-control form-control-sm font-monospace flex-grow-1${countError ? ' is-invalid' : ''}`}
            style={{ minWidth: 0, flexBasis: '20rem' }}
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                if (text.trim()) run(text);
              }
            }}
            placeholder="rsi14 < 30 and close > sma200"
            aria-describedby="scan-count"
            spellCheck={false}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={!text.trim()}>
            Run scan
          </button>
          {text.trim() ? (
            <Link
              className="btn btn-outline-primary btn-sm"
              to={scanAlertLink(text.trim())}
              data-testid="scan-create-alert"
            >
              Create alert
            </Link>
          ) : null}
        </div>
        <div id="scan-count" className="small mt-1" aria-live="polite" data-testid="scan-count">
          {!text.trim() ? (
            <span className="text-muted">Type a condition or pick a preset.</span>
          ) : countError ? (
            <span className="text-danger">
              {countError.message}
              {position !== null ? ` (at column ${position})` : ''}
            </span>
          ) : count.data ? (
            <>
              <span>
                <strong>{count.data.count}</strong> {count.data.count === 1 ? 'match' : 'matches'}
                {count.isFetching ? '…' : ''}
              </span>
              <Notices notices={count.data.notices} />
            </>
          ) : (
            <span className="text-muted">Counting…</span>
          )}
        </div>
      </form>

      <div className="d-flex flex-wrap gap-1 mb-2" role="list" aria-label="Filters">
        {chips.map((chip, i) => (
          <span
            key={`${chip}-${i}`}
            role="listitem"
            className="badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-1 fw-normal"
          >
            <span className="font-monospace">{chip}</span>
            <button
              type="button"
              className="btn-close"
              style={{ fontSize: '0.55rem' }}
              aria-label={`Remove filter ${chip}`}
              onClick={() => setText(joinConditions(chips.filter((_, j) => j !== i)))}
            />
          </span>
        ))}
      </div>
      <ChipBuilder
        onAdd={(cond, or) => setText(addCondition(chips, cond, or))}
        canOr={chips.length > 0}
        fields={fields.data?.fields}
      />

      <SavedScans
        scans={savedScans}
        current={text.trim()}
        onRun={(s) => run(s.expression, s.sort, s.desc)}
        onChange={changeScans}
      />

      {results.isError ? (
        <ErrorState error={results.error} onRetry={() => void results.refetch()} />
      ) : !ready ? null : results.isPending ? (
        <LoadingState />
      ) : results.data && results.data.results.length === 0 ? (
        <EmptyState>
          No stock matches this scan{results.data.asOf ? ` as of ${f.date(results.data.asOf)}` : ''}.
          <StaleCount stale={results.data.stale} asOf={results.data.asOf} f={f} />{' '}
          {results.data.notices?.length ? <Notices notices={results.data.notices} /> : 'Loosen a filter.'}
        </EmptyState>
      ) : results.data ? (
        <Results
          data={results.data}
          f={f}
          sort={sort ? { key: sort, desc } : null}
          onSort={(s) => setUrl({ sort: s.key, desc: String(s.desc) }, true)}
          view={view}
          custom={custom}
          fields={fields.data?.fields ?? []}
          onView={(v, cols) => setUrl({ view: v === 'expression' ? null : v, cols: cols.join(',') }, true)}
        />
      ) : null}
    </div>
  );
}

/** Why a scan that parsed may match nothing: a field without data, a text value no symbol has. */
function Notices({ notices }: { notices: readonly string[] | undefined }) {
  if (!notices?.length) return null;
  return (
    <ul className="list-unstyled small text-warning-emphasis mb-0" data-testid="scan-notices">
      {notices.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

export function addCondition(chips: readonly string[], condition: string, or: boolean): string {
  if (or && chips.length > 0) {
    const last = chips[chips.length - 1]!;
    const inner = last.startsWith('(') && last.endsWith(')') ? last.slice(1, -1) : last;
    return joinConditions([...chips.slice(0, -1), `(${inner} or ${condition})`]);
  }
  return joinConditions([...chips, condition]);
}

type FieldInfo = ScanFieldsResponse['fields'][number];

/** Text fields compare only with = and != (the scanner refuses the rest). */
export const TEXT_OPERATORS = ['=', '!='] as const;

/** The condition a chip builder makes: text values quoted (inner quotes dropped), the rest as typed. */
export function chipCondition(field: string, op: string, value: string, textual: boolean): string {
  const v = value.trim();
  if (!textual || /^".*"$/.test(v)) return `${field} ${op} ${v}`;
  return `${field} ${op} "${v.replace(/"/g, '')}"`;
}

function ChipBuilder({
  onAdd,
  canOr,
  fields,
}: {
  onAdd: (condition: string, or: boolean) => void;
  canOr: boolean;
  fields: FieldInfo[] | undefined;
}) {
  const [field, setField] = useState<string>('rsi14');
  const [op, setOp] = useState<string>('<');
  const [value, setValue] = useState('30');
  const info = (name: string) => fields?.find((x) => x.name === name);
  // Offer only what the data has: a field no instrument has a value for is left out.
  const offered = FIELDS.filter((name) => info(name)?.available !== false);
  const textual = TEXT_FIELDS.has(field);
  const choices = info(field)?.values;
  const operators: readonly string[] = textual ? TEXT_OPERATORS : OPERATORS;
  const chooseField = (next: string) => {
    setField(next);
    if (TEXT_FIELDS.has(next)) {
      if (!(TEXT_OPERATORS as readonly string[]).includes(op)) setOp('=');
      setValue(info(next)?.values?.[0] ?? '');
    } else if (TEXT_FIELDS.has(field)) {
      setOp('<');
      setValue('');
    }
  };
  const condition = () => chipCondition(field, op, value, textual);
  return (
    <fieldset className="row g-1 align-items-end mb-3">
      <legend className="visually-hidden">Add a filter</legend>
      <div className="col-4 col-md-2">
        <label htmlFor="chip-field" className="form-label small mb-0">
          Field
        </label>
        <select
          id="chip-field"
          className="form-select form-select-sm"
          value={field}
          onChange={(e) => chooseField(e.target.value)}
        >
          {offered.map((f) => (
            <option key={f}>{f}</option>
          ))}
        </select>
      </div>
      <div className="col-4 col-md-2">
        <label htmlFor="chip-op" className="form-label small mb-0">
          Condition
        </label>
        <select id="chip-op" className="form-select form-select-sm" value={op} onChange={(e) => setOp(e.target.value)}>
          {operators.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      </div>
      <div className="col-4 col-md-3">
        <label htmlFor="chip-value" className="form-label small mb-0">
          {textual ? 'Value' : 'Value or field'}
        </label>
        {textual && choices ? (
          <select
            id="chip-value"
            className="form-select form-select-sm"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          >
            {choices.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        ) : (
          <input
            id="chip-value"
            className="form-control form-control-sm"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={textual ? 'AAPL' : '30, 5%, sma200'}
          />
        )}
      </div>
      <div className="col-auto">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!value.trim()}
          onClick={() => onAdd(condition(), false)}
        >
          Add filter (AND)
        </button>
      </div>
      {canOr ? (
        <div className="col-auto">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!value.trim()}
            onClick={() => onAdd(condition(), true)}
          >
            OR with last
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function SavedScans({
  scans,
  current,
  onRun,
  onChange,
}: {
  scans: SavedScan[];
  current: string;
  onRun: (s: SavedScan) => void;
  onChange: (next: SavedScan[]) => void;
}) {
  const [name, setName] = useState('');
  return (
    <section className="mb-3" aria-labelledby="saved-scans-title">
      <h2 className="h6" id="saved-scans-title">
        Saved scans
      </h2>
      <div className="d-flex flex-wrap gap-1 align-items-center">
        {scans.length === 0 ? <span className="text-muted small">None yet.</span> : null}
        {scans.map((s, i) => (
          <span key={`${s.name}-${i}`} className="btn-group btn-group-sm">
            <button type="button" className="btn btn-outline-dark" title={s.expression} onClick={() => onRun(s)}>
              {s.name}
            </button>
            <button
              type="button"
              className="btn btn-outline-dark"
              aria-label={`Delete saved scan ${s.name}`}
              onClick={() => onChange(scans.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </span>
        ))}
        <form
          className="d-inline-flex gap-1 ms-md-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim() || !current) return;
            onChange([...scans.filter((s) => s.name !== name.trim()), { name: name.trim(), expression: current }]);
            setName('');
          }}
        >
          <label htmlFor="saved-scan-name" className="visually-hidden">
            Name of this scan
          </label>
          <input
            id="saved-scan-name"
            className="form-control form-control-sm"
            style={{ width: '10rem' }}
            placeholder="Name this scan"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-outline-primary" disabled={!name.trim() || !current}>
            Save scan
          </button>
        </form>
      </div>
    </section>
  );
}

function Results({
  data,
  f,
  sort,
  onSort,
  view,
  custom,
  fields: known,
  onView,
}: {
  data: ScanResponse;
  f: Formatters;
  sort: { key: string; desc: boolean } | null;
  onSort: (s: { key: string; desc: boolean }) => void;
  view: ScanView;
  custom: readonly string[];
  fields: ScanFieldsResponse['fields'];
  onView: (view: ScanView, custom: readonly string[]) => void;
}) {
  const fields = useMemo(() => {
    const keys = new Set<string>();
    for (const r of data.results.slice(0, 50))
      for (const k of Object.keys(r)) if (!['symbol', 'name', 'sector'].includes(k)) keys.add(k);
    return orderColumns(view, custom, [...keys]);
  }, [data, view, custom]);
  const sparks = data.sparks;
  // the API sorts by fields; the sparkline (no field) sorts here, over the rows listed
  const [sparkSort, setSparkSort] = useState<{ key: string; desc: boolean } | null>(null);
  const columns: Column<Row>[] = [
    {
      key: 'symbol',
      label: 'Symbol',
      sortValue: (r) => r.symbol,
      text: (r) => r.symbol,
      render: (r) => <SymbolLink symbol={r.symbol} />,
    },
    { key: 'name', label: 'Name', sortValue: (r) => r.name, text: (r) => r.name },
    { key: 'sector', label: 'Sector', sortValue: (r) => r.sector, text: (r) => r.sector ?? '—' },
    ...(sparks
      ? [
          {
            key: 'spark',
            label: `${SPARK_CLOSES} days`,
            csv: false,
            sortValue: (r: Row) => {
              const closes = sparks[r.symbol];
              return closes && closes.length > 1 ? closes[closes.length - 1]! / closes[0]! - 1 : null;
            },
            text: () => '',
            render: (r: Row) => <Sparkline values={sparks[r.symbol] ?? []} />,
          } satisfies Column<Row>,
        ]
      : []),
    ...fields.map((k): Column<Row> => ({
      key: k,
      label: FIELD_LABELS[k] ?? LABELS[k] ?? k,
      align: 'end',
      sortValue: (r) => {
        const v = r[k];
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      },
      text: (r) => cellText(f, k, r[k]),
      csvValue: (r) => {
        const v = r[k];
        return typeof v === 'number' || typeof v === 'string' ? v : null;
      },
      unit: csvUnit(k),
      className: (r) => (PERCENT_FIELDS.has(k) && typeof r[k] === 'number' ? signClass(r[k] as number) : undefined),
    })),
    {
      key: 'add',
      label: 'Watchlist',
      csv: false,
      text: () => '',
      render: (r) => <AddToWatchlistButton symbol={r.symbol} description={r.name} />,
    },
  ];
  return (
    <section aria-label="Scan results">
      <p className="small text-muted mb-1">
        {data.count} {data.count === 1 ? 'match' : 'matches'}
        {data.asOf ? ` as of ${f.date(data.asOf)}` : ''}
        <StaleCount stale={data.stale} asOf={data.asOf} f={f} />
        {data.count > data.results.length ? ` (the first ${data.results.length} are listed)` : ''}
        <SymbolDemoBadge symbol={data.results[0]?.symbol} />
      </p>
      <ViewPicker view={view} custom={custom} fields={known} onChange={onView} />
      <DataTable
        rows={data.results}
        columns={columns}
        rowKey={(r) => r.symbol}
        caption="Scan results"
        filename="scan.csv"
        sort={sparkSort ?? sort}
        onSortChange={(s) => {
          setSparkSort(s.key === 'spark' ? s : null);
          if (s.key !== 'spark') onSort(s);
        }}
        testId="scan-results"
      />
    </section>
  );
}

export default ScannerScreen;
