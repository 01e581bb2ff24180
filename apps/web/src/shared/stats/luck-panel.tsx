import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverfittingResponse } from '@solstice/contracts';
import type { QueryValue } from '../api';
import type { Formatters } from '../format';
import { useToolQuery } from '../ui/tool-query';
import { PanelQuery } from '../ui/panel-query';
import { DisclosureButton } from '../ui/disclosure-button';

/** The resamples the screens ask the Reality Check for (analytics.md: the default is none). */
export const SCREEN_BOOTSTRAP = 1000;
/** The blocks of the PBO when none is asked (analytics.md). */
const DEFAULT_BLOCKS = 8;

/**
 * A probability as a share: 0.29 → 29 %; above 0.99, two decimals cut (not rounded) so that
 * 0.99996 reads 99.99 %, never a certain 100 %.
 */
function share(f: Formatters, v: number): string {
  if (v > 0.99 && v < 1) return f.percent(Math.floor(v * 10_000) / 10_000, 2, false);
  return f.percent(v, 0, false);
}

/** A p-value: two decimals from 0.1 up (0.12), three below without trailing zeros (0.07, 0.006). */
function pText(f: Formatters, p: number): string {
  if (p >= 0.1) return f.number(p, 2);
  return f
    .number(p, 3)
    .replace(/([.,]\d*?)0+$/, '$1')
    .replace(/[.,]$/, '');
}

/** The sentence before the verdict: which window, deflated by which search. */
export type LuckIntro = (p: { window: string; n: string }) => string;

/**
 * "Is it luck?" (analytics.md, "Overfitting of a best-trades search"), on best trades for its top
 * window and on the backtest for a leg: the window's Deflated Sharpe Ratio among the windows
 * searched, the search's PBO and, when `params` ask for resamples, White's Reality Check beside
 * its naive p-value; in plain words with the numbers behind a toggle. `id` prefixes the
 * element ids, so that several panels can share a page.
 */
export function LuckPanel({
  params,
  f,
  id = 'luck',
  title,
  intro,
}: {
  params: Record<string, QueryValue>;
  f: Formatters;
  id?: string;
  title?: string;
  intro?: LuckIntro;
}) {
  const { t } = useTranslation('evidence');
  const query = useToolQuery('overfitting', 'seasonalityOverfitting', params);
  return (
    <section className="mt-3" aria-labelledby={`${id}-title`} data-testid="luck">
      <h2 className="h6" id={`${id}-title`}>
        {title ?? t('luck.title')}
      </h2>
      <PanelQuery query={query} loading={t('luck.loading')} failed={(message) => t('luck.failed', { message })}>
        {(data) => <LuckResult data={data} f={f} id={id} intro={intro} />}
      </PanelQuery>
    </section>
  );
}

function LuckResult({
  data,
  f,
  id,
  intro,
}: {
  data: OverfittingResponse;
  f: Formatters;
  id: string;
  intro?: LuckIntro;
}) {
  const { t } = useTranslation('evidence');
  const [open, setOpen] = useState(false);
  const { selected, deflated, pbo, realityCheck } = data;
  if (!selected || !deflated) return null;
  const n = f.number(data.tested, 0);
  const window = `${f.monthDay(selected.start)} → ${f.monthDay(selected.end)}`;
  const sentences: { key: string; text: string }[] = [];
  if (deflated.psr === null || deflated.dsr === null || deflated.sharpe === null) {
    sentences.push({ key: 'deflated', text: t('luck.noSharpe') });
  } else {
    const alone = deflated.psr >= 0.95 ? 'luck.aloneConvincing' : 'luck.aloneWeak';
    sentences.push({ key: 'alone', text: t(alone, { psr: share(f, deflated.psr) }) });
    const byLuck = deflated.expectedMaxSharpe !== null && deflated.expectedMaxSharpe >= deflated.sharpe;
    sentences.push({
      key: 'deflated',
      text: byLuck
        ? t('luck.deflatedByLuck', { n, dsr: share(f, deflated.dsr) })
        : t('luck.deflatedAbove', {
            n,
            sr0: f.number(deflated.expectedMaxSharpe, 2),
            sharpe: f.number(deflated.sharpe, 2),
            dsr: share(f, deflated.dsr),
          }),
    });
  }
  sentences.push(
    pbo
      ? { key: 'pbo', text: t('luck.pbo', { pbo: share(f, pbo.pbo) }) }
      : { key: 'pbo', text: t('luck.noPbo', { blocks: DEFAULT_BLOCKS }) },
  );
  if (realityCheck) {
    sentences.push({
      key: 'realityCheck',
      text: t('luck.realityCheck', {
        n,
        symbol: data.symbol,
        p: pText(f, realityCheck.pValue),
        naive: pText(f, realityCheck.naivePValue),
      }),
    });
  }
  const rows: [string, string][] = [
    [t('luck.trials'), n],
    [t('luck.observations'), f.number(deflated.observations, 0)],
    [t('luck.sharpe'), f.number(deflated.sharpe, 3)],
    [t('luck.expectedMax'), f.number(deflated.expectedMaxSharpe, 3)],
    [t('luck.variance'), f.number(deflated.sharpeVariance, 4)],
    [t('luck.skewness'), f.number(deflated.skewness, 2)],
    [t('luck.kurtosis'), f.number(deflated.kurtosis, 2)],
  ];
  if (pbo) {
    rows.push([t('luck.blocks'), f.number(pbo.blocks, 0)], [t('luck.splits'), `${pbo.overfit} / ${pbo.combinations}`]);
  }
  return (
    <>
      <p className="small text-muted mb-2">{intro ? intro({ window, n }) : t('luck.intro', { window, n })}</p>
      {sentences.map((s) => (
        <p key={s.key} className="mb-1" data-testid={`luck-${s.key}`}>
          {s.text}
        </p>
      ))}
      {realityCheck && (
        <p className="small text-muted mb-1" data-testid="luck-best">
          {t('luck.realityCheckWindow', {
            window: `${f.monthDay(realityCheck.best.start)} → ${f.monthDay(realityCheck.best.end)}`,
            excess: f.percent(realityCheck.bestMean, 1),
            b: f.number(realityCheck.bootstrap, 0),
          })}
        </p>
      )}
      <DisclosureButton
        className="btn btn-link btn-sm px-0"
        open={open}
        controls={`${id}-numbers`}
        onToggle={() => setOpen((v) => !v)}
      >
        {t('luck.details')}
      </DisclosureButton>
      <table className="table table-sm w-auto" id={`${id}-numbers`} data-testid="luck-numbers" hidden={!open}>
        <caption className="caption-top small">{t('luck.numbers')}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" className="fw-normal">
                {label}
              </th>
              <td className="text-end">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
