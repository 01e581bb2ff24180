import type { PatternResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { i18n } from '../../shared/i18n/i18n';
import { RiskRangeBar } from '../../shared/stats/risk';
import { StatLabel } from '../../shared/stats/stat-label';
import type { Column } from '../../shared/tables/data-table';

type PatternYear = PatternResponse['years'][number];

/** The worst (MAE) and best (MFE) close of a year: its CSV header and the year's fields of it. */
const EXCURSIONS = {
  mae: { csvLabel: 'MAE', fields: { value: 'maxDrop', day: 'maeDay', date: 'maeDate' } },
  mfe: { csvLabel: 'MFE', fields: { value: 'maxRise', day: 'mfeDay', date: 'mfeDate' } },
} as const;

/**
 * The pattern's per-year risk (analytics.md, "Risk inside a window"): the worst (MAE) and
 * best (MFE) close with the day each happened, and a bar from one to the other with the exit
 * marked, on one scale for every year.
 */
export function riskYearColumns<T extends PatternYear>(f: Formatters, years: readonly PatternYear[]): Column<T>[] {
  const low = Math.min(0, ...years.map((y) => y.maxDrop));
  const high = Math.max(0, ...years.map((y) => y.maxRise));
  const excursion = (key: keyof typeof EXCURSIONS): Column<T> => {
    const { csvLabel, fields } = EXCURSIONS[key];
    const value = (r: T) => r[fields.value];
    const day = (r: T) => r[fields.day];
    const date = (r: T) => r[fields.date];
    return {
      key,
      label: <StatLabel stat={key} />,
      csvLabel,
      align: 'end',
      unit: 'fraction',
      sortValue: value,
      text: (r) => `${f.percent(value(r))} (${i18n.t('stats:risk.day', { day: day(r) })})`,
      csvValue: value,
      render: (r) => (
        <span title={i18n.t('stats:risk.dayTitle', { date: f.date(date(r)), day: day(r) })}>
          {f.percent(value(r))} <span className="text-muted small">{i18n.t('stats:risk.day', { day: day(r) })}</span>
        </span>
      ),
    };
  };
  return [
    excursion('mae'),
    excursion('mfe'),
    {
      key: 'riskRange',
      csv: false,
      label: <StatLabel stat="riskRange" />,
      text: (r) => rangeLabel(f, r),
      render: (r) => (
        <RiskRangeBar mae={r.maxDrop} mfe={r.maxRise} exit={r.return} low={low} high={high} label={rangeLabel(f, r)} />
      ),
    },
  ];
}

function rangeLabel(f: Formatters, r: PatternYear): string {
  return i18n.t('stats:risk.range', {
    year: r.year,
    mae: f.percent(r.maxDrop),
    mfe: f.percent(r.maxRise),
    exit: f.percent(r.return),
  });
}
