import { barDateRefusal, type TradingCalendar } from '@solstice/analytics';
import { detectLayout, type Layout } from '../import/formats.js';
import { batchRows, dailyBars, IssueLog, type ImportIssue } from '../import/parse.js';
import type { ProviderBar, ProviderId } from './provider.js';

type Cell = number | null;

/** A provider's row before the importer's rules; adjClose scales open, high, low and close. */
export interface RawRow {
  date: string;
  open: Cell;
  high: Cell;
  low: Cell;
  close: Cell;
  /** Split- and dividend-adjusted close where the other prices are not (Yahoo, EODHD). */
  adjClose?: Cell;
  volume: Cell;
}

const PLAIN: Layout = detectLayout(['Date', 'Open', 'High', 'Low', 'Close', 'Volume'])!;
const WITH_ADJ_CLOSE: Layout = detectLayout(['Date', 'Open', 'High', 'Low', 'Close', 'Adj Close', 'Volume'])!;

/**
 * Runs a provider's rows through the importer's row rules, exactly as if they were a
 * Yahoo-layout file (with adjClose: prices × adjClose/close) or a plain one: missing or
 * unparseable values, non-positive prices, high below low, open or close outside the range
 * (repaired within rounding), duplicate and out-of-order dates are skipped or repaired with
 * a reason. Besides those rules a bar must fall on a date its calendar accepts (NYSE by
 * default: weekends never, the holiday table from the year it is exact; see
 * barDateRefusal) and inside [from, to]: rows after `to` are a live, unfinished session
 * and are left out without an issue.
 */
export function checkedBars(
  provider: ProviderId,
  symbol: string,
  rows: readonly RawRow[],
  range: { from: string; to: string; calendar?: TradingCalendar },
): { bars: ProviderBar[]; issues: ImportIssue[] } {
  const calendar = range.calendar ?? 'nyse';
  const withAdj = rows.some((r) => r.adjClose !== undefined);
  const layout = withAdj ? WITH_ADJ_CLOSE : PLAIN;
  const issues: ImportIssue[] = [];
  const file = `${provider}:${symbol}`;
  const kept: RawRow[] = [];
  for (const row of rows) {
    if (row.date < range.from || row.date > range.to) continue;
    const refusal = barDateRefusal(calendar, row.date);
    if (refusal !== null) {
      issues.push({ file, line: null, reason: `${row.date}: ${refusal}`, action: 'skip' });
      continue;
    }
    kept.push(row);
  }
  // The importer's missing-value marker: "null" in the Yahoo layout, an empty field otherwise.
  const cell = (v: Cell | undefined) => (v === null || v === undefined ? (withAdj ? 'null' : '') : String(v));
  function* lines(): Generator<string, void, undefined> {
    for (const r of kept) {
      const values = withAdj
        ? [r.open, r.high, r.low, r.close, r.adjClose, r.volume]
        : [r.open, r.high, r.low, r.close, r.volume];
      yield [r.date, ...values.map(cell)].join(',');
    }
  }
  const log = new IssueLog(file);
  const bars: ProviderBar[] = [];
  for (const batch of dailyBars({ layout, lines: lines(), fileSymbol: symbol }, log)) {
    for (const [, date, open, high, low, close, volume] of batchRows(batch)) {
      bars.push({ date, open, high, low, close, volume });
    }
  }
  // Line n of the pretend file is row n - 2: name the date instead, which means something here.
  for (const issue of log.finish()) {
    const row = issue.line === null ? undefined : kept[issue.line - 2];
    issues.push({ ...issue, line: null, reason: row ? `${row.date}: ${issue.reason}` : issue.reason });
  }
  return { bars, issues };
}
