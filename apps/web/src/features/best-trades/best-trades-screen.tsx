import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { seasonalAlertLink } from '../../shared/links/alert-links';
import type { TestedWindow, WindowRank } from '@solstice/contracts';
import { useFormatters } from '../../shared/format';
import { QueryView, type ToolInfo } from '../../shared/ui/states';
import { TextField, checkWindowFields } from '../../shared/ui/fields';
import { InstrumentHeader } from '../../shared/ui/instrument-header';
import { SeasonalityToolsNav } from '../../shared/ui/seasonality-tools-nav';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { conditionRemovedColumn, windowStatColumns } from '../../shared/stats/window-columns';
import { signalColumn } from '../../shared/stats/trade-signal';
import { i18n } from '../../shared/i18n/i18n';
import { AddToBacktestLink } from '../../shared/links/add-to-backtest';
import type { LegSearch } from '../../shared/links/backtest-url';
import { YearSetFields } from '../../shared/ui/year-set-fields';
import { YEAR_SET_DEFAULTS, YEAR_SET_KEYS, yearSetQuery } from '../../shared/ui/year-sets';
import { toolScreen, ToolPage, toolInfo, useSeasonalityTool } from '../../shared/ui/seasonality-tool';
import { SymbolField, ToolForm, YearRangeFields } from '../../shared/ui/seasonality-form';
import { MaxQValueField, TestedNote, checkMaxQValue, qValueColumn } from '../../shared/stats/evidence';
import { LuckPanel, SCREEN_BOOTSTRAP } from '../../shared/stats/luck-panel';
import { WalkForwardPanel } from './walk-forward-panel';
import { RankSwitch, rankOf, riskColumns } from '../../shared/stats/risk';
import { useToolQuery } from '../../shared/ui/tool-query';
import { RollAdjustField } from '../../shared/ui/roll-adjust';
import { rollAdjustQuery } from '../../shared/ui/roll-adjust-query';
import { useStagedParts } from '../../shared/ui/staged-parts';
import { ConditionField, conditionProblem } from '../../shared/ui/condition-field';

const KEYS = [
  'symbol',
  'minDays',
  'maxDays',
  'from',
  'to',
  'minYears',
  'top',
  'maxQValue',
  'rank',
  'condition',
  'rollAdjust',
  ...YEAR_SET_KEYS,
] as const;
const DEFAULTS = {
  symbol: 'AAPL',
  minDays: '10',
  maxDays: '30',
  from: '',
  to: '',
  minYears: '',
  top: '10',
  maxQValue: '',
  // empty: the API's default, winRate (the rank switch sets it)
  rank: '',
  condition: '',
  rollAdjust: '',
  ...YEAR_SET_DEFAULTS,
};

const SIDES = ['long', 'short'] as const;

/** What the tool does, in the current language (read at call time). */
export function bestTradesTool(): ToolInfo {
  return toolInfo('bestTrades', ['directions', 'stats', 'pattern']);
}

function checkNumbers(v: Record<string, string>): Record<string, string> {
  const errors = checkWindowFields({ symbol: v.symbol, from: v.from, to: v.to });
  const min = Number(v.minDays);
  const max = Number(v.maxDays);
  if (!Number.isInteger(min) || min < 1) errors.minDays = i18n.t('bestTrades:errors.days');
  if (!Number.isInteger(max) || max < 1) errors.maxDays = i18n.t('bestTrades:errors.days');
  else if (Number.isInteger(min) && max < min) errors.maxDays = i18n.t('bestTrades:errors.maxBelowMin');
  if (v.minYears && !/^\d+$/.test(v.minYears)) errors.minYears = i18n.t('bestTrades:errors.wholeNumber');
  if (v.top && !/^\d+$/.test(v.top)) errors.top = i18n.t('bestTrades:errors.wholeNumber');
  return { ...errors, ...checkMaxQValue(v.maxQValue) };
}

