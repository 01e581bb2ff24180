import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BacktestResponse } from '@solstice/contracts';
import { currentLocation, mockFetch, notPremium, premium, renderScreen } from '../../testing/test-utils';
import { createPattern, instrument } from '../../testing/factories';
import { optionOf } from '../../shared/charts/fake-loader';
import { PatternScreen } from '../pattern/pattern-screen';
import { BacktestScreen } from './backtest-screen';
import {
  addToBacktestHref,
  formFromParams,
  paramsFromForm,
  queryText,
  rememberLegs,
} from '../../shared/links/backtest-url';
import { inTurkish } from '../../testing/in-turkish';
import { backtestAnswer } from '../../testing/backtest-fixture';
import { validationFailed } from '../../../test/mock-api';

vi.mock('../../shared/charts/loader', () => import('../../shared/charts/fake-loader'));

const URL =
  '/seasonality/backtest?leg=AAPL:10-05:11-01:long&leg=SPY:11-01:04-30:short&from=2010&to=2020&cost=7&benchmark=SPY';

/** A benchmark whose first close (2010-10-07) is after the strategy's first equity date. */
const lateBenchmark: BacktestResponse = {
  ...backtestAnswer,
  equity: [
    { date: '2009-10-05', value: 1 },
    { date: '2010-10-06', value: 1.02 },
    { date: '2011-10-07', value: 0.969 },
    { date: '2012-10-08', value: 1.05 },
  ],
  benchmark: {
    symbol: 'SPY',
    totalReturn: 0.01,
    cagr: 0.009,
    maxDrawdown: 0,
    sharpe: 1.5,
    from: '2011-10-07',
    to: '2012-10-08',
    strategyOverSpan: { totalReturn: 0.05 / 0.969 + 0.05, cagr: 0.0835, maxDrawdown: 0, sharpe: 2.25 },
    equity: [
      { date: '2011-10-07', value: 1 },
      { date: '2012-10-08', value: 1.01 },
    ],
  },
};

const routes = (respond?: () => { status?: number; body?: unknown }) => [
  premium,
  {
    method: 'POST',
    path: '/api/v1/seasonality/backtest',
    ...(respond ? { respond } : { body: backtestAnswer }),
  },
];

/** The backtest against a benchmark with prices from 2011 only: its metrics table and that table's column names. */
async function showLateBenchmark() {
  mockFetch(routes(() => ({ body: lateBenchmark })));
  renderScreen(<BacktestScreen />, { url: URL });
  const metrics = await screen.findByTestId('backtest-metrics');
  const headers = within(metrics)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  return { metrics, headers };
}

beforeEach(() => sessionStorage.clear());

