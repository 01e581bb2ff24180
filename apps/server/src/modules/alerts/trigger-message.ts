import type { AlertTrigger } from '@solstice/analytics';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * What a notification says and where it leads, in the words of the alert's kind: a scan's
 * results with the symbol's details open (`details=`), the symbol's details, or the pattern.
 */
export function describeTrigger(
  trigger: AlertTrigger,
  alert: { name: string; expression: string | null },
): { message: string; link: string; detail: Record<string, unknown> } {
  const symbol = encodeURIComponent(trigger.symbol);
  switch (trigger.event) {
    case 'entered':
    case 'left':
      return {
        message: `${trigger.symbol} ${trigger.event} the scan "${alert.name}" (${alert.expression ?? ''}) on ${trigger.barDate}.`,
        link: `/scanner?expression=${encodeURIComponent(alert.expression ?? '')}&details=${symbol}`,
        detail: { expression: alert.expression, event: trigger.event },
      };
    case 'became-true':
      return {
        message: `${trigger.symbol}: ${alert.expression ?? ''} became true on ${trigger.barDate}.`,
        link: `/dashboard?details=${symbol}`,
        detail: { expression: alert.expression, event: trigger.event },
      };
    case 'window-opens': {
      const w = trigger.window!;
      return {
        message:
          `${trigger.symbol}: a ${w.direction} seasonal window ${w.start} → ${w.end} (${w.days} days) opens on ${w.entryDate}; ` +
          `it won in ${w.stats.winners} of ${w.stats.count} years (${pct(w.stats.winRate)}), mean ${pct(w.stats.mean)}` +
          (w.stats.pValue === null ? '.' : `, p = ${w.stats.pValue.toFixed(3)}.`),
        link: `/seasonality/pattern?symbol=${symbol}&start=${w.start}&end=${w.end}&direction=${w.direction}`,
        detail: {
          event: trigger.event,
          direction: w.direction,
          start: w.start,
          end: w.end,
          days: w.days,
          entryDate: w.entryDate,
          count: w.stats.count,
          winRate: w.stats.winRate,
          mean: w.stats.mean,
          pValue: w.stats.pValue,
        },
      };
    }
  }
}