export const BestTradesScreen = toolScreen('bestTrades', bestTradesTool, BestTradesTool);

function BestTradesTool() {
  const { t } = useTranslation('bestTrades');
  const f = useFormatters();
  const { url, errors, ready, onSubmit, bound, focus, yearSet, setForm, setUrl } = useSeasonalityTool({
    keys: KEYS,
    defaults: DEFAULTS,
    isReady: (u) => Boolean(u.symbol && u.minDays && u.maxDays),
    check: checkNumbers,
  });
  // An empty condition is none (the API takes no empty one).
  const { condition, rollAdjust, ...others } = url;
  const rest = { ...others, ...rollAdjustQuery(rollAdjust) };
  const query = useToolQuery(
    'best-trades',
    'seasonalityBestTrades',
    condition?.trim() ? { ...rest, condition: condition.trim() } : rest,
    ready,
  );
  const problem = condition?.trim() ? conditionProblem(query.error) : undefined;
  // The rank reorders the answer at once (kept in the URL), without the form's other edits.
  const rank = rankOf(url.rank);
  const onRank = (next: WindowRank) => {
    setForm((v) => ({ ...v, rank: next }));
    setUrl({ rank: next });
  };
  const walkForwardParams = {
    symbol: url.symbol,
    minDays: url.minDays,
    maxDays: url.maxDays,
    from: url.from,
    to: url.to,
    minYears: url.minYears,
    ...yearSetQuery(url),
    ...rollAdjustQuery(url.rollAdjust),
  };
  // A leg added from here carries this search, so the backtest deflates it by the same windows.
  const search: LegSearch = {
    minDays: Number(url.minDays),
    maxDays: Number(url.maxDays),
    direction: 'both',
    from: url.from,
    to: url.to,
    minYears: url.minYears,
    ...yearSetQuery(url),
  };
  const text = (id: string, label: string, key: (typeof KEYS)[number], placeholder?: string) => (
    <TextField
      id={id}
      label={label}
      error={errors[key]}
      inputMode="numeric"
      placeholder={placeholder}
      autoComplete="off"
      {...bound[key]}
    />
  );
  const numbers = {
    minDays: text('bt-min', t('form.minDays'), 'minDays'),
    maxDays: text('bt-max', t('form.maxDays'), 'maxDays'),
    minYears: text('bt-min-years', t('form.minYears'), 'minYears', t('form.minYearsPlaceholder')),
    top: text('bt-top', t('form.top'), 'top'),
  };
  const form = (
    <ToolForm ns="bestTrades" onSubmit={onSubmit}>
      <SymbolField ns="bestTrades" id="bt-symbol" error={errors.symbol} {...bound.symbol} />
      {numbers.minDays}
      {numbers.maxDays}
      <YearRangeFields
        ns="bestTrades"
        idPrefix="bt"
        errors={errors}
        from={bound.from}
        to={bound.to}
        autoComplete="off"
      />
      {numbers.minYears}
      {numbers.top}
      <MaxQValueField id="bt-max-q" error={errors.maxQValue} {...bound.maxQValue} />
      <YearSetFields idPrefix="bt" {...yearSet} />
      <RollAdjustField id="bt-roll-adjust" symbol={url.symbol} {...bound.rollAdjust} />
      <ConditionField id="bt-condition" problem={problem} checked={condition} {...bound.condition} />
    </ToolForm>
  );
  const link = (symbol: string, w: TestedWindow, direction: string) => {
    const p = new URLSearchParams({
      symbol,
      start: w.start,
      end: w.end,
      direction,
      ...yearSetQuery(url),
      ...rollAdjustQuery(url.rollAdjust),
    });
    if (url.from) p.set('from', url.from);
    if (url.condition?.trim()) p.set('condition', url.condition.trim());
    if (url.to) p.set('to', url.to);
    return `/seasonality/pattern?${p.toString()}`;
  };
  const columns = (symbol: string, direction: 'long' | 'short'): Column<TestedWindow>[] => [
    signalColumn<TestedWindow>(() => direction),
    ...windowStatColumns<TestedWindow>(f),
    ...(condition?.trim() ? [conditionRemovedColumn<TestedWindow>(f)] : []),
    ...riskColumns<TestedWindow>(f),
    qValueColumn<TestedWindow>(f),
    {
      key: 'open',
      csv: false,
      label: t('table.pattern'),
      text: (w) => link(symbol, w, direction),
      render: (w) => (
        <Link to={link(symbol, w, direction)} aria-label={t('table.openLabel', { start: w.start, end: w.end })}>
          {t('table.open')}
        </Link>
      ),
    },
    {
      key: 'alert',
      csv: false,
      label: t('table.alert'),
      text: () => '',
      render: (w) => (
        <Link
          to={seasonalAlertLink({
            symbol,
            minDays: w.days,
            maxDays: w.days,
            minWinRate: Math.floor(w.stats.winRate * 100) / 100,
            minYears: Math.max(1, w.stats.count - 2),
            direction: direction,
          })}
          aria-label={t('table.alertLabel', { start: w.start, end: w.end })}
        >
          {t('table.alert')}
        </Link>
      ),
    },
    {
      key: 'backtest',
      csv: false,
      label: '',
      text: () => '',
      render: (w) => <AddToBacktestLink leg={{ symbol, start: w.start, end: w.end, direction, search }} />,
    },
  ];
  return (
    <ToolPage ns="bestTrades" testId="best-trades-screen" ready={ready} form={form}>
      <QueryView
        query={query}
        tool={bestTradesTool()}
        isEmpty={(d) => d.long.length === 0 && d.short.length === 0}
        empty={t('empty')}
      >
        {(data) => (
          <BestTradesResult
            tables={SIDES.map((side) => (
              <section key={side} className="col-12" aria-labelledby={`bt-${side}`}>
                <h2 className="h6" id={`bt-${side}`}>
                  {t(`${side}.title`)}
                </h2>
                <DataTable
                  rows={data[side]}
                  columns={columns(data.symbol, side)}
                  rowKey={(w) => `${w.start}-${w.end}`}
                  caption={t(`${side}.caption`)}
                  filename={`best-trades-${side}-${data.symbol}.csv`}
                  testId={`best-${side}`}
                />
              </section>
            ))}
            panels={
              <>
                <LuckPanel params={{ ...walkForwardParams, bootstrap: SCREEN_BOOTSTRAP }} f={f} />
                <WalkForwardPanel params={walkForwardParams} f={f} />
              </>
            }
          >
            <InstrumentHeader symbol={data.symbol}>
              <SeasonalityToolsNav current="bestTrades" focus={{ ...focus, symbol: data.symbol }} />
            </InstrumentHeader>
            <TestedNote tested={data.tested} f={f} />
            <RankSwitch id="bt-rank" value={rank} onChange={onRank} />
          </BestTradesResult>
        )}
      </QueryView>
    </ToolPage>
  );
}

/**
 * The result in parts, each drawn once the one before has been painted: the header, then the
 * long table with the luck and walk-forward panels below (they ask for their own answers, which
 * take the server a while: asked as early as the table), then the short table between them.
 * Drawn at once, as the answer arrived, the two tables with their evidence held the main thread
 * for over half a second on a phone (Lighthouse's blocking time, issue 45).
 */
function BestTradesResult({
  children,
  tables,
  panels,
}: {
  children: ReactNode;
  tables: ReactNode[];
  panels: ReactNode;
}) {
  const parts = useStagedParts(tables.length + 1);
  return (
    <>
      {children}
      {/* one above the other: side by side, each table was wider than its half and hid the
          evidence (check, q-value) and the alert action behind a sideways scroll */}
      <div className="row">{tables.slice(0, parts - 1)}</div>
      {parts >= 2 ? panels : null}
    </>
  );
}

export default BestTradesScreen;
