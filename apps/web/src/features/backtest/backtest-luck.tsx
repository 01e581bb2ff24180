import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../../shared/api';
import type { Formatters } from '../../shared/format';
import { LuckPanel, type LuckIntro } from '../../shared/stats/luck-panel';
import { legDays, type BacktestForm, type Leg } from '../../shared/links/backtest-url';
import { yearSetQuery } from '../../shared/ui/year-sets';
import { DisclosureButton } from '../../shared/ui/disclosure-button';

/** Fields of a query without the empty ones (the API's defaults apply). */
function compact(fields: Record<string, string | number | undefined>): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && String(value).trim() !== '') out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

/**
 * The overfitting query of a leg (analytics.md, "Overfitting of a best-trades search", the
 * window given): the search it came from when it carries one, else every window of its own
 * length on both sides over the backtest's years. Null when its dates make no window.
 */
export function legLuckQuery(leg: Leg, years: BacktestForm): Record<string, QueryValue> | null {
  const days = legDays(leg);
  if (days === null) return null;
  const window = `${leg.start}:${leg.end}:${leg.direction}`;
  const s = leg.search;
  if (s) {
    return compact({
      symbol: leg.symbol,
      minDays: s.minDays,
      maxDays: s.maxDays,
      from: s.from,
      to: s.to,
      minYears: s.minYears,
      cycle: s.cycle,
      parity: s.parity,
      exclude: s.exclude,
      direction: s.direction,
      window,
    });
  }
  return compact({
    symbol: leg.symbol,
    minDays: days,
    maxDays: days,
    from: years.from,
    to: years.to,
    ...yearSetQuery(years),
    direction: 'both',
    window,
  });
}

/**
 * "Is it luck?" for each leg of the backtest, asked for only when the trader opens a leg's
 * panel: each is a search of its own in the analytics pool, and the backtest must not wait on it.
 */
export function BacktestLuck({ form, f }: { form: BacktestForm; f: Formatters }) {
  const { t } = useTranslation('evidence');
  return (
    <section className="mt-4" aria-labelledby="bt-luck-title" data-testid="backtest-luck">
      <h2 className="h5" id="bt-luck-title">
        {t('luck.title')}
      </h2>
      <p className="small text-muted">{t('luck.legsIntro')}</p>
      {form.legs.map((leg, i) => (
        <LegLuck
          key={`${i}-${leg.symbol}-${leg.start}-${leg.end}-${leg.direction}`}
          leg={leg}
          i={i}
          form={form}
          f={f}
        />
      ))}
    </section>
  );
}

function LegLuck({ leg, i, form, f }: { leg: Leg; i: number; form: BacktestForm; f: Formatters }) {
  const { t } = useTranslation('evidence');
  const [open, setOpen] = useState(false);
  const params = legLuckQuery(leg, form);
  if (!params) return null;
  const side = t(`luck.side.${leg.direction}`);
  const name = t('luck.legName', { symbol: leg.symbol, start: leg.start, end: leg.end, side });
  const s = leg.search;
  const intro: LuckIntro = s
    ? ({ window, n }) =>
        t('luck.legIntroSearch', { window, n, min: s.minDays, max: s.maxDays, sides: t(`luck.sides.${s.direction}`) })
    : ({ window, n }) => t('luck.legIntroOwn', { window, n, days: legDays(leg) });
  const id = `bt-luck-${i}`;
  return (
    <div className="border-top pt-2 mt-2" data-testid={`backtest-luck-${i}`}>
      <DisclosureButton
        className="btn btn-sm btn-outline-secondary"
        open={open}
        controls={`${id}-panel`}
        onToggle={() => setOpen((v) => !v)}
      >
        {t('luck.legToggle', { leg: name })}
      </DisclosureButton>
      <div id={`${id}-panel`} hidden={!open}>
        {open ? <LuckPanel params={params} f={f} id={id} title={name} intro={intro} /> : null}
      </div>
    </div>
  );
}
