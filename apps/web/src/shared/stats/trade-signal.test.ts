import { describe, expect, it } from 'vitest';
import { tradeSignal } from './trade-signal';

describe('trade signal', () => {
  it('is Buy or Sell only with a mean above 0 and a win rate of at least 50 %', () => {
    expect(tradeSignal('long', { mean: 0.01, winRate: 0.5 })).toBe('Buy');
    expect(tradeSignal('short', { mean: 0.01, winRate: 0.9 })).toBe('Sell');
    expect(tradeSignal('long', { mean: -0.0417, winRate: 0.38 })).toBe('No edge');
    expect(tradeSignal('long', { mean: 0, winRate: 0.8 })).toBe('No edge');
    expect(tradeSignal('long', { mean: 0.02, winRate: 0.49 })).toBe('No edge');
    expect(tradeSignal('short', { mean: -0.01, winRate: 0.7 })).toBe('No edge');
  });
});
