/** A future's suspected contract roll (data-providers.md §15.5), as the instrument API lists it. */
export interface RollGap {
  date: string;
  gap: number;
}

/** A roll gap placed on a candle: the candle's index and the gap's own date and size. */
export interface RollGapMark extends RollGap {
  index: number;
}

/**
 * The candles that hold a roll gap: a daily candle of that date, or the weekly or monthly
 * candle whose last session is the first on or after it (its date is its last session's).
 * A gap before the first candle is not drawn: the first weekly or monthly candle is taken
 * only when its date is the gap's, since the sessions before it may lie outside the range.
 */
export function rollGapMarks(dates: readonly string[], gaps: readonly RollGap[]): RollGapMark[] {
  const marks: RollGapMark[] = [];
  let i = 0;
  for (const g of [...gaps].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    while (i < dates.length && dates[i]! < g.date) i++;
    if (i >= dates.length) break;
    if (i === 0 && dates[0] !== g.date) continue;
    marks.push({ ...g, index: i });
  }
  return marks;
}
