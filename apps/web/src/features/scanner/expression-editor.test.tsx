import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, premium, renderScreen, retype, type MockRoute } from '../../testing/test-utils';
import { anyInstrument } from '../../testing/factories';
import { inTurkish } from '../../testing/in-turkish';
import { ScannerScreen } from './scanner-screen';
import { indexOf, scanCheckRoute, scannerFieldsRoute } from '../../testing/scanner-fields';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

/** The fields answer of a server with the scan language's functions and bounds. */
const fields = scannerFieldsRoute(
  { close: true, sma50: true, m6: true },
  { sector: ['Energy', 'Materials'], symbol: null },
  {
    functions: [
      { name: 'sma', args: ['src', 'n'], summary: 'Simple moving average.' },
      { name: 'rank', args: ['x', 'group'], summary: 'Percentile rank.' },
      { name: 'rs', args: ['symbol', 'n'], summary: 'Relative strength.' },
    ],
    bounds: { maxPeriod: 1000, maxOffset: 1000, maxDepth: 6, maxCalls: 50, maxList: 500 },
  },
);

/** The check: a period over 1000 is the language's period error at that number; `sma(close)` a call short of an argument; otherwise 7 matches. */
const check = scanCheckRoute([
  {
    at: (expression) => {
      const period = /sma\(close, (\d+)\)/.exec(expression);
      return period && Number(period[1]) > 1000 ? period.index + 'sma(close, '.length : null;
    },
    code: 'period_range',
    params: { function: 'sma', min: 1, max: 1000 },
    message: 'the period of sma must be a whole number from 1 to 1000',
  },
  {
    at: (expression) => (expression.includes('sector[1]') ? expression.indexOf('[') : null),
    code: 'offset_not_allowed',
    params: { after: 'text' },
    message: 'Text has no history: no offset',
  },
  {
    at: indexOf('sma(close)'),
    code: 'function_arity',
    params: { function: 'sma', count: '2 arguments' },
    message: 'sma takes 2 arguments',
  },
]);

const search: MockRoute = {
  path: '/api/v1/instruments',
  respond: ({ url }) => {
    const q = (url.searchParams.get('q') ?? '').toUpperCase();
    const all = [
      { symbol: 'SPY', name: 'SPDR S&P 500 ETF' },
      { symbol: 'SPYG', name: 'SPDR S&P 500 Growth ETF' },
      { symbol: 'XOM', name: 'Exxon Mobil' },
    ];
    return { body: { instruments: all.filter((i) => i.symbol.startsWith(q)) } };
  },
};

const routes = (): MockRoute[] => [
  premium,
  { path: '/api/v1/scans', body: { data: [] } },
  { path: '/api/v1/scanner/presets', body: { presets: [] } },
  fields,
  check,
  search,
  anyInstrument(),
];

/** The scanner's page with these routes answering. */
const openScanner = () => {
  const served = mockFetch(routes());
  renderScreen(<ScannerScreen />, { url: '/scanner' });
  return served;
};

const box = () => screen.getByRole('combobox', { name: /Expression|İfade/ });
const optionTexts = () =>
  within(screen.getByRole('listbox', { hidden: true }))
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.querySelector('.font-monospace')!.textContent);
const selected = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');

