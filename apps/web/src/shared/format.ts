// Numbers and dates in the profile's locale and time zone.
import { formatPrice } from './lib/money';
import { useLocalePrefs } from './shell';

export interface Formatters {
  locale: string;
  timeZone: string;
  /** A fraction as a percentage: 0.0123 → "+1,23 %" (sign unless unsigned). */
  percent: (value: number | null | undefined, digits?: number, signed?: boolean) => string;
  number: (value: number | null | undefined, digits?: number) => string;
  money: (cents: number, currency: string) => string;
  compact: (value: number | null | undefined) => string;
  /** An exchange date YYYY-MM-DD, shown without any time zone shift. */
  date: (iso: string | null | undefined) => string;
  /** An instant (epoch ms or ISO string) in the profile's time zone. */
  instant: (value: number | string | null | undefined) => string;
  monthName: (month: number) => string;
  /** MM-DD as a short day and month. */
  monthDay: (mmdd: string) => string;
}

export const DASH = '—';

/** A value built on its first use (an Intl formatter is costly to build and most are never used). */
function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

export function createFormatters(locale: string, timeZone: string): Formatters {
  // Building an Intl formatter costs far more than formatting with one (issue 18: a table built
  // one per cell; on /dashboard's first load, five per component were a quarter of the longest
  // task), so each kind is built once, when first used.
  const numberFormats = new Map<string, Intl.NumberFormat>();
  const numberFormat = (key: string, options: Intl.NumberFormatOptions) => {
    let format = numberFormats.get(key);
    if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
    return format;
  };
  const pct = (digits: number, signed: boolean) =>
    numberFormat(`percent ${digits} ${signed}`, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
  const num = (digits: number) =>
    numberFormat(`number ${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const compactFmt = lazy(() => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }));
  const dateFmt = lazy(
    () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
  const instantFmt = lazy(
    () => new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
  const monthFmt = lazy(() => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' }));
  const monthDayFmt = lazy(() => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }));
  const ok = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  return {
    locale,
    timeZone,
    percent: (v, digits = 2, signed = true) => (ok(v) ? pct(digits, signed).format(v) : DASH),
    number: (v, digits = 2) => (ok(v) ? num(digits).format(v) : DASH),
    money: (cents, currency) => formatPrice(cents, currency, locale),
    compact: (v) => (ok(v) ? compactFmt().format(v) : DASH),
    date: (iso) => {
      if (!iso) return DASH;
      const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(d.getTime()) ? iso : dateFmt().format(d);
    },
    instant: (value) => {
      if (value === null || value === undefined || value === '') return DASH;
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? String(value) : instantFmt().format(d);
    },
    monthName: (month) => monthFmt().format(new Date(Date.UTC(2001, month - 1, 1))),
    monthDay: (mmdd) => {
      const [m, d] = mmdd.split('-').map(Number);
      if (!m || !d) return mmdd;
      return monthDayFmt().format(new Date(Date.UTC(2001, m - 1, d)));
    },
  };
}

/** One set of formatters per locale and time zone, shared by every component of the page. */
const shared = new Map<string, Formatters>();

export function formattersFor(locale: string, timeZone: string): Formatters {
  const key = `${locale} ${timeZone}`;
  let formatters = shared.get(key);
  if (!formatters) shared.set(key, (formatters = createFormatters(locale, timeZone)));
  return formatters;
}

export function useFormatters(): Formatters {
  const { locale, timeZone } = useLocalePrefs();
  return formattersFor(locale, timeZone);
}
