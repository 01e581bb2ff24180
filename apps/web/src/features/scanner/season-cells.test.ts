import { describe, expect, it } from 'vitest';
import { createFormatters } from '../../shared/format';
import { cellText } from './scan-results';

const f = createFormatters('en-US', 'UTC');

describe('seasonal fields in the scanner’s results', () => {
  it('show as the seasonality screens show the same statistics, for any length', () => {
    for (const L of [20, 30, 5]) {
      expect(cellText(f, `season${L}.winRate`, 2 / 3)).toBe('67%');
      expect(cellText(f, `season${L}.mean`, 0.01234)).toBe(f.percent(0.01234));
      expect(cellText(f, `season${L}.median`, -0.005)).toBe(f.percent(-0.005));
      expect(cellText(f, `season${L}.count`, 33)).toBe('33');
      expect(cellText(f, `season${L}.pValue`, 0.12849)).toBe('0.128');
    }
    expect(cellText(f, 'season20.pValue', null)).toBe('—');
  });

  it('other fields keep their formats', () => {
    expect(cellText(f, 'change1d', 0.0123)).toBe(f.percent(0.0123));
    expect(cellText(f, 'rsi14', 55.5)).toBe(f.number(55.5));
  });
});