describe('the scanner’s expression editor', () => {
  it('completes function names and fields from the keyboard, and shows the call’s signature', async () => {
    const { requests } = openScanner();
    // the fields answer must be in before the list can offer functions
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/v1/scanner/fields')).toBe(true));
    await userEvent.click(box());
    await userEvent.keyboard('sm');
    await waitFor(() => expect(optionTexts()).toEqual(['sma', 'sma50']));
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-activedescendant', selected()!.id);
    expect(selected()).toHaveTextContent('sma');
    await userEvent.keyboard('{ArrowDown}');
    expect(selected()).toHaveTextContent('sma50');
    expect(box()).toHaveAttribute('aria-activedescendant', selected()!.id);
    await userEvent.keyboard('{ArrowDown}'); // wraps round
    expect(selected()).toHaveTextContent(/^sma\(src, n\)function$/);
    await userEvent.keyboard('{Enter}');
    expect(box()).toHaveValue('sma()');
    expect((box() as HTMLTextAreaElement).selectionStart).toBe(4);
    // the signature, its first argument current, and its help in the reader's language
    const signature = screen.getByTestId('scan-signature');
    expect(signature).toHaveTextContent('sma(src, n) — Simple moving average: the mean of the last n values of src.');
    expect(within(signature).getByText('src').tagName).toBe('STRONG');
    expect(box().getAttribute('aria-describedby')).toContain(signature.id);
    // Tab takes a field too; the second argument becomes the current one
    await userEvent.keyboard('clo');
    await waitFor(() => expect(optionTexts()).toEqual(['close']));
    await userEvent.keyboard('{Tab}');
    expect(box()).toHaveValue('sma(close)');
    await userEvent.keyboard(', 5');
    expect(within(screen.getByTestId('scan-signature')).getByText('n').tagName).toBe('STRONG');
    // out of the parentheses: no signature
    await userEvent.keyboard('0{ArrowRight} > s');
    expect(box()).toHaveValue('sma(close, 50) > s');
    expect(screen.queryByTestId('scan-signature')).toBeNull();
    // Escape closes the list and leaves the text as it is; Enter then runs the scan
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(box()).toHaveValue('sma(close, 50) > s');
  });

  it('completes a text field’s values, rank’s groups and, looked up as typed, rs()’s symbols', async () => {
    const { requests } = openScanner();
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/v1/scanner/fields')).toBe(true));
    await retype(box(), 'sector = ');
    await waitFor(() => expect(optionTexts()).toEqual(['Energy', 'Materials']));
    await userEvent.keyboard('ma{Enter}');
    expect(box()).toHaveValue('sector = "Materials"');
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await retype(box(), 'rank(m6, ');
    await waitFor(() => expect(optionTexts()).toEqual(['sector', 'industry', 'type', 'assetClass']));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box()).toHaveValue('rank(m6, industry');

    // no symbol is looked up before one is typed
    expect(requests.some((r) => r.url.pathname === '/api/v1/instruments')).toBe(false);
    await retype(box(), 'rs(SP');
    await waitFor(() => expect(optionTexts()).toEqual(['SPY', 'SPYG']));
    const lookups = requests.filter((r) => r.url.pathname === '/api/v1/instruments');
    expect(lookups.at(-1)!.url.searchParams.get('q')).toBe('SP');
    expect(screen.getByRole('option', { name: /SPYG/ })).toHaveTextContent('SPDR S&P 500 Growth ETF');
    await userEvent.keyboard('{Enter}');
    expect(box()).toHaveValue('rs(SPY');
    expect(within(screen.getByTestId('scan-signature')).getByText('symbol').tagName).toBe('STRONG');
  });

  it('underlines the bad part at the position the API names, with its message', async () => {
    openScanner();
    // a leading space: the API checks the trimmed text, the underline stays under the number
    await retype(box(), ' close > sma(close, 5000)');
    const mark = await screen.findByTestId('scan-problem-mark');
    expect(mark).toHaveTextContent('5000');
    expect(mark.dataset.start).toBe('20');
    expect(mark.dataset.end).toBe('24');
    expect(mark.parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByTestId('scan-problem')).toHaveTextContent(
      'The period of sma must be a whole number from 1 to 1000 (at column 20)',
    );
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    // fixed: no underline
    await retype(box(), 'close > sma(close, 500)');
    await waitFor(() => expect(screen.getByTestId('scan-count')).toHaveTextContent('7 matches'));
    expect(screen.queryByTestId('scan-problem-mark')).toBeNull();
  });

  it('builds a function chip from a source and a period, bounded by the fields answer', async () => {
    openScanner();
    const group = () => screen.getByLabelText('Field').querySelector('optgroup[label="Functions"]');
    await waitFor(() => expect(group()).not.toBeNull());
    const field = screen.getByLabelText('Field');
    // only the functions of a period: rank (x, group) is typed, not chipped
    expect([...group()!.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['sma', 'rs']);
    await userEvent.selectOptions(field, 'sma');
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'close');
    const period = await retype('Period', '1001');
    const add = screen.getByRole('button', { name: 'Add filter (AND)' });
    expect(add).toBeDisabled();
    expect(period).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A whole number from 1 to 1000')).toBeInTheDocument();
    await retype(period, '50');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), '>');
    await retype('Value or field', 'sma50');
    await userEvent.click(add);
    expect(box()).toHaveValue('sma(close, 50) > sma50');

    await userEvent.selectOptions(field, 'rs');
    expect(screen.queryByLabelText('Source')).toBeNull();
    await retype('Against symbol', 'SPY');
    await retype('Period', '63');
    await retype('Value or field', '0');
    await userEvent.click(add);
    expect(box()).toHaveValue('sma(close, 50) > sma50 and rs(SPY, 63) > 0');
  });

  it('lists every function with its signature, what it gives and an example, and the rest of the language', async () => {
    openScanner();
    const help = await screen.findByTestId('scan-help');
    await userEvent.click(within(help).getByText('Language reference: functions, offsets and lists'));
    const [functions, syntax] = within(help).getAllByRole('table');
    const rows = within(functions!)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'sma(src, n)Simple moving average: the mean of the last n values of src.close > sma(close, 50) close above its 50-day average',
      'rank(x, group)Percentile (0 to 100) of x among the symbols scanned, or within the same sector, industry, type or asset class.rank(m6, sector) >= 90 top decile of 6-month performance within its sector',
      'rs(symbol, n)Relative strength against a symbol over n bars: the symbol’s return over the other’s, − 1.rs(SPY, 63) > 0 stronger than SPY over 63 sessions',
    ]);
    expect(within(syntax!).getByText('close > close[5]')).toBeInTheDocument();
    expect(within(syntax!).getByText('sector in ("Energy", "Materials")')).toBeInTheDocument();
    expect(syntax).toHaveTextContent('the close 5 bars ago (x[k]: any value k bars back, k from 0 to 1000)');
  });

  describe('in Turkish', () => {
    inTurkish();
    it('words the error and the signature help in Turkish', async () => {
      openScanner();
      await retype(box(), 'sma(close, 5000) > 1');
      const mark = await screen.findByTestId('scan-problem-mark');
      expect(mark).toHaveTextContent('5000');
      expect(screen.getByTestId('scan-problem')).toHaveTextContent(
        'sma periyodu 1 ile 1000 arasında bir tam sayı olmalı (12. sütunda)',
      );
      // the caret back inside the call: its signature and help
      await userEvent.keyboard('{ArrowLeft>5/}');
      expect(screen.getByTestId('scan-signature')).toHaveTextContent(
        'sma(src, n) — Basit hareketli ortalama: src’nin son n değerinin ortalaması.',
      );
      // the API's English words inside params in Turkish too
      await retype(box(), 'close > sma(close)');
      await waitFor(() =>
        expect(screen.getByTestId('scan-problem')).toHaveTextContent('sma 2 argüman alır (9. sütunda)'),
      );
      expect(screen.getByTestId('scan-problem-mark')).toHaveTextContent('sma');
      await retype(box(), 'sector[[1] = "Energy"'); // "[[" types one "["
      await waitFor(() =>
        expect(screen.getByTestId('scan-problem')).toHaveTextContent(
          'metin sonrasında geriye kaydırma olmaz: metnin geçmişi yoktur, bir zaman diliminin ya da rank’in kaydırması onun içine yazılır (7. sütunda)',
        ),
      );
      expect(screen.getByTestId('scan-problem-mark')).toHaveTextContent('[');
      const help = screen.getByTestId('scan-help');
      await userEvent.click(within(help).getByText('Dil başvurusu: fonksiyonlar, geriye kaydırmalar ve listeler'));
      expect(within(help).getByRole('row', { name: /^rs\(symbol, n\)/ })).toHaveTextContent(
        'n çubukta bir sembole karşı göreceli güç: sembolün getirisinin diğerininkine oranı − 1.rs(SPY, 63) > 0 63 seansta SPY’den güçlü',
      );
    });
  });
});
