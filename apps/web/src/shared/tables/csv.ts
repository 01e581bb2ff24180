// A spreadsheet runs a cell that starts with one of these as a formula (OWASP: CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
// A plain number as the app writes it in any locale: sign, digits with group and decimal
// separators, an optional per cent sign before or after (-4.17, -%4,17, +1.234,5 %, -1e-7).
// Such a cell is a value to the spreadsheet, not a formula, so it stays as it is and keeps
// sorting and summing as a number; only other text that starts like a formula is defused.
const PLAIN_NUMBER = /^[+-]?%?\d(?:[\d.,'\u00a0\u202f ]*\d)?(?:[eE][+-]?\d+)?(?:[ \u00a0\u202f]?%)?$/;

/** A cell a spreadsheet will show as text: formula-like text gets a leading ' (and quotes). */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled.
 * Formula-like text is neutralised first and then always quoted.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const field = (v: string) => {
    const safe = neutraliseCell(v);
    return safe !== v || /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Month names of CSV headers: the same in every display language, so a file reads the same everywhere. */
export const CSV_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An instant (epoch ms) as ISO 8601 UTC for a CSV cell; '' for none. */
export function csvInstant(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? '' : new Date(ms).toISOString();
}
