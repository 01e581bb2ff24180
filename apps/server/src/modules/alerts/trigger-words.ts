// A notification's sentence in each language, from what the alert recorded (event and detail).
import { LOCALE_OF, type Language, type TriggerDetail, type TriggerEvent } from '@solstice/contracts';

export interface TriggerFacts {
  symbol: string;
  barDate: string;
  event: TriggerEvent;
  alertName: string;
  detail: TriggerDetail;
}

/** Number formats, made once each: an evaluation words hundreds of thousands of values. */
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[language], options);
    formats.set(key, format);
  }
  return format;
}

function percent(language: Language, x: number | undefined): string {
  const value = x ?? 0;
  if (language === 'en') return `${(value * 100).toFixed(1)}%`;
  return formatOf(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

function decimal(language: Language, x: number, digits: number): string {
  if (language === 'en') return x.toFixed(digits);
  return formatOf(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
}

/** The first symbols of a summary, then an ellipsis when there are more. */
function listed(d: TriggerDetail): string {
  const shown = (d.symbols ?? []).slice(0, 10);
  if (shown.length === 0) return '';
  return `: ${shown.join(', ')}${(d.more ?? 0) > shown.length ? ', …' : ''}`;
}

/** A value as read at the bar: prices to 2 decimals, smaller numbers (rates, returns) to 4. */
function valueText(language: Language, x: number | string | null): string {
  if (x === null) return '—';
  if (typeof x === 'string') return `"${x}"`;
  return formatOf(language, { maximumFractionDigits: Math.abs(x) >= 100 ? 2 : 4, useGrouping: false }).format(x);
}

const VALUE_WORDS: Record<Language, { close: string }> = { en: { close: 'Close' }, tr: { close: 'Kapanış' } };

/**
 * The values that made it fire, after the sentence: the close on the bar date and, for an
 * expression, each field it names ("Close 175.25; rsi14 72.31."). Nothing for a detail
 * stored before the values were.
 */
function valuesText(language: Language, d: TriggerDetail): string {
  const parts: string[] = [];
  if (d.close !== undefined && d.close !== null)
    parts.push(`${VALUE_WORDS[language].close} ${valueText(language, d.close)}`);
  const fields = Object.entries(d.values ?? {}).map(([name, v]) => `${name} ${valueText(language, v)}`);
  if (fields.length > 0) parts.push(fields.join(', '));
  return parts.length === 0 ? '' : ` ${parts.join('; ')}.`;
}

/** ", q = 0.030" when the detail has a qValue. */
const qText = (language: Language, d: TriggerDetail) =>
  d.qValue === null || d.qValue === undefined ? '' : `, q = ${decimal(language, d.qValue, 3)}`;

const winners = (d: TriggerDetail) => d.winners ?? Math.round((d.winRate ?? 0) * (d.count ?? 0));

const WORDS: Record<Language, (f: TriggerFacts) => string> = {
  en: (f) => {
    const d = f.detail;
    switch (f.event) {
      case 'entered':
      case 'left':
        return `${f.symbol} ${f.event} the scan "${f.alertName}" (${d.expression ?? ''}) on ${f.barDate}.`;
      case 'became-true':
        return `${f.symbol}: ${d.expression ?? ''} became true on ${f.barDate}.`;
      case 'window-opens':
        return (
          `${f.symbol}: a ${d.direction} seasonal window ${d.start} → ${d.end} (${d.days} days) opens on ${d.entryDate}; ` +
          `it won in ${winners(d)} of ${d.count} years (${percent('en', d.winRate)}), mean ${percent('en', d.mean)}` +
          (d.pValue === null || d.pValue === undefined ? '' : `, p = ${decimal('en', d.pValue, 3)}`) +
          `${qText('en', d)}.`
        );
      case 'more':
        return `and ${d.more ?? 0} more ${d.more === 1 ? 'symbol' : 'symbols'} on ${f.barDate}${listed(d)}.`;
      case 'webhook-paused':
        return `The webhook of "${f.alertName}" was paused: ${d.host ?? ''} failed every attempt (${d.reason ?? ''}). Resume it on the alerts page.`;
    }
  },
  tr: (f) => {
    const d = f.detail;
    switch (f.event) {
      case 'entered':
        return `${f.symbol}, ${f.barDate} tarihinde "${f.alertName}" taramasına girdi (${d.expression ?? ''}).`;
      case 'left':
        return `${f.symbol}, ${f.barDate} tarihinde "${f.alertName}" taramasından çıktı (${d.expression ?? ''}).`;
      case 'became-true':
        return `${f.symbol}: ${d.expression ?? ''} koşulu ${f.barDate} tarihinde gerçekleşti.`;
      case 'window-opens':
        return (
          `${f.symbol}: ${d.start} → ${d.end} (${d.days} gün) ${d.direction === 'short' ? 'kısa' : 'uzun'} yönlü mevsimsel pencere ${d.entryDate} tarihinde açılıyor; ` +
          `${d.count} yılın ${winners(d)} yılında kazandırdı (${percent('tr', d.winRate)}), ortalama ${percent('tr', d.mean)}` +
          (d.pValue === null || d.pValue === undefined ? '' : `, p = ${decimal('tr', d.pValue, 3)}`) +
          `${qText('tr', d)}.`
        );
      case 'more':
        return `${f.barDate} tarihinde ${d.more ?? 0} sembol daha${listed(d)}.`;
      case 'webhook-paused':
        return `"${f.alertName}" alarmının webhook'u durduruldu: ${d.host ?? ''} her denemede başarısız oldu (${d.reason ?? ''}). Alarmlar sayfasından sürdürün.`;
    }
  },
};

export function triggerText(language: Language, facts: TriggerFacts): string {
  return WORDS[language](facts) + valuesText(language, facts.detail);
}

/** The stored detail (JSON text); an unreadable one is no detail rather than an error. */
export function readTriggerDetail(text: string): TriggerDetail {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as TriggerDetail) : {};
  } catch {
    return {};
  }
}
