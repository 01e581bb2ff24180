import { compileScan, type AlertSpec } from '@solstice/analytics';
import { describe, expect, it } from 'vitest';
import { evaluationSteps } from './alert-evaluation.js';

const symbols = (n: number) => Array.from({ length: n }, (_, i) => `S${String(n - i).padStart(3, '0')}`);
const criteria = {
  leadDays: 1,
  minDays: 5,
  maxDays: 10,
  minWinRate: 0.5,
  minYears: 1,
  maxPValue: null,
  direction: 'long' as const,
};

describe('evaluationSteps', () => {
  it('cuts a seasonal alert on a long watchlist by its sorted symbols, each step about 50 symbol evaluations', () => {
    const specs: AlertSpec[] = [
      { id: 1, kind: 'scan', scan: compileScan('close > 1'), onExit: false },
      { id: 2, kind: 'seasonal', symbols: [...symbols(120), 'S001'], criteria },
    ];
    const steps = evaluationSteps(specs);
    // The scan alert counts ten: the first step has room for 40 of the seasonal symbols.
    expect(steps.map((s) => s.alerts.map((a) => (a.kind === 'scan' ? 'scan' : a.symbols.length)))).toEqual([
      ['scan', 40],
      [50],
      [30],
    ]);
    const slices = steps.flatMap((s) => s.alerts).flatMap((a) => (a.kind === 'seasonal' ? [...a.symbols] : []));
    expect(slices).toEqual([...new Set(symbols(120))].sort());
    expect(steps.map((s) => s.done)).toEqual([1, 1, 2]);
  });

  it('keeps many cheap alerts in one step and every alert exactly once', () => {
    const specs: AlertSpec[] = Array.from({ length: 30 }, (_, i) => ({
      id: i,
      kind: 'condition' as const,
      scan: compileScan('close > 1'),
      symbols: symbols(20),
    }));
    const steps = evaluationSteps(specs);
    // 30 alerts × 20 symbols × 0.05 = 30: one step.
    expect(steps).toHaveLength(1);
    expect(steps[0]!.alerts.map((a) => a.id)).toEqual(specs.map((s) => s.id));
  });
});
