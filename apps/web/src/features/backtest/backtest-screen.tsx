import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiQueryPost } from '../../shared/api';
import { toolScreen, toolInfo } from '../../shared/ui/seasonality-tool';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { yearSetQuery } from '../../shared/ui/year-sets';
import { BacktestFormView } from './backtest-form';
import { BacktestResult } from './backtest-result';
import { BacktestLuck } from './backtest-luck';
import {
  BACKTEST_PATH,
  bodyFromForm,
  formFromParams,
  lastLegs,
  paramsFromForm,
  queryText,
  rememberLegs,
  type BacktestForm,
} from '../../shared/links/backtest-url';

/** What the tool does, in the current language (read at call time). */
export function backtestTool(): ToolInfo {
  return toolInfo('backtest', ['legs', 'curve', 'metrics']);
}

export const BacktestScreen = toolScreen('backtest', backtestTool, BacktestTool);

/** The legs the server refused, from a 400's issues (`body.legs.2.symbol` → 2). */
function refusedLegs(error: unknown): Set<number> {
  const out = new Set<number>();
  if (!(error instanceof ApiError) || error.status !== 400) return out;
  const issues = (error.details as { issues?: { path?: string }[] } | undefined)?.issues ?? [];
  for (const issue of issues) {
    const m = /^(?:body\.)?legs\.(\d+)/.exec(issue.path ?? '');
    if (m) out.add(Number(m[1]));
  }
  return out;
}

function BacktestTool() {
  const { t } = useTranslation('backtest');
  const f = useFormatters();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const search = params.toString();
  const url = useMemo(() => formFromParams(new URLSearchParams(search)), [search]);
  const ready = url.legs.length > 0;
  const body = useMemo(() => bodyFromForm(url), [url]);
  const query = useQuery({
    queryKey: ['seasonal-backtest', body],
    queryFn: () => apiQueryPost('seasonalityBacktest', { body }),
    enabled: ready,
  });
  useEffect(() => {
    if (ready) rememberLegs(url.legs);
  }, [ready, url.legs]);

  // Nothing to run yet: the form starts from the legs of the last run in this tab, or from
  // a symbol another tool passed (`?symbol=KO`), else empty.
  const initial: BacktestForm = useMemo(() => {
    if (ready) return url;
    const symbol = new URLSearchParams(search).get('symbol');
    const legs = symbol
      ? [{ symbol: symbol.toUpperCase(), start: '', end: '', direction: 'long' as const }]
      : lastLegs();
    return { ...url, legs };
  }, [ready, url, search]);

  const run = (form: BacktestForm) => {
    rememberLegs(form.legs);
    navigate(`${BACKTEST_PATH}?${queryText(paramsFromForm(form))}`);
  };
  const rejected = query.isError && query.error instanceof ApiError && query.error.status === 400;

  return (
    <div className="container-fluid py-3" data-testid="backtest-screen">
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-2">
        <h1 className="h4 mb-0">{t('title')}</h1>
        <SeasonalityToolsNav
          current="backtest"
          focus={{ symbol: url.legs[0]?.symbol, from: url.from, to: url.to, ...yearSetQuery(url) }}
        />
      </div>
      <BacktestFormView key={search} initial={initial} onRun={run} badLegs={refusedLegs(query.error)} />
      {rejected ? (
        <div className="alert alert-danger" role="alert" data-testid="backtest-rejected">
          <strong>{t('errors.rejected')}</strong> {query.error.message}
        </div>
      ) : null}
      {!ready ? <p className="text-muted">{t('hint')}</p> : null}
      {rejected ? null : (
        <QueryView query={query} tool={backtestTool()} isEmpty={(d) => d.trades.length === 0} empty={t('empty')}>
          {(data) => <BacktestResult data={data} f={f} />}
        </QueryView>
      )}
      {ready && !rejected ? <BacktestLuck form={url} f={f} /> : null}
    </div>
  );
}

export default BacktestScreen;
