import { describe, expect, it } from 'vitest';
import { MAX_Q_VALUE, weaknesses } from './significance';

const strong = { count: 20, pValue: 0.01, withoutBest: 0.02 };

describe('the Check column’s reasons', () => {
  it('a window that passes on its own but could be chance among all tested is not OK', () => {
    expect(weaknesses(strong)).toEqual([]);
    expect(weaknesses({ ...strong, qValue: MAX_Q_VALUE })).toEqual([]);
    expect(weaknesses({ ...strong, qValue: null })).toEqual([]);
    expect(weaknesses({ ...strong, qValue: 0.46 })).toEqual([
      'among all the windows tested, a result this good could be chance (q-value 0.460 is above 0.10)',
    ]);
  });

  it('lists every reason, in order', () => {
    expect(weaknesses({ count: 5, pValue: 0.2, withoutBest: -0.01, qValue: 1 })).toHaveLength(4);
  });
});
