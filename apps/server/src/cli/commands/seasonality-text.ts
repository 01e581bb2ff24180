import type { WindowRiskStats, WindowStats } from '@solstice/contracts';

/** How the seasonality commands print statistics: percentages, p-values, plain text tables. */

export const WINDOW_HEADERS = [
  'start',
  'end',
  'days',
  'years',
  'win rate',
  'mean',
  'median',
  'sharpe',
  'p-value',
  'mean MAE',
  'worst MAE',
  'ret/risk',
];

export function windowRow(start: string, end: string, days: number, s: WindowRiskStats): string[] {
  return [
    start,
    end,
    String(days),
    String(s.count),
    pct(s.winRate),
    pct(s.mean),
    pct(s.median),
    num(s.sharpe),
    pValue(s.pValue),
    ...riskCells(s),
  ];
}

/** Mean MAE, worst MAE (its year) and return/risk ('—' when no close went against the trade). */
function riskCells(s: WindowRiskStats): string[] {
  return [pct(s.meanMae), `${pct(s.worstMae)} (${s.worstMaeYear})`, num(s.returnToRisk)];
}

export function statsText(s: WindowStats | (WindowStats & WindowRiskStats) | null): string {
  if (!s) return 'no year counts for this window';
  const pairs: [string, string][] = [
    ['years', String(s.count)],
    ['winners / losers', `${s.winners} / ${s.losers}`],
    ['win rate', pct(s.winRate)],
    ['mean', pct(s.mean)],
    ['median', pct(s.median)],
    ['std dev', pct(s.stdDev)],
    ['min / max', `${pct(s.min)} / ${pct(s.max)}`],
    ['avg gain / loss', `${pct(s.avgGain)} / ${pct(s.avgLoss)}`],
    ['annualized', pct(s.annualized)],
    ['sharpe', num(s.sharpe)],
    ['calendar days', String(s.calendarDays)],
    ['p-value', pValue(s.pValue)],
    ['mean without best', pct(s.withoutBest)],
    ['recent win rate', pct(s.recent)],
  ];
  if ('meanMae' in s) {
    pairs.push(
      ['MAE mean / median', `${pct(s.meanMae)} / ${pct(s.medianMae)}`],
      ['worst MAE', `${pct(s.worstMae)} (${s.worstMaeYear})`],
      ['MFE mean / median', `${pct(s.meanMfe)} / ${pct(s.medianMfe)}`],
      ['return / risk', num(s.returnToRisk)],
    );
  }
  return pairs.map(([k, v]) => `${k.padEnd(18)} ${v}`).join('\n');
}

export function pct(x: number | null): string {
  if (x === null) return '—';
  const text = (x * 100).toFixed(2);
  return `${text === '-0.00' ? '0.00' : text}%`;
}

export function num(x: number | null, digits = 2): string {
  return x === null ? '—' : x.toFixed(digits);
}

export function pValue(p: number | null): string {
  return p === null ? '—' : p !== 0 && p < 1e-4 ? p.toExponential(1) : p.toFixed(4);
}

/** A plain text table: columns padded, numbers right-aligned. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (/^[-\d.—%e+]+$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
