import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  currentLocation,
  inTurkish,
  mockFetch,
  premium,
  renderScreen,
  retype,
  serverError,
  subscriptionRequired,
} from '../../testing/test-utils';
import { expectSubscribeCardBeforeAsking } from '../../testing/premium-checks';
import { createPattern, createStats, instrument } from '../../testing/factories';
import { PatternScreen } from './pattern-screen';
import { useAppStore } from '../../shared/shell';
import { optionOf } from '../../shared/charts/fake-loader';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const URL = '/seasonality/pattern?symbol=AAPL&start=11-01&end=12-31';

/** SPY over 2021 and 2023: AAPL's mean +7.5 % against SPY's +3 %, +4.5 % in excess. */
const benchmark = {
  symbol: 'SPY',
  stats: createStats({ mean: 0.03 }),
  symbolMean: 0.075,
  excessMean: 0.045,
  years: [
    { year: 2021, return: 0.02, excess: 0.03 },
    { year: 2023, return: 0.04, excess: 0.06 },
  ],
};

describe('pattern screen', () => {
  it('shows the per-year table, statistics and returns against the benchmark', async () => {
    const { requests } = mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ benchmark }) },
      instrument('AAPL', true),
    ]);
    renderScreen(<PatternScreen />, { url: URL });
    const table = await screen.findByTestId('pattern-table');
    // mean of +6% (2023) and +3% (2021) against the benchmark
    await waitFor(() => expect(screen.getByTestId('benchmark-summary')).toHaveTextContent('+4.50%'));
    const rows = within(table).getAllByRole('row');
    // header + 3 years, newest first
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('2023');
    // 2023: 10% − 4% = +6% against the benchmark; 2022 has no benchmark year
    expect(within(rows[1]!).getAllByRole('cell')[7]!.textContent).toMatch(/6\.00/);
    expect(within(rows[2]!).getAllByRole('cell')[7]).toHaveTextContent('—');
    expect(screen.getByTestId('significance-ok')).toBeInTheDocument();
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent('Demo data');
    expect(requests[0]!.url.searchParams.get('start')).toBe('11-01');
  });

  // Issue #21, defect 4: the comparison names its years, and a symbol is never compared with itself.
  it('gives both means over the years both have, and shows no comparison without a benchmark', async () => {
    const halfWon = { ...benchmark, stats: createStats({ mean: 0.03, winRate: 0.5 }) };
    mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ benchmark: halfWon }) },
      instrument('AAPL'),
    ]);
    const first = renderScreen(<PatternScreen />, { url: URL });
    const summary = await screen.findByTestId('benchmark-summary');
    expect(summary).toHaveTextContent('over the 2 years both have (2021–2023): AAPL mean +7.50%, SPY mean +3.00%');
    first.unmount();
    mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ symbol: 'SPY', benchmark: null }) },
      instrument('SPY'),
    ]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=SPY&start=11-01&end=12-31' });
    const table = await screen.findByTestId('pattern-table');
    expect(within(table).queryByText('vs. benchmark')).toBeNull();
    expect(screen.queryByTestId('benchmark-summary')).toBeNull();
  });

  it('warns plainly when the pattern is weak', async () => {
    mockFetch([
      premium,
      {
        path: /symbol=AAPL/,
        body: createPattern({ stats: createStats({ count: 6, pValue: 0.3, withoutBest: -0.01 }) }),
      },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, { url: URL });
    const warning = await screen.findByTestId('significance-warning');
    expect(warning).toHaveTextContent('only 6 years');
    expect(warning).toHaveTextContent('p-value 0.300');
    expect(warning).toHaveTextContent('without its best year');
  });

  it('explains a statistic on hover and focus', async () => {
    mockFetch([premium, { path: /symbol=AAPL/, body: createPattern() }, instrument('AAPL')]);
    renderScreen(<PatternScreen />, { url: URL });
    const label = await screen.findByText('p-value');
    await userEvent.hover(label);
    expect(
      screen
        .getAllByRole('tooltip')
        .some((t) => /binomial/.test(t.textContent ?? '') && !t.className.includes('visually-hidden')),
    ).toBe(true);
  });

  it('shows what the tool does and the way to subscribe to a non-subscriber', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/pattern', ...subscriptionRequired() }]);
    renderScreen(<PatternScreen />, { url: URL });
    const card = await screen.findByTestId('subscribe-card');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/subscribe');
  });

  it('shows the error of a failed request with a retry', async () => {
    mockFetch([premium, { path: '/api/v1/seasonality/pattern', ...serverError('Database is down') }]);
    renderScreen(<PatternScreen />, { url: URL });
    expect(await screen.findByTestId('error-state')).toHaveTextContent('Database is down');
  });

  it('shows an empty state when no year covers the window', async () => {
    mockFetch([premium, { path: /symbol=AAPL/, body: createPattern({ years: [], stats: createStats({ count: 0 }) }) }]);
    renderScreen(<PatternScreen />, { url: URL });
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });

  it('puts the form in the URL, remembers it, and checks the fields', async () => {
    mockFetch([premium, { path: /symbol=MSFT/, body: createPattern({ symbol: 'MSFT' }) }, instrument('MSFT')]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern' });
    expect(screen.queryByTestId('loading-state')).not.toBeInTheDocument();
    await retype('Symbol', 'msft');
    const start = await retype('Start (MM-DD)', '13-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show pattern' }));
    expect(screen.getByText('Use MM-DD, e.g. 03-15')).toBeInTheDocument();
    await userEvent.clear(start);
    await userEvent.type(start, '03-01{Enter}');
    await waitFor(() =>
      expect(currentLocation()).toBe('/seasonality/pattern?symbol=MSFT&start=03-01&end=12-31&direction=long'),
    );
    expect(useAppStore.getState().patternForm).toMatchObject({ symbol: 'MSFT', start: '03-01' });
    expect(await screen.findByTestId('pattern-table')).toBeInTheDocument();
  });

  it('puts the year set in the URL, the query and the saved form', async () => {
    const { requests } = mockFetch([premium, { path: /symbol=AAPL/, body: createPattern() }, instrument('AAPL')]);
    renderScreen(<PatternScreen />, { url: URL });
    await screen.findByTestId('pattern-table');
    await userEvent.click(screen.getByLabelText('Election year'));
    await userEvent.selectOptions(screen.getByLabelText('Odd or even years'), 'even');
    await userEvent.type(screen.getByLabelText('Exclude years'), '2000,2004');
    await userEvent.click(screen.getByRole('button', { name: 'Show pattern' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(`${URL}&direction=long&cycle=election&parity=even&exclude=2000%2C2004`),
    );
    await waitFor(() => expect(requests.filter((r) => r.url.pathname.endsWith('/pattern'))).toHaveLength(2));
    const query = requests.filter((r) => r.url.pathname.endsWith('/pattern')).at(-1)!.url.searchParams;
    expect([query.get('cycle'), query.get('parity'), query.get('exclude')]).toEqual(['election', 'even', '2000,2004']);
    expect(useAppStore.getState().patternForm).toMatchObject({
      cycle: 'election',
      parity: 'even',
      exclude: '2000,2004',
    });
  });

  it('makes "Alert me before it opens" a window alert of the window shown, with its direction and year set', async () => {
    mockFetch([
      premium,
      { path: /symbol=PKG/, body: createPattern({ symbol: 'PKG', start: '11-20', end: '12-07', direction: 'short' }) },
      instrument('PKG'),
    ]);
    renderScreen(<PatternScreen />, {
      url: '/seasonality/pattern?symbol=PKG&start=11-20&end=12-07&direction=short&from=2005&parity=odd&exclude=2008',
    });
    const link = await screen.findByRole('link', { name: 'Alert me before it opens' });
    const target = new globalThis.URL(link.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/alerts');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      new: 'seasonal',
      symbol: 'PKG',
      start: '11-20',
      end: '12-07',
      direction: 'short',
      from: '2005',
      parity: 'odd',
      exclude: '2008',
    });
  });

  it('shows a non-subscriber what the tool does before anything is asked', () =>
    expectSubscribeCardBeforeAsking(<PatternScreen />, '/seasonality/pattern', 'Show pattern'));

  it('trusts a known session: a signed-in member without the tag gets the card with no request at all', async () => {
    useAppStore.getState().setSession({ data: { id: 7, username: 'ada' }, roles: ['member'], subscriber: false });
    const { requests } = mockFetch([]);
    renderScreen(<PatternScreen />, { url: URL });
    expect(await screen.findByTestId('subscribe-card')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('lets a known subscriber straight through to the tool', async () => {
    useAppStore.getState().setSession({ data: { id: 7, username: 'ada' }, roles: ['member'], subscriber: true });
    const { requests } = mockFetch([
      { path: '/api/v1/seasonality/pattern', body: createPattern() },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, { url: URL });
    expect(await screen.findByTestId('pattern-table')).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname === '/api/v1/subscription/premium')).toBe(false);
  });

  it('builds the scatter tooltip (HTML) from escaped text only', async () => {
    mockFetch([premium, { path: /symbol=AAPL/, body: createPattern() }, instrument('AAPL')]);
    renderScreen(<PatternScreen />, { url: URL });
    await screen.findByTestId('pattern-table');
    let option: { tooltip: { formatter: (p: { data: unknown[] }) => string } } | undefined;
    await waitFor(() => {
      option = optionOf('Return against max drop of AAPL') as typeof option;
      expect(option).toBeDefined();
    });
    const payload = '<img src=x onerror=alert(1)>';
    const tip = document.createElement('div');
    tip.innerHTML = option!.tooltip.formatter({ data: [-0.05, 0.1, payload] });
    expect(tip.querySelector('img')).toBeNull();
    expect(tip.textContent).toContain(payload);
  });
});

describe('pattern screen in Turkish', () => {
  inTurkish();

  it('shows the form, the table and the benchmark sentence in Turkish, numbers in tr-TR', async () => {
    mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ benchmark }) },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, { url: URL });
    const table = await screen.findByTestId('pattern-table');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Örüntü');
    expect(screen.getByLabelText('Başlangıç (AA-GG)')).toHaveValue('11-01');
    expect(screen.getByRole('button', { name: 'Örüntüyü göster' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Açılmadan önce beni uyar' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Giriş' })).toBeInTheDocument();
    const summary = await screen.findByTestId('benchmark-summary');
    expect(summary).toHaveTextContent(
      '+%4,50 ikisinin de verisi olan 2 yılda (2021–2023) SPY karşısında ortalama getiri',
    );
    expect(summary).toHaveTextContent('AAPL ortalaması +%7,50, SPY ortalaması +%3,00');
    await waitFor(() => expect(optionOf('AAPL yıllık getirileri')).toBeDefined());
  });
});
