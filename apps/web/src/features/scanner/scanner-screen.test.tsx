import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  currentLocation,
  mockFetch,
  notPremium,
  premium,
  renderScreen,
  serverError,
  type MockRoute,
} from '../../testing/test-utils';
import { SCAN_PRESETS } from '@solstice/contracts';
import { useAppStore, useUiStore } from '../../shared/shell';
import { anyInstrument } from '../../testing/factories';
import { ScannerScreen } from './scanner-screen';
import { addCondition } from './chip-builder';
import { fieldLabel } from './result-views';
import { i18n } from '../../shared/i18n/i18n';
import { inTurkish } from '../../testing/in-turkish';
import { indexOf, scanCheckRoute, scannerFieldsRoute } from '../../testing/scanner-fields';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const presets: MockRoute = {
  path: '/api/v1/scanner/presets',
  body: { presets: SCAN_PRESETS.filter((p) => p.id === 'oversold') },
};
/** The fields as the server answers them for data without market caps. */
const fields = scannerFieldsRoute(
  { rsi14: true, close: true, marketCap: false },
  { sector: ['Energy', 'Information Technology'], type: ['etf', 'stock'] },
);
const rows = [
  { symbol: 'XOM', name: 'Exxon', sector: 'Energy', rsi14: 25.5, change1d: 0.012 },
  { symbol: 'KO', name: 'Coca-Cola', sector: 'Consumer Staples', rsi14: 28.25, change1d: -0.004 },
];
/** Counts (limit 1) answer 7 matches; full scans answer the rows; an expression with "?" is a parse error. */
const scanner: MockRoute = {
  method: 'POST',
  path: '/api/v1/scanner',
  respond: ({ body }) => {
    const b = body as { expression: string; limit?: number };
    if (b.expression.includes('?'))
      return {
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'expected a value after "<"',
            details: { position: 9, expected: 'a value' },
          },
        },
      };
    return {
      body: {
        asOf: '2026-11-20',
        count: b.limit === 1 ? 7 : rows.length,
        results: b.limit === 1 ? rows.slice(0, 1) : rows,
      },
    };
  },
};

/**
 * The check as the server answers it: 200 always; "?" is a missing value, "clsoe" a misspelt
 * field; otherwise 7 matches (and the notices given).
 */
const checkRoute = (notices: string[] = []): MockRoute =>
  scanCheckRoute(
    [
      {
        at: indexOf('?'),
        code: 'expected_value',
        params: { after: '<', found: '?' },
        message: (position) => `Expected a value after "<" at position ${position}, found "?"`,
      },
      {
        at: indexOf('clsoe'),
        code: 'unknown_field',
        params: { field: 'clsoe', suggestion: 'close' },
        message: 'Unknown field "clsoe"',
      },
    ],
    notices,
  );
const check = checkRoute();

