import { describe, expect, it } from 'vitest';
import type { SeasonalWindow } from '@solstice/contracts';
import { createFormatters } from '../format';
import { windowStatColumns } from '../stats/window-columns';
import { csvTable } from './data-table';
import { csvInstant, toCsv } from './csv';

const WINDOW: SeasonalWindow = {
  start: '03-15',
  end: '04-30',
  days: 32,
  stats: {
    count: 14,
    winners: 11,
    losers: 3,
    winRate: 11 / 14,
    mean: 0.0412345678,
    median: 0.0391,
    stdDev: 0.0523,
    min: -0.061,
    max: 0.1402,
    avgGain: 0.06,
    avgLoss: -0.03,
    annualized: 0.3712,
    sharpe: 1.2,
    calendarDays: 46,
    pValue: 0.0287,
    withoutBest: 0.0341,
    recent: 0.8,
  },
};

// Issue #19: a spreadsheet must read the numbers as numbers, whatever the display language.
describe('CSV exports of the seasonal statistics (best trades, seasonality scanner)', () => {
  it('hold the same raw values and English headers with units in every display language', () => {
    const tables = ['tr-TR', 'en-US', 'de-DE'].map((locale) => {
      const { header, body } = csvTable(windowStatColumns<SeasonalWindow>(createFormatters(locale, 'UTC')), [WINDOW]);
      return toCsv(header, body);
    });
    expect(new Set(tables).size).toBe(1);
    const [header, row] = tables[0]!.split('\r\n');
    expect(header).toBe(
      'Start,End,Days,Years,Win rate (fraction),Mean (fraction),Median (fraction),Annualized (fraction),p-value,Mean w/o best (fraction),Recent win rate (fraction),Check',
    );
    expect(row).toBe(`03-15,04-30,32,14,${11 / 14},0.0412345678,0.0391,0.3712,0.0287,0.0341,0.8,OK`);
  });

  it('differ from what the screen shows in Turkish (the display formats stay on screen)', () => {
    const columns = windowStatColumns<SeasonalWindow>(createFormatters('tr-TR', 'UTC'));
    const mean = columns.find((c) => c.key === 'mean')!;
    expect(mean.text(WINDOW)).toBe('+%4,12');
  });

  it('write instants as ISO 8601 UTC', () => {
    expect(csvInstant(Date.UTC(2026, 10, 20, 23, 30))).toBe('2026-11-20T23:30:00.000Z');
    expect(csvInstant(null)).toBe('');
  });
});
