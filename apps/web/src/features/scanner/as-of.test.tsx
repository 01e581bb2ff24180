import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  currentLocation,
  mockFetch,
  premium,
  renderScreen,
  type MockRoute,
  type RecordedRequest,
} from '../../testing/test-utils';
import { anyInstrument } from '../../testing/factories';
import { inTurkish } from '../../testing/in-turkish';
import { scannerFieldsRoute } from '../../testing/scanner-fields';
import { ScannerScreen } from './scanner-screen';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const LATEST = '2026-11-20';
/** The server's answer: as of a date D it runs at the Friday before a weekend D, else at D. */
const sessionOf = (asOf: string | undefined) =>
  asOf === undefined
    ? LATEST
    : asOf === '2016-02-13' || asOf === '2016-02-14'
      ? '2016-02-12'
      : asOf < '2000-01-01'
        ? null
        : asOf;
const routes: MockRoute[] = [
  premium,
  { path: '/api/v1/scans', body: { data: [] } },
  { path: '/api/v1/scanner/presets', body: { presets: [] } },
  scannerFieldsRoute({ rsi14: true, close: true }, { sector: ['Energy'] }),
  {
    method: 'POST',
    path: '/api/v1/scanner/check',
    respond: ({ body }) => {
      const b = body as { asOf?: string };
      return { body: { problem: null, asOf: sessionOf(b.asOf), count: b.asOf ? 1 : 7, notices: [] } };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/scanner',
    respond: ({ body }) => {
      const b = body as { asOf?: string };
      const asOf = sessionOf(b.asOf);
      if (asOf === null) return { body: { asOf: null, stale: 0, count: 0, results: [], notices: [] } };
      const rows = b.asOf
        ? [{ symbol: 'XOM', name: 'Exxon', sector: 'Energy', rsi14: 21.5 }]
        : [
            { symbol: 'XOM', name: 'Exxon', sector: 'Energy', rsi14: 25.5 },
            { symbol: 'CVX', name: 'Chevron', sector: 'Energy', rsi14: 27 },
          ];
      return { body: { asOf, stale: b.asOf ? 3 : 0, count: rows.length, results: rows, notices: [] } };
    },
  },
  anyInstrument(),
];
const scans = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/v1/scanner').map((r) => r.body);

describe('scanner: a scan as of a date', () => {
  it('reads the date from the URL, sends it as asOf, and names the session and the stale count', async () => {
    const { requests } = mockFetch(routes);
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30&asOf=2016-02-13' });
    const picker = screen.getByLabelText('As of');
    expect(picker).toHaveAttribute('type', 'date');
    expect(picker).toHaveValue('2016-02-13');
    expect(picker).toHaveAccessibleDescription(
      'The scan runs at the latest session on or before this date; no later data is used.',
    );
    expect(
      await screen.findByText('1 match as of 02/12/2016 (the session on or before 02/13/2016)', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stale-count')).toHaveTextContent('3 symbols stale');
    expect(scans(requests).at(-1)).toMatchObject({ expression: 'rsi14 < 30', asOf: '2016-02-13' });
    await waitFor(() => expect(screen.getByTestId('scan-count')).toHaveTextContent('1 match'));
    const checks = requests.filter((r) => r.url.pathname === '/api/v1/scanner/check');
    expect(checks.at(-1)!.body).toEqual({ expression: 'rsi14 < 30', asOf: '2016-02-13' });
  });

  it('a date picked goes to the URL and the scan; the Latest button (keyboard) clears it', async () => {
    const { requests } = mockFetch(routes);
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30' });
    expect(await screen.findByText(/2 matches as of 11\/20\/2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toHaveValue('');
    expect(screen.getByLabelText('As of')).toHaveAccessibleDescription('Empty: the latest session.');
    expect(scans(requests).at(-1)).not.toHaveProperty('asOf');

    fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2016-02-11' } });
    await waitFor(() => expect(currentLocation()).toBe('/scanner?expression=rsi14+%3C+30&asOf=2016-02-11'));
    expect(await screen.findByText(/^1 match as of 02\/11\/2016/)).toBeInTheDocument();
    // M equals the date asked: no "on or before" note.
    expect(screen.queryByText(/\(the session on or before/)).toBeNull();
    expect(scans(requests).at(-1)).toMatchObject({ asOf: '2016-02-11' });

    const latest = screen.getByRole('button', { name: 'Clear the date: scan the latest session' });
    latest.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/scanner?expression=rsi14+%3C+30'));
    expect(await screen.findByText(/2 matches as of 11\/20\/2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toHaveValue('');
  });

  it('says so when the data has no session on or before the date; ignores a URL date that is not one', async () => {
    mockFetch(routes);
    const a = renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30&asOf=1990-01-01' });
    // Neither "loosen a filter" nor the notices: no filter is at fault.
    expect((await screen.findByTestId('empty-state')).textContent).toBe(
      'The market data has no session on or before 01/01/1990. ',
    );
    a.unmount();
    const { requests } = mockFetch(routes);
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30&asOf=2016-02-30' });
    expect(await screen.findByText(/2 matches as of 11\/20\/2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toHaveValue('');
    expect(scans(requests).at(-1)).not.toHaveProperty('asOf');
  });
});

describe('scanner: a scan as of a date, in Turkish', () => {
  inTurkish();

  it('labels the picker and words the header in Turkish', async () => {
    mockFetch(routes);
    renderScreen(<ScannerScreen />, { url: '/scanner?expression=rsi14+%3C+30&asOf=2016-02-14' });
    expect(screen.getByLabelText('Tarih itibarıyla')).toHaveValue('2016-02-14');
    expect(
      await screen.findByText('12.02.2016 itibarıyla 1 eşleşme (14.02.2016 veya öncesindeki seans)', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tarihi temizle: en son seansı tara' })).toHaveTextContent('En son');
  });
});
