import { describe, expect, it } from 'vitest';
import { chartTableOf } from './chart-table';

const names = { label: 'Label', value: 'Value' };
const plain = (v: number) => String(v);

describe('the table alternative of a chart', () => {
  it('reads a category axis as one row per category and one column per series', () => {
    const option = {
      tooltip: { valueFormatter: (v: number) => `${(v * 100).toFixed(1)}%` },
      xAxis: { type: 'category', data: ['2023', '2024'] },
      series: [
        { type: 'bar', name: 'Return', data: [{ value: 0.05 }, -0.02] },
        { type: 'line', data: [0.01, null] },
      ],
    };
    expect(chartTableOf(option, names, plain)).toEqual({
      columns: ['Label', 'Return', 'Value'],
      rows: [
        ['2023', '5.0%', '1.0%'],
        ['2024', '-2.0%', ''],
      ],
    });
  });

  it('reads horizontal bars from the y axis and candles as open / close / low / high', () => {
    expect(
      chartTableOf(
        { yAxis: { data: ['Tech'] }, xAxis: { type: 'value' }, series: [{ type: 'bar', name: 'Change', data: [0.5] }] },
        names,
        plain,
      ).rows,
    ).toEqual([['Tech', '0.5']]);
    expect(
      chartTableOf(
        { xAxis: { data: ['2024-01-02'] }, series: [{ type: 'candlestick', name: 'KO', data: [[1, 2, 0.5, 3]] }] },
        names,
        plain,
      ).rows,
    ).toEqual([['2024-01-02', '1 / 2 / 0.5 / 3']]);
  });

  it('lists the items of a pie, the leaves of a treemap and the named points of a scatter', () => {
    expect(
      chartTableOf({ series: [{ type: 'pie', data: [{ name: 'Advancers', value: 3 }] }] }, names, plain).rows,
    ).toEqual([['Advancers', '3']]);
    expect(
      chartTableOf(
        {
          series: [{ type: 'treemap', data: [{ name: 'Tech', children: [{ name: 'AAPL', value: [10, 0.02] }] }] }],
        },
        names,
        plain,
      ).rows,
    ).toEqual([['Tech › AAPL', '10 / 0.02']]);
    expect(
      chartTableOf(
        { xAxis: { type: 'value' }, series: [{ type: 'scatter', data: [{ value: [-0.1, 0.2, 2020] }] }] },
        names,
        plain,
      ).rows,
    ).toEqual([['2020', '-0.1 / 0.2']]);
  });
});
