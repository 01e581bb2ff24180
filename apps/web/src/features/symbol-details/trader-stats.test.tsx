import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderScreen } from '../../testing/test-utils';
import { TraderStats } from './trader-stats';

const eurusd = {
  symbol: 'EURUSD=X',
  asOf: '2026-11-20',
  close: 1.085634,
  change1d: 0.001,
  high52w: 1.1201,
  low52w: 1.0412,
  rsi14: 55,
  atr14: 0.004,
  volatility20: 0.06,
  avgVolume20: null,
  relVolume: null,
  perf: { w1: 0.01, m1: -0.01, m3: 0.02, m6: 0.02, ytd: 0.03, y1: 0.04 },
};

describe("a currency's trader statistics", () => {
  it('shows its prices with the ISO code after the number and no volume', async () => {
    mockFetch([
      {
        path: /^\/api\/v1\/instruments\/EURUSD(=|%3D)X$/,
        body: {
          symbol: 'EURUSD=X',
          name: 'EUR/USD',
          sector: null,
          industry: null,
          synthetic: false,
          currency: 'USD',
          assetClass: 'fx',
          hasVolume: false,
        },
      },
      { path: /^\/api\/v1\/indicators\/EURUSD(=|%3D)X$/, body: eurusd },
    ]);
    renderScreen(<TraderStats symbol="EURUSD=X" />, { url: '/' });
    const stats = await screen.findByTestId('trader-stats');
    await screen.findByText('EUR/USD');
    expect(screen.getByTestId('last-price')).toHaveTextContent('1.08563 USD');
    expect(stats).toHaveTextContent('1.04120 USD – 1.12010 USD');
    expect(stats).toHaveTextContent('Average volume (20 days)—');
    expect(stats).not.toHaveTextContent('$');
  });
});
