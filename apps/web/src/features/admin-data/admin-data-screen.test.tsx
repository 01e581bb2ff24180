import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { renderApp } from '../../testing/render-app';
import { mockApi, session } from '../../../test/mock-api';
import { resetAppStore, useAppStore } from '../../shared/store/app-store';
import { adminData, BRAVO, dataRun as run, type DataRun as Run } from '../../testing/admin-fixtures';
import { AdminDataScreen } from './admin-data-screen';

describe('the admin data page', () => {
  it('shows freshness, the schedule, the last and next run, per-provider results and failing symbols', async () => {
    mockFetch([{ path: '/api/v1/admin/data', body: adminData() }]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const status = await screen.findByTestId('data-status');
    expect(within(status).getByTestId('data-behind')).toHaveTextContent('Current');
    expect(status).toHaveTextContent('NYSE sessions at 18:30 America/New_York');
    // In the profile's time zone (Istanbul): 23:30 UTC is 02:30 the next day.
    expect(within(status).getByTestId('next-run')).toHaveTextContent('11/24/2026, 02:30 AM');
    expect(within(status).getByTestId('last-run')).toHaveTextContent('11/21/2026, 02:31 AM · schedule · Partial');
    expect(within(status).getByTestId('providers')).toHaveTextContent('eodhd: off (EODHD_API_KEY is not set)');

    const runs = within(screen.getByTestId('data-runs')).getAllByRole('row');
    expect(runs).toHaveLength(2);
    expect(runs[1]).toHaveTextContent('tiingo 1, yahoo 1');
    expect(runs[1]).toHaveTextContent('11/20/2026');

    const failing = within(screen.getByTestId('data-failing')).getAllByRole('row');
    expect(failing[1]).toHaveTextContent('CCC');
    expect(failing[1]).toHaveTextContent('yahoo: No data found, symbol may be delisted');
  });

  it('lists the instruments with first and last bar and bar counts, sortable, with a CSV export', async () => {
    mockFetch([{ path: '/api/v1/admin/data', body: adminData({ failing: [] }) }]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const table = await screen.findByTestId('data-instruments');
    expect(screen.getByTestId('no-failing')).toBeInTheDocument();
    const symbols = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(symbols()).toEqual(['AAA', 'BBB', 'CCC']);
    const aaa = within(table).getAllByRole('row')[1]!;
    expect(aaa).toHaveTextContent('10/01/2026');
    expect(aaa).toHaveTextContent('11/13/2026');
    expect(aaa).toHaveTextContent('37');
    // each instrument's state as the freshness banner counts the market's, not "Updated" for all
    expect(aaa).toHaveTextContent('RealTracked, 5 trading days behind');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('RealTracked, up to date');
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('DemoRemoved (history kept)');
    await userEvent.click(within(table).getByRole('button', { name: 'Bars' }));
    expect(symbols()).toEqual(['BBB', 'AAA', 'CCC']);
    expect(within(table).getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it("counts an instrument of another class in its own calendar's sessions, and says which", async () => {
    const row = (symbol: string, calendar: 'crypto' | 'fx' | 'exchange', tradingDaysBehind: number) => ({
      ...BRAVO,
      symbol,
      name: symbol,
      calendar,
      tradingDaysBehind,
    });
    mockFetch([
      {
        path: '/api/v1/admin/data',
        body: adminData({
          failing: [],
          instruments: [row('BTC-USD', 'crypto', 1), row('EURUSD=X', 'fx', 2), row('^VIX', 'exchange', 0)],
        }),
      },
    ]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const table = await screen.findByTestId('data-instruments');
    const state = (symbol: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === symbol);
    expect(state('BTC-USD')).toHaveTextContent('RealTracked, 1 session behind (every day)');
    expect(state('EURUSD=X')).toHaveTextContent('RealTracked, 2 sessions behind (Monday–Friday)');
    // the server says 0 for an exchange instrument one or two weekdays (its holidays) behind
    expect(state('^VIX')).toHaveTextContent('RealTracked, up to date');
  });

  it('runs an update now and follows it until it has finished', async () => {
    let runs: Run[] = [run()];
    let asks = 0;
    const { requests } = mockFetch([
      {
        path: '/api/v1/admin/data',
        respond: () => {
          asks++;
          // Queued on the first ask after the click, running on the next, then finished.
          const latest = runs[0]!;
          if (latest.id === 2 && latest.status === 'running' && asks > 3)
            runs = [{ ...latest, status: 'ok', finishedAt: latest.startedAt + 5_000, failed: 0 }, ...runs.slice(1)];
          return { body: adminData({ runs }) };
        },
      },
      {
        method: 'POST',
        path: '/api/v1/admin/data/update',
        respond: () => {
          runs = [run({ id: 2, trigger: 'admin', status: 'running', finishedAt: null }), ...runs];
          return { status: 202, body: { data: { job: 'market.update.now@x' } } };
        },
      },
    ]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const button = await screen.findByRole('button', { name: 'Run update now' });
    await userEvent.click(button);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({});
    await waitFor(() => expect(screen.getByTestId('run-progress')).toHaveTextContent(/running since/));
    expect(button).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('run-progress')).toHaveTextContent('The update finished (OK)'), {
      timeout: 15_000,
    });
    expect(within(screen.getByTestId('last-run')).getByText('OK')).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(within(screen.getByTestId('data-runs')).getAllByRole('row')).toHaveLength(3);
  });

  it('adds a ticker by its symbol alone (a backfill), shows what Yahoo says it is, and removes one', async () => {
    const { requests } = mockFetch([
      { path: '/api/v1/admin/data', body: adminData() },
      {
        method: 'POST',
        path: '/api/v1/admin/instruments',
        respond: ({ body }) => {
          const { symbol } = body as { symbol: string };
          if (symbol === 'ZZZZZ')
            return {
              status: 422,
              body: {
                error: {
                  code: 'unprocessable',
                  message: 'ZZZZZ: unknown symbol',
                  details: { issues: [{ path: 'body.symbol', message: 'ZZZZZ: unknown symbol' }] },
                },
              },
            };
          return symbol === 'AAA'
            ? {
                status: 409,
                body: {
                  error: {
                    code: 'conflict',
                    message: 'AAA is already an instrument.',
                    details: { issues: [{ path: 'body.symbol', message: 'already an instrument' }] },
                  },
                },
              }
            : {
                status: 202,
                body: { data: { symbol, job: 'j', assetClass: 'crypto', currency: 'USD', calendar: 'crypto' } },
              };
        },
      },
      { method: 'DELETE', path: /^\/api\/v1\/admin\/instruments\/BBB/, status: 204 },
    ]);
    renderScreen(<AdminDataScreen />, { url: '/admin/data' });
    const form = await screen.findByRole('form', { name: 'Add a ticker' });
    expect(within(form).queryByLabelText('Type')).toBeNull();
    expect(within(form).getByRole('status')).toHaveTextContent('detected from Yahoo');
    await userEvent.click(within(form).getByRole('button', { name: 'Add ticker' }));
    expect(within(form).getByRole('status')).toHaveTextContent('expected a symbol');
    expect(within(form).getByLabelText('Ticker')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(form).getByLabelText('Ticker'), 'aaa');
    await userEvent.click(within(form).getByRole('button', { name: 'Add ticker' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('already an instrument'));

    await userEvent.clear(within(form).getByLabelText('Ticker'));
    await userEvent.type(within(form).getByLabelText('Ticker'), 'zzzzz');
    await userEvent.click(within(form).getByRole('button', { name: 'Add ticker' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('ZZZZZ: unknown symbol'));
    expect(within(form).getByLabelText('Ticker')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(form).getByLabelText('Ticker'));
    await userEvent.type(within(form).getByLabelText('Ticker'), 'btc-usd');
    await userEvent.type(within(form).getByLabelText('Name (optional)'), 'Bitcoin');
    await userEvent.click(within(form).getByRole('button', { name: 'Add ticker' }));
    await waitFor(() =>
      expect(within(form).getByTestId('added-instrument')).toHaveTextContent(
        'BTC-USD added (Crypto, USD, every day): its whole history is being fetched',
      ),
    );
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posts).toEqual([{ symbol: 'AAA' }, { symbol: 'ZZZZZ' }, { symbol: 'BTC-USD', name: 'Bitcoin' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove BBB' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove BBB?' });
    expect(dialog).toHaveTextContent('Its 2990 bars stay');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Remove BBB' }));
    const again = await screen.findByRole('dialog', { name: 'Remove BBB?' });
    await userEvent.click(within(again).getByLabelText(/Also delete its price history/));
    await userEvent.click(within(again).getByRole('button', { name: 'Remove and delete history' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const deletes = requests.filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.url.pathname + r.url.search)).toEqual(['/api/v1/admin/instruments/BBB?purge=true']);
  });
});

describe('the /admin/data route', () => {
  let api: ReturnType<typeof mockApi> | undefined;
  afterEach(() => {
    api?.restore();
    resetAppStore();
  });

  function renderAt(roles: string[]) {
    resetAppStore();
    useAppStore.getState().setTutorialSeen(true);
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, roles });
    api = mockApi({
      'GET /api/me': () => ({ status: 200, body: { ...session(), roles } }),
      'GET /api/v1/market/freshness': () => ({
        status: 200,
        body: { asOf: '2026-11-20', lastSession: '2026-11-20', tradingDaysBehind: 0 },
      }),
      'GET /api/v1/admin/data': () => ({ status: 200, body: adminData() }),
    });
    return renderApp('/admin/data').router;
  }

  it('shows a member the 404 page and asks nothing of the admin API', async () => {
    renderAt(['member']);
    expect(await screen.findByText('This page could not be found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api!.calls.map((c) => c.path)).not.toContain('/api/v1/admin/data');
  });

  it('shows an admin the page inside the shell, linked from the account menu and the admin tabs', async () => {
    renderAt(['admin']);
    expect(await screen.findByTestId('data-status', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('sub-bar')).toBeEmptyDOMElement();
    const tabs = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(tabs).getByRole('link', { name: 'Market data' })).toHaveAttribute('href', '/admin/data');
    await userEvent.click(screen.getByRole('button', { name: 'ayse' }));
    expect(await screen.findByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('has no menu link for a member', async () => {
    resetAppStore();
    useAppStore.getState().setTutorialSeen(true);
    useAppStore.getState().setSession({ data: { id: 1, username: 'ayse' }, roles: ['member'] });
    api = mockApi({
      'GET /api/me': () => ({ status: 200, body: session() }),
      'GET /api/v1/market/freshness': () => ({
        status: 200,
        body: { asOf: '2026-11-20', lastSession: '2026-11-20', tradingDaysBehind: 0 },
      }),
      'GET /api/v1/products': () => ({ status: 404, body: {} }),
    });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'ayse' }, { timeout: 5000 }));
    expect(await screen.findByRole('link', { name: 'Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Data updates' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull();
  });
});
