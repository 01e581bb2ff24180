import { describe, expect, it } from 'vitest';
import { describeTrigger } from './trigger-message.js';
import { readTriggerDetail, triggerText } from './trigger-words.js';

const window = {
  direction: 'long' as const,
  start: '10-05',
  end: '11-01',
  days: 27,
  entryDate: '2026-10-05',
  stats: { count: 34, winners: 28, winRate: 28 / 34, mean: 0.0641, pValue: 0.0016 },
};

describe('a notification in the reader’s language', () => {
  it('stores the English sentence and words the same facts in Turkish', () => {
    const seasonal = describeTrigger(
      { alertId: 1, symbol: 'AAPL', barDate: '2026-09-28', event: 'window-opens', window } as never,
      { name: 'Autumn', expression: null },
    );
    expect(seasonal.message).toBe(
      'AAPL: a long seasonal window 10-05 → 11-01 (27 days) opens on 2026-10-05; it won in 28 of 34 years (82.4%), mean 6.4%, p = 0.002.',
    );
    const facts = { symbol: 'AAPL', barDate: '2026-09-28', event: 'window-opens' as const, alertName: 'Autumn' };
    // What the digest reads back from the database gives the same English sentence.
    const stored = readTriggerDetail(JSON.stringify(seasonal.detail));
    expect(triggerText('en', { ...facts, detail: stored })).toBe(seasonal.message);
    expect(triggerText('tr', { ...facts, detail: stored })).toBe(
      'AAPL: 10-05 → 11-01 (27 gün) uzun yönlü mevsimsel pencere 2026-10-05 tarihinde açılıyor; 34 yılın 28 yılında kazandırdı (%82,4), ortalama %6,4, p = 0,002.',
    );
  });

  it('words scan and condition events in Turkish', () => {
    const base = { symbol: 'MSFT', barDate: '2026-11-20', alertName: 'Momentum', detail: { expression: 'rsi14 > 70' } };
    expect(triggerText('tr', { ...base, event: 'entered' })).toBe(
      'MSFT, 2026-11-20 tarihinde "Momentum" taramasına girdi (rsi14 > 70).',
    );
    expect(triggerText('tr', { ...base, event: 'left' })).toContain('taramasından çıktı');
    expect(triggerText('tr', { ...base, event: 'became-true' })).toBe(
      'MSFT: rsi14 > 70 koşulu 2026-11-20 tarihinde gerçekleşti.',
    );
    expect(triggerText('en', { ...base, event: 'entered' })).toBe(
      'MSFT entered the scan "Momentum" (rsi14 > 70) on 2026-11-20.',
    );
  });

  it('says the values that made it fire (the digest line and the stored message), in both languages', () => {
    const condition = describeTrigger(
      {
        alertId: 2,
        symbol: 'MSFT',
        barDate: '2026-11-20',
        event: 'became-true',
        close: 412.5,
        values: { rsi14: 71.23456, change1d: 0.0123, sector: 'Technology', sma200: null },
      },
      { name: 'Hot', expression: 'rsi14 > 70' },
    );
    expect(condition.detail).toEqual({
      event: 'became-true',
      expression: 'rsi14 > 70',
      close: 412.5,
      values: { rsi14: 71.23456, change1d: 0.0123, sector: 'Technology', sma200: null },
    });
    expect(condition.message).toBe(
      'MSFT: rsi14 > 70 became true on 2026-11-20. Close 412.5; rsi14 71.2346, change1d 0.0123, sector "Technology", sma200 —.',
    );
    const facts = { symbol: 'MSFT', barDate: '2026-11-20', event: 'became-true' as const, alertName: 'Hot' };
    expect(triggerText('tr', { ...facts, detail: condition.detail })).toBe(
      'MSFT: rsi14 > 70 koşulu 2026-11-20 tarihinde gerçekleşti. Kapanış 412,5; rsi14 71,2346, change1d 0,0123, sector "Technology", sma200 —.',
    );
    const seasonal = describeTrigger(
      {
        alertId: 1,
        symbol: 'AAPL',
        barDate: '2026-09-28',
        event: 'window-opens',
        close: 231.4,
        window: { ...window, stats: { ...window.stats, qValue: 0.0312 } },
      } as never,
      { name: 'Autumn', expression: null },
    );
    expect(seasonal.detail).toMatchObject({ pValue: 0.0016, qValue: 0.0312, close: 231.4 });
    expect(seasonal.message).toBe(
      'AAPL: a long seasonal window 10-05 → 11-01 (27 days) opens on 2026-10-05; it won in 28 of 34 years (82.4%), mean 6.4%, p = 0.002, q = 0.031. Close 231.4.',
    );
    expect(triggerText('tr', { ...facts, symbol: 'AAPL', event: 'window-opens', detail: seasonal.detail })).toContain(
      'p = 0,002, q = 0,031. Kapanış 231,4.',
    );
  });

  it('reads an unreadable stored detail as none', () => {
    expect(readTriggerDetail('not json')).toEqual({});
    expect(readTriggerDetail('[1,2]')).toEqual({});
  });
});
