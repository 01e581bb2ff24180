import { i18n } from '../i18n/i18n';

/** The change periods of the heatmap and market APIs (labels: heatmaps:periods.<period>). */
export const PERIODS = ['1d', '1w', '1m', '3m', '6m', 'ytd', '1y'] as const;
export type PeriodId = (typeof PERIODS)[number];

/** What a heatmap's tiles can be sized by (labels: heatmaps:sizes.<size>). */
export const SIZES = ['marketcap', 'dollarvolume', 'equal'] as const;
export type SizeId = (typeof SIZES)[number];

const isPeriod = (p: string): p is PeriodId => (PERIODS as readonly string[]).includes(p);
const isSize = (s: string): s is SizeId => (SIZES as readonly string[]).includes(s);

/** A period's label in the current language (read at call time); an unknown period as it is. */
export function periodLabel(period: string): string {
  return isPeriod(period) ? i18n.t(`heatmaps:periods.${period}`) : period;
}

/** A size's label in the current language (read at call time); null for an unknown size. */
export function sizeLabel(size: string): string | null {
  return isSize(size) ? i18n.t(`heatmaps:sizes.${size}`) : null;
}

/** A sector's name in a language, the current one by default (common:sectors); an unknown sector as it is. */
export function sectorName(sector: string, lng?: string): string {
  const key = `common:sectors.${sector}`;
  return i18n.exists(key) ? (i18n.t as (k: string, o: { lng?: string }) => string)(key, { lng }) : sector;
}