describe('seasonal backtest screen', () => {
  it('runs the legs of the URL and shows the metrics, both curves, the drawdown and the trades', async () => {
    const { requests } = mockFetch(routes());
    renderScreen(<BacktestScreen />, { url: URL });
    const metrics = await screen.findByTestId('backtest-metrics');
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      legs: [
        { symbol: 'AAPL', start: '10-05', end: '11-01', direction: 'long' },
        { symbol: 'SPY', start: '11-01', end: '04-30', direction: 'short' },
      ],
      from: 2010,
      to: 2020,
      costBps: 7,
      benchmark: 'SPY',
    });
    // each cell by its test id (metric-<key>, benchmark-<key>) and the text it shows
    const shown = {
      'metric-totalReturn': '+5.00%',
      'metric-cagr': '+12.34%',
      'metric-maxDrawdown': '-5.00%',
      'metric-volatility': '20.00%',
      'metric-sharpe': '1.23',
      'metric-sortino': '—',
      'metric-exposure': '75.00%',
      'metric-trades': '2',
      'metric-tradeWinRate': '50.00%',
      'metric-avgTrade': '+1.44%',
      'benchmark-totalReturn': '+3.00%',
      'benchmark-sharpe': '0.80',
      'benchmark-volatility': '—',
    };
    for (const [testId, text] of Object.entries(shown))
      expect(within(metrics).getByTestId(testId)).toHaveTextContent(text);

    // the equity chart: the strategy and the benchmark's curve of the answer (no request for its bars)
    const equity = await screen.findByRole('img', { name: /Equity curve of the strategy against SPY/ });
    expect(equity.getAttribute('aria-label')).toContain('1.0500 (+5.00%), benchmark +3.00%');
    await waitFor(() => {
      const option = optionOf(equity.getAttribute('aria-label')!) as { series: { name: string; data: number[] }[] };
      expect(option.series.map((s) => s.name)).toEqual(['Strategy', 'SPY']);
      expect(option.series[1]!.data).toEqual([1, 1.02, 1.02, 1.03]);
    });
    expect(requests.some((r) => r.url.pathname.startsWith('/api/v1/bars'))).toBe(false);
    const drawdown = screen.getByRole('img', { name: /Drawdown of the strategy/ });
    expect(drawdown.getAttribute('aria-label')).toContain('deepest -5.00% on 10/07/2010');
    const option = optionOf(drawdown.getAttribute('aria-label')!) as { series: { data: number[] }[] };
    expect(option.series[0]!.data[2]).toBeCloseTo(0.969 / 1.02 - 1, 10);

    const trades = within(screen.getByTestId('backtest-trades')).getAllByRole('row');
    expect(trades).toHaveLength(3);
    expect(trades[1]!.textContent).toContain('AAPL');
    expect(trades[1]!.textContent).toContain('+4.12%');
    expect(trades[2]!.textContent).toContain('Short');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('reads the legs from the URL into the form and writes an edited form back to the URL', async () => {
    mockFetch(routes());
    renderScreen(<BacktestScreen />, { url: URL });
    await screen.findByTestId('backtest-metrics');
    expect(screen.getByLabelText('Symbol', { selector: '#bt-leg-0-symbol' })).toHaveValue('AAPL');
    expect(screen.getByLabelText('End (MM-DD)', { selector: '#bt-leg-1-end' })).toHaveValue('04-30');
    expect(screen.getByLabelText('Side', { selector: '#bt-leg-1-direction' })).toHaveValue('short');
    expect(screen.getByLabelText('Cost per side (bps)')).toHaveValue('7');

    await userEvent.click(screen.getByRole('button', { name: 'Add a leg' }));
    await userEvent.type(screen.getByLabelText('Symbol', { selector: '#bt-leg-2-symbol' }), 'msft');
    await userEvent.type(screen.getByLabelText('Start (MM-DD)', { selector: '#bt-leg-2-start' }), '01-10');
    await userEvent.type(screen.getByLabelText('End (MM-DD)', { selector: '#bt-leg-2-end' }), '02-10');
    await userEvent.click(screen.getByRole('button', { name: 'Remove leg 1' }));
    await userEvent.click(screen.getByLabelText('Election year'));
    await userEvent.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() =>
      expect(currentLocation()).toBe(
        '/seasonality/backtest?leg=SPY:11-01:04-30:short&leg=MSFT:01-10:02-10:long&from=2010&to=2020&cycle=election&cost=7&benchmark=SPY',
      ),
    );
  });

  it('checks the legs before asking', async () => {
    const { requests } = mockFetch([premium]);
    renderScreen(<BacktestScreen />, { url: '/seasonality/backtest' });
    expect(await screen.findByText(/Add one or more legs/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(screen.getByText('Add at least one leg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a leg' }));
    await userEvent.type(screen.getByLabelText('Symbol'), 'KO');
    await userEvent.type(screen.getByLabelText('Start (MM-DD)'), '13-01');
    await userEvent.type(screen.getByLabelText('End (MM-DD)'), '02-01');
    await userEvent.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(screen.getByText('Use MM-DD, e.g. 03-15')).toBeInTheDocument();
    expect(currentLocation()).toBe('/seasonality/backtest');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the API’s 400 next to the form and marks the leg it names', async () => {
    mockFetch(
      routes(() => validationFailed('body.legs.1.symbol', 'unknown symbol ZZZZ', 'legs[1]: unknown symbol ZZZZ')),
    );
    renderScreen(<BacktestScreen />, { url: '/seasonality/backtest?leg=AAPL:10-05:11-01:long&leg=ZZZZ:01-01:02-01' });
    const alert = await screen.findByTestId('backtest-rejected');
    expect(alert).toHaveTextContent('The server refused these legs: legs[1]: unknown symbol ZZZZ');
    expect(screen.getByTestId('backtest-leg-1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('backtest-leg-0')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('error-state')).not.toBeInTheDocument();
  });

  it('shows a non-subscriber what the tool does', async () => {
    mockFetch([notPremium]);
    renderScreen(<BacktestScreen />, { url: '/seasonality/backtest' });
    expect(await screen.findByTestId('subscribe-card')).toHaveTextContent('Seasonal backtest');
  });
});

describe('a benchmark that starts after the strategy', () => {
  it('draws its line from its first close only and compares it with the strategy over its years', async () => {
    const { metrics, headers } = await showLateBenchmark();
    expect(screen.getByTestId('benchmark-span')).toHaveTextContent(
      'SPY has prices from 10/07/2011 only: it is compared with the strategy over the same years, 2011–2012 (10/07/2011 – 10/08/2012).',
    );
    expect(headers).toEqual(['Metric', 'Strategy', 'Strategy, 2011–2012', 'SPY, 2011–2012']);
    expect(within(metrics).getByTestId('over-span-cagr')).toHaveTextContent('+8.35%');
    expect(within(metrics).getByTestId('over-span-sharpe')).toHaveTextContent('2.25');
    expect(within(metrics).getByTestId('over-span-trades')).toHaveTextContent('—');
    expect(within(metrics).getByTestId('benchmark-cagr')).toHaveTextContent('+0.90%');
    const equity = await screen.findByRole('img', { name: /Equity curve of the strategy against SPY/ });
    expect(equity.getAttribute('aria-label')).toContain('(SPY from 10/07/2011)');
    await waitFor(() => {
      const option = optionOf(equity.getAttribute('aria-label')!) as { series: { data: (number | null)[] }[] };
      // no flat line at 1 before SPY existed
      expect(option.series[1]!.data).toEqual([null, null, 1, 1.01]);
    });
    const drawdown = optionOf(
      screen.getByRole('img', { name: /Drawdown of the strategy/ }).getAttribute('aria-label')!,
    ) as {
      series: { data: (number | null)[] }[];
    };
    expect(drawdown.series[1]!.data).toEqual([null, null, 0, 0]);
  });
});

describe('adding to the backtest', () => {
  it('round-trips a form through its query, legs readable', () => {
    const form = formFromParams(new URLSearchParams(URL.split('?')[1]));
    expect(form.legs).toHaveLength(2);
    expect(queryText(paramsFromForm(form))).toBe(URL.split('?')[1]);
  });

  it('opens the backtest from the pattern with the last run’s legs and the pattern’s window', async () => {
    rememberLegs([{ symbol: 'SPY', start: '11-01', end: '04-30', direction: 'long' }]);
    mockFetch([
      premium,
      { path: '/api/v1/seasonality/pattern', body: createPattern({ symbol: 'AAPL', start: '10-05', end: '11-01' }) },
      instrument('AAPL'),
    ]);
    renderScreen(<PatternScreen />, { url: '/seasonality/pattern?symbol=AAPL&start=10-05&end=11-01' });
    const link = await screen.findByRole('link', { name: 'Add to backtest: AAPL 10-05 – 11-01 (Long)' });
    expect(link).toHaveTextContent('Add to backtest');
    expect(link).toHaveAttribute('href', '/seasonality/backtest?leg=SPY:11-01:04-30:long&leg=AAPL:10-05:11-01:long');
    // the same window is not added twice
    expect(addToBacktestHref({ symbol: 'SPY', start: '11-01', end: '04-30', direction: 'long' })).toBe(
      '/seasonality/backtest?leg=SPY:11-01:04-30:long',
    );
  });
});

describe('seasonal backtest screen in Turkish', () => {
  inTurkish();

  it('shows the form, the metrics and the charts’ summaries in Turkish, numbers in tr-TR', async () => {
    mockFetch(routes());
    renderScreen(<BacktestScreen />, { url: URL });
    const metrics = await screen.findByTestId('backtest-metrics');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mevsimsel geriye dönük test');
    expect(screen.getByRole('form', { name: 'Geriye dönük test formu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Testi çalıştır' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bacak ekle' })).toBeInTheDocument();
    expect(within(metrics).getByText('Toplam getiri')).toBeInTheDocument();
    expect(within(metrics).getByText('Kârlı işlem oranı')).toBeInTheDocument();
    expect(within(metrics).getByTestId('metric-totalReturn')).toHaveTextContent('+%5,00');
    expect(screen.getByRole('img', { name: /Stratejinin SPY karşısındaki sermaye eğrisi/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Stratejinin geri çekilmesi/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('backtest-trades')).getAllByRole('row')[2]!.textContent).toContain('Kısa');
  });

  it('says in Turkish which years a later benchmark is compared over', async () => {
    const { headers } = await showLateBenchmark();
    expect(screen.getByTestId('benchmark-span')).toHaveTextContent(
      'SPY fiyatları yalnızca 07.10.2011 tarihinden başlıyor: strateji ile aynı yıllarda, 2011–2012 (07.10.2011 – 08.10.2012), karşılaştırılıyor.',
    );
    expect(headers).toEqual(['Ölçüt', 'Strateji', 'Strateji, 2011–2012', 'SPY, 2011–2012']);
  });
});
