import { describe, expect, it } from 'vitest';
import type { Formatters } from '../format';
import { changeColumn, countColumn, timeColumn, valueColumn } from './columns';
import { csvTable } from './data-table';

interface Row {
  n: number;
  change: number | null;
  day: string | null;
  price: number;
}

const f = {
  percent: (v: number | null | undefined, digits = 2) =>
    v === null || v === undefined ? '—' : `${(v * 100).toFixed(digits)}%`,
  number: (v: number | null | undefined) => String(v),
  date: (iso: string | null | undefined) => `day ${iso ?? '—'}`,
} as unknown as Formatters;

const rows: Row[] = [
  { n: 3, change: 0.0123, day: '2026-01-02', price: 10.5 },
  { n: 1, change: -0.5, day: null, price: 2 },
];

describe('column builders', () => {
  it('show formatted text, sort and export the raw values, with units in the CSV header', () => {
    const columns = [
      countColumn<Row>('n', 'N', 'Count', (r) => r.n),
      changeColumn<Row>('change', 'Change', 'Change', (r) => r.change, f, 1),
      timeColumn<Row>('day', 'Day', 'Day', (r) => r.day, f.date),
      valueColumn<Row>('price', 'Price', 'Price', (r) => r.price, f.number, 'USD'),
    ];
    expect(columns.map((c) => c.text(rows[0]!))).toEqual(['3', '1.2%', 'day 2026-01-02', '10.5']);
    expect(columns.map((c) => c.sortValue?.(rows[1]!))).toEqual([1, -0.5, null, 2]);
    expect(columns[0]!.align).toBe('end');
    expect(columns[1]!.className?.(rows[1]!)).toBe(columns[1]!.className?.({ ...rows[1]!, change: -1 }));
    expect(csvTable(columns, rows)).toEqual({
      header: ['Count', 'Change (fraction)', 'Day', 'Price (USD)'],
      body: [
        ['3', '0.0123', '2026-01-02', '10.5'],
        ['1', '-0.5', '', '2'],
      ],
    });
  });
});
