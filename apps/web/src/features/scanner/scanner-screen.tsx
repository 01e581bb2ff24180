import { i18n } from '../../shared/i18n/i18n';
import { useEffect, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SCAN_PRESETS, scanAsOfSchema } from '@solstice/contracts';
import { ApiError, apiGet, apiQueryPost, isSubscriptionRequired } from '../../shared/api';
import { premiumScreen, SubscribeScreen } from '../../shared/ui/premium-gate';
import { useFormatters } from '../../shared/format';
import { Link } from 'react-router';
import { useAppStore, useSavedForm } from '../../shared/shell';
import { scanAlertLink } from '../../shared/links/alert-links';
import { useSavedScansSync } from './saved-scans-sync';
import { useUrlState } from '../../shared/ui/url-state';
import { ErrorState, LoadingState, EmptyState, type ToolInfo } from '../../shared/ui/states';
import { StaleCount } from '../../shared/ui/stale-count';
import { isView, parseColumns, viewColumns } from './result-views';
import { conditionsOf, joinConditions } from './expression-chips';
import { ChipBuilder, addCondition } from './chip-builder';
import { ExpressionEditor } from '../../shared/expression-editor/expression-editor';
import { ExpressionHelp } from './expression-help';
import { problemText } from '../../shared/expression-editor/problem-text';
import { SavedScans, type SavedScan } from './saved-scans';
import { Notices, ScanResults } from './scan-results';
import { AsOfPicker } from './as-of-picker';

type ScannerForm = { expression: string; sort: string; desc: string; saved: SavedScan[] };

const KEYS = ['expression', 'sort', 'desc', 'view', 'cols', 'asOf'] as const;
export const RESULT_LIMIT = 1000;
export const COUNT_DEBOUNCE_MS = 300;

