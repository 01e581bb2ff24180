import type { AlertTrigger } from '@solstice/analytics';
import type { TriggerDetail } from '@solstice/contracts';
import { triggerText } from './trigger-words.js';

/**
 * What a notification records and where it leads, in the words of the alert's kind: a scan's
 * results with the symbol's details open (`details=`), the symbol's details, or the pattern.
 * The stored message is English; screens and mails word `event` and `detail` in the reader's language.
 */
export function describeTrigger(
  trigger: AlertTrigger,
  alert: { name: string; expression: string | null },
): { message: string; link: string; detail: TriggerDetail } {
  const symbol = encodeURIComponent(trigger.symbol);
  const { link, detail } = linkAndDetail(trigger, alert, symbol);
  const message = triggerText('en', {
    symbol: trigger.symbol,
    barDate: trigger.barDate,
    event: trigger.event,
    alertName: alert.name,
    detail,
  });
  return { message, link, detail };
}

function linkAndDetail(
  trigger: AlertTrigger,
  alert: { expression: string | null },
  symbol: string,
): { link: string; detail: TriggerDetail & { event: string } } {
  switch (trigger.event) {
    case 'entered':
    case 'left':
      return {
        link: `/scanner?expression=${encodeURIComponent(alert.expression ?? '')}&details=${symbol}`,
        detail: { expression: alert.expression, event: trigger.event, ...valuesOf(trigger) },
      };
    case 'became-true':
      return {
        link: `/dashboard?details=${symbol}`,
        detail: { expression: alert.expression, event: trigger.event, ...valuesOf(trigger) },
      };
    case 'window-opens': {
      const w = trigger.window!;
      return {
        link: `/seasonality/pattern?symbol=${symbol}&start=${w.start}&end=${w.end}&direction=${w.direction}`,
        detail: {
          event: trigger.event,
          direction: w.direction,
          start: w.start,
          end: w.end,
          days: w.days,
          entryDate: w.entryDate,
          count: w.stats.count,
          winners: w.stats.winners,
          winRate: w.stats.winRate,
          mean: w.stats.mean,
          pValue: w.stats.pValue,
          qValue: w.stats.qValue,
          close: trigger.close ?? null,
        },
      };
    }
  }
}

/** What an expression's trigger read at its bar: the close and the value of each field it names. */
function valuesOf(trigger: AlertTrigger): Pick<TriggerDetail, 'close' | 'values'> {
  return { close: trigger.close ?? null, values: trigger.values ?? {} };
}