/** The account's saved scans (GET/POST/PATCH/DELETE /api/v1/scans), kept in memory. */
function accountScans(initial: { name: string; expression: string }[] = []) {
  let next = 1;
  const list = initial.map((s) => ({ id: next++, ...s, createdAt: 0, updatedAt: 0 }));
  const routes: MockRoute[] = [
    { path: '/api/v1/scans', respond: () => ({ body: { data: list } }) },
    {
      method: 'POST',
      path: '/api/v1/scans',
      respond: ({ body }) => {
        const scan = { id: next++, ...(body as { name: string; expression: string }), createdAt: 0, updatedAt: 0 };
        list.push(scan);
        return { status: 201, body: { data: scan } };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/v1\/scans\/\d+$/,
      respond: ({ url }) => {
        const id = Number(url.pathname.split('/').pop());
        list.splice(
          list.findIndex((s) => s.id === id),
          1,
        );
        return { status: 204 };
      },
    },
  ];
  return { list, routes };
}
/**
 * The scanner's page at `url` with the screen's requests for a subscriber served: the account's
 * scans, presets, fields, a scan, its check, any instrument.
 */
const openScanner = (url = '/scanner', account = accountScans()) => {
  const served = mockFetch([premium, ...account.routes, presets, fields, scanner, check, anyInstrument()]);
  renderScreen(<ScannerScreen />, { url });
  return served;
};

/** Types a misspelt field into the scanner's editor (labelled `label`) and sees the problem named as `says`. */
async function expectMisspeltFieldNamed(label: string, says: string) {
  openScanner();
  await userEvent.type(screen.getByLabelText(label), 'clsoe > 10');
  await waitFor(() => expect(screen.getByTestId('scan-problem')).toHaveTextContent(says));
}

describe('scanner screen', () => {
  it('counts the matches as you type, debounced, and names a mistake', async () => {
    const { requests } = openScanner();
    await userEvent.type(screen.getByLabelText('Expression'), 'rsi14 < 30');
    await waitFor(() => expect(screen.getByTestId('scan-count')).toHaveTextContent('7 matches'));
    const counts = requests.filter((r) => r.method === 'POST');
    expect(counts[counts.length - 1]!.body).toEqual({ expression: 'rsi14 < 30' });
    expect(counts.every((r) => r.url.pathname === '/api/v1/scanner/check')).toBe(true);
    // debounced: far fewer requests than keystrokes
    expect(counts.length).toBeLessThan(5);
    await waitFor(() => expect(screen.getAllByRole('listitem').map((c) => c.textContent)).toEqual(['rsi14 < 30']));
    await userEvent.type(screen.getByLabelText('Expression'), ' and x < ?');
    await waitFor(() =>
      expect(screen.getByTestId('scan-problem')).toHaveTextContent(
        'Expected a value (a number, a "text" or a field) after “<”, found “?” (at column 20)',
      ),
    );
    expect(screen.getByLabelText('Expression')).toHaveAttribute('aria-invalid', 'true');
    // the mistake is not a chip; Enter runs nothing (no red box, no failing scan)
    expect(screen.getAllByRole('listitem').map((c) => c.textContent)).toEqual(['rsi14 < 30']);
    await userEvent.type(screen.getByLabelText('Expression'), '{Enter}');
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/api/v1/scanner')).toBe(false);
  });

  it('suggests the nearest field for a misspelt one', async () => {
    await expectMisspeltFieldNamed('Expression', 'Unknown field “clsoe” (at column 1) Did you mean “close”?');
  });

  it('keeps filter chips and the text expression in step', async () => {
    openScanner();
    const box = screen.getByLabelText('Expression');
    await userEvent.type(box, 'rsi14 < 30 and close between 10 and 20');
    const chips = screen.getByRole('list', { name: 'Filters' });
    // chips once the expression checked valid
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('listitem')
          .map((c) => c.textContent),
      ).toEqual(['rsi14 < 30', 'close between 10 and 20']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter rsi14 < 30' }));
    expect(box).toHaveValue('close between 10 and 20');
    await userEvent.selectOptions(screen.getByLabelText('Field'), 'close');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), '>');
    const value = screen.getByLabelText('Value or field');
    await userEvent.clear(value);
    await userEvent.type(value, 'sma200');
    await userEvent.click(screen.getByRole('button', { name: 'Add filter (AND)' }));
    expect(box).toHaveValue('close between 10 and 20 and close > sma200');
    await userEvent.click(screen.getByRole('button', { name: 'OR with last' }));
    expect(box).toHaveValue('close between 10 and 20 and (close > sma200 or close > sma200)');
    expect(addCondition(['a > 1'], 'b > 2', true)).toBe('(a > 1 or b > 2)');
  });

  it('runs a scan into the URL, sorts through the API and adds a result to a watchlist', async () => {
    const { requests } = openScanner('/scanner?expression=rsi14+%3C+30');
    const table = await screen.findByTestId('scan-results');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('XOM');
    expect(screen.getByText(/2 matches as of 11\/20\/2026/)).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'RSI(14)' }));
    await waitFor(() => expect(currentLocation()).toBe('/scanner?expression=rsi14+%3C+30&sort=rsi14&desc=true'));
    await waitFor(() =>
      expect(requests.some((r) => (r.body as { sort?: string } | undefined)?.sort === 'rsi14')).toBe(true),
    );
    expect(requests.find((r) => (r.body as { sort?: string } | undefined)?.sort === 'rsi14')!.body).toEqual({
      expression: 'rsi14 < 30',
      sort: 'rsi14',
      desc: true,
      limit: 1000,
      spark: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add KO to a watchlist' }));
    expect(useUiStore.getState().addToWatchlist).toEqual({ sym: 'KO', description: 'Coca-Cola' });
    expect(useAppStore.getState().scanlist).toEqual([
      { symbol: 'XOM', name: 'Exxon' },
      { symbol: 'KO', name: 'Coca-Cola' },
    ]);
  });

  it('runs a preset and remembers saved scans, in the account as well as in the store', async () => {
    const account = accountScans();
    const { requests } = openScanner('/scanner', account);
    await userEvent.click(await screen.findByRole('button', { name: 'Oversold' }));
    await waitFor(() => expect(currentLocation()).toBe('/scanner?expression=rsi14+%3C+30&sort=rsi14&desc=false'));
    expect(await screen.findByTestId('scan-results')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name of this scan'), 'My oversold{Enter}');
    expect((useAppStore.getState().scannerForm as { saved: unknown[] }).saved).toEqual([
      { name: 'My oversold', expression: 'rsi14 < 30' },
    ]);
    expect(screen.getByRole('button', { name: 'My oversold' })).toBeInTheDocument();
    await waitFor(() =>
      expect(account.list.map((x) => [x.name, x.expression])).toEqual([['My oversold', 'rsi14 < 30']]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete saved scan My oversold' }));
    expect((useAppStore.getState().scannerForm as { saved: unknown[] }).saved).toEqual([]);
    await waitFor(() => expect(account.list).toEqual([]));
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/v1/scans')).map((r) => r.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'DELETE']),
    );
  });

  // Issue #21, defect 7: the chip builder built `sector < "Tech"` and offered fields without data.
  it('builds text filters with = or != from a pick list, and offers only fields with data', async () => {
    openScanner();
    const field = screen.getByLabelText('Field');
    await waitFor(() => expect(within(field).queryByRole('option', { name: 'marketCap' })).not.toBeInTheDocument());
    await userEvent.selectOptions(field, 'sector');
    expect(
      within(screen.getByLabelText('Condition'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['=', '!=']);
    const value = screen.getByLabelText('Value');
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Energy', 'Information Technology']);
    await userEvent.selectOptions(value, 'Information Technology');
    await userEvent.click(screen.getByRole('button', { name: 'Add filter (AND)' }));
    expect(screen.getByLabelText('Expression')).toHaveValue('sector = "Information Technology"');
    await userEvent.selectOptions(field, 'rsi14');
    expect(within(screen.getByLabelText('Condition')).getAllByRole('option')).toHaveLength(8);
  });

  it('tells why a scan matches nothing: a field without data, a text value nobody has (with the values)', async () => {
    const notices = [
      'No instrument has a value for marketCap in this data: a condition on it is never true.',
      'No instrument has sector "Technology". The values are: "Energy", "Information Technology".',
    ];
    mockFetch([
      premium,
      ...accountScans().routes,
      presets,
      fields,
      {
        method: 'POST',
        path: '/api/v1/scanner',
        body: { asOf: '2026-11-20', stale: 0, count: 0, results: [], notices },
      },
      checkRoute(notices),
    ]);
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=marketCap+%3E+1B+and+sector+%3D+%22Technology%22' });
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByTestId('scan-notices')).toHaveTextContent(notices[1]!);
    await waitFor(() => expect(screen.getByTestId('scan-count')).toHaveTextContent(notices[0]!));
  });

  it('has non-subscriber, error and empty states', async () => {
    mockFetch([notPremium, presets, fields]);
    const a = renderScreen(<ScannerScreen />, { url: '/scanner' });
    expect(await screen.findByTestId('subscribe-card')).toHaveTextContent('Stock scanner');
    a.unmount();
    const scanAnswering = (answer: Omit<MockRoute, 'path'>): MockRoute[] => [
      premium,
      ...accountScans().routes,
      presets,
      fields,
      { method: 'POST', path: '/api/v1/scanner', ...answer },
      check,
    ];
    mockFetch(scanAnswering(serverError('scan failed')));
    const b = renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30' });
    expect(await screen.findByTestId('error-state')).toHaveTextContent('scan failed');
    b.unmount();
    mockFetch(scanAnswering({ body: { asOf: null, count: 0, results: [], notices: [] } }));
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+1' });
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });
});

describe('scanner screen in Turkish', () => {
  inTurkish();

  it('words a mistake wholly in Turkish, with the column and a suggestion', async () => {
    await expectMisspeltFieldNamed('İfade', 'Bilinmeyen alan “clsoe” (1. sütunda) “close” mı demek istediniz?');
    expect(screen.getByTestId('scan-problem')).not.toHaveTextContent(/Unknown|position|did you/);
  });

  it('shows the form, the chip builder, the count and the results in Turkish with tr-TR numbers', async () => {
    openScanner('/scanner?expression=rsi14+%3C+30');
    expect(screen.getByRole('heading', { name: 'Hisse tarayıcı' })).toBeInTheDocument();
    expect(screen.getByLabelText('İfade')).toHaveValue('rsi14 < 30');
    expect(screen.getByRole('button', { name: 'Taramayı çalıştır' })).toBeInTheDocument();
    // The presets are named in Turkish (the server's English name stays for one it does not know).
    expect(await screen.findByRole('button', { name: 'Aşırı satım' })).toHaveAttribute(
      'title',
      'RSI(14) 30’un altında.',
    );
    expect(screen.getByLabelText('Alan')).toBeInTheDocument();
    expect(screen.getByLabelText('Değer ya da alan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtre ekle (AND)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Kayıtlı taramalar' })).toBeInTheDocument();
    const table = await screen.findByTestId('scan-results');
    expect(screen.getByText(/20\.11\.2026 itibarıyla 2 eşleşme/)).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Değişim' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('+%1,20');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('25,50');
    await waitFor(() => expect(screen.getByTestId('scan-count')).toHaveTextContent('7 eşleşme'));
    expect(screen.getByRole('button', { name: 'Genel bakış' })).toBeInTheDocument();
    expect(fieldLabel(i18n.getFixedT('tr', 'scanner'), 'season20.winRate')).toBe('20 günlük mevsimsel kazanma oranı');
    expect(fieldLabel(i18n.getFixedT('tr', 'scanner'), 'pctFromSma200', 'en')).toBe('From SMA 200');
    // the column chooser's fields, each with a name in both languages (no raw field names)
    const tr = i18n.getFixedT('tr', 'scanner');
    expect(['open', 'ema20', 'macd', 'bbUpper'].map((k) => fieldLabel(tr, k))).toEqual([
      'Açılış',
      'EMA 20',
      'MACD',
      'Bollinger üst',
    ]);
  });
});