/** What the scanner does, for the subscribe card (in the interface's language). */
export const scannerTool = (t: TFunction<'scanner'>): ToolInfo => ({
  title: t('tool.title'),
  description: t('tool.description'),
  features: [t('tool.features.chips'), t('tool.features.presets'), t('tool.features.saved')],
});

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** The check of an expression (shared by the typed text and the URL's: one request for both). */
const checkQuery = (expression: string, asOf: string | undefined) => ({
  queryKey: ['scan-check', expression, asOf ?? ''],
  queryFn: () =>
    apiQueryPost('scannerCheck', { body: { expression, ...(asOf ? { asOf } : {}) } }, { background: true }),
  enabled: expression.length > 0,
  placeholderData: keepPreviousData,
});

export const ScannerScreen = premiumScreen('scanner', scannerTool, 'screen.title', ScannerTool);

function ScannerTool() {
  const { t } = useTranslation('scanner');
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
  // The scan's date as the URL holds it; one that is not a calendar date counts as none.
  const asOf = url.asOf && scanAsOfSchema.safeParse(url.asOf).success ? url.asOf : undefined;

  // The expression checked at each pause in typing, with its live count: a mistake is an
  // answer (its problem), not a failed request (decision 0029).
  const debounced = useDebounced(text.trim(), COUNT_DEBOUNCE_MS);
  const count = useQuery(checkQuery(debounced, asOf));
  const problem = count.data?.problem ?? null;
  // The chips are those of the last expression that checked valid: a mistake never becomes one.
  const [validText, setValidText] = useState('');
  useEffect(() => {
    if (count.data && !count.data.problem && !count.isPlaceholderData) setValidText(debounced);
    if (!debounced) setValidText('');
  }, [count.data, count.isPlaceholderData, debounced]);
  const fields = useQuery({
    queryKey: ['scan-fields'],
    queryFn: () => apiGet('scannerFields', undefined, { background: true }),
    staleTime: 5 * 60_000,
  });
  // A preset the server has and these texts do not (a newer server) keeps the server's words.
  const presetWords = (p: { id: string; name: string; description: string }) =>
    i18n.exists(`scanner:presets.${p.id}.name`)
      ? {
          name: i18n.t(`scanner:presets.${p.id}.name` as never) as string,
          description: i18n.t(`scanner:presets.${p.id}.description` as never) as string,
        }
      : p;

  // The results run only for an expression the check found valid (no failing request, no red box).
  const urlCheck = useQuery(checkQuery((url.expression ?? '').trim(), asOf));
  const ready = Boolean(url.expression) && urlCheck.data?.problem === null;
  const sort = url.sort || undefined;
  const desc = url.desc === 'true';
  const view = isView(url.view) ? url.view : 'expression';
  const custom = parseColumns(url.cols);
  const columns = viewColumns(view, custom);
  const results = useQuery({
    queryKey: ['scan', url.expression, sort, desc, columns.join(','), asOf ?? ''],
    queryFn: () =>
      apiQueryPost('scanner', {
        body: {
          expression: url.expression ?? '',
          ...(sort ? { sort, desc } : {}),
          limit: RESULT_LIMIT,
          ...(columns.length ? { columns } : {}),
          spark: true,
          ...(asOf ? { asOf } : {}),
        },
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (results.data) setScanlist(results.data.results.map((r) => ({ symbol: r.symbol, name: r.name })));
  }, [results.data, setScanlist]);

  const chips = conditionsOf(validText);
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

  const blocked = [count, results].some((q) => q.isError && isSubscriptionRequired(q.error));
  if (blocked) {
    return <SubscribeScreen tool={scannerTool(t)} title={t('screen.title')} testId="scanner-screen" />;
  }

  const countError = count.isError && count.error instanceof ApiError ? count.error : null;
  const invalid = Boolean(text.trim()) && problem !== null;

  return (
    <div className="container-fluid py-3" data-testid="scanner-screen">
      <h1 className="h4">{t('screen.title')}</h1>
      {SCAN_PRESETS.length ? (
        <div className="d-flex flex-wrap gap-1 mb-2" role="group" aria-label={t('screen.presets')}>
          {SCAN_PRESETS.map((p) => (
            <button
              key={p.id}
              type="button"
              className="btn btn-sm btn-outline-primary"
              title={presetWords(p).description}
              onClick={() => run(p.expression, p.sort, p.desc)}
            >
              {presetWords(p).name}
            </button>
          ))}
        </div>
      ) : null}

      <form onSubmit={onSubmit} aria-label={t('screen.form')} className="mb-2">
        <label htmlFor="scan-expression" className="form-label small mb-1">
          {t('screen.expression')}
        </label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <ExpressionEditor
            id="scan-expression"
            value={text}
            onChange={setText}
            onSubmit={() => {
              if (text.trim()) run(text);
            }}
            fields={fields.data}
            mark={problem ? { expression: debounced, position: problem.position } : null}
            invalid={invalid || Boolean(countError)}
            placeholder={t('screen.expressionPlaceholder')}
            describedBy="scan-count"
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={!text.trim()}>
            {t('screen.run')}
          </button>
          {text.trim() ? (
            <Link
              className="btn btn-outline-primary btn-sm"
              to={scanAlertLink(text.trim())}
              data-testid="scan-create-alert"
            >
              {t('screen.createAlert')}
            </Link>
          ) : null}
        </div>
        <div className="mt-2">
          <AsOfPicker value={asOf ?? ''} onChange={(date) => setUrl({ asOf: date })} />
        </div>
        <div id="scan-count" className="small mt-1" aria-live="polite" data-testid="scan-count">
          {!text.trim() ? (
            <span className="text-muted">{t('screen.typeCondition')}</span>
          ) : problem ? (
            <span className="text-danger" data-testid="scan-problem">
              {problemText(t, problem)}
            </span>
          ) : countError ? (
            <span className="text-danger">{countError.message}</span>
          ) : count.data && count.data.count !== null ? (
            <>
              <span>
                <Trans
                  t={t}
                  i18nKey="screen.matches"
                  count={count.data.count}
                  values={{ n: f.number(count.data.count, 0) }}
                  components={{ strong: <strong /> }}
                />
                {count.isFetching ? '…' : ''}
              </span>
              <Notices notices={count.data.notices} />
            </>
          ) : (
            <span className="text-muted">{t('screen.counting')}</span>
          )}
        </div>
      </form>

      <div className="d-flex flex-wrap gap-1 mb-2" role="list" aria-label={t('screen.filters')}>
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
              aria-label={t('screen.removeFilter', { chip })}
              onClick={() => setText(joinConditions(chips.filter((_, j) => j !== i)))}
            />
          </span>
        ))}
      </div>
      <ChipBuilder
        onAdd={(cond, or) => setText(addCondition(conditionsOf(text), cond, or))}
        canOr={conditionsOf(text).length > 0}
        fields={fields.data?.fields}
        functions={fields.data?.functions}
        maxPeriod={fields.data?.bounds?.maxPeriod}
      />
      <ExpressionHelp fields={fields.data} />

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
          {results.data.asOf
            ? t('screen.noMatchAsOf', { date: f.date(results.data.asOf) })
            : asOf
              ? t('screen.noDataAsOf', { date: f.date(asOf) })
              : t('screen.noMatch')}
          <StaleCount stale={results.data.stale} asOf={results.data.asOf} f={f} />{' '}
          {!results.data.asOf && asOf ? null : results.data.notices?.length ? (
            <Notices notices={results.data.notices} />
          ) : (
            t('screen.loosen')
          )}
        </EmptyState>
      ) : results.data ? (
        <ScanResults
          data={results.data}
          f={f}
          sort={sort ? { key: sort, desc } : null}
          onSort={(s) => setUrl({ sort: s.key, desc: String(s.desc) }, true)}
          view={view}
          custom={custom}
          fields={fields.data?.fields ?? []}
          onView={(v, cols) => setUrl({ view: v === 'expression' ? null : v, cols: cols.join(',') }, true)}
          asked={asOf}
        />
      ) : null}
    </div>
  );
}

export default ScannerScreen;
