import { describe, expect, it } from 'vitest';
import { RequestGate } from './request-gate.js';

/** A virtual clock: sleeping moves it, nothing waits for real. */
function virtualTime() {
  let now = 1_000;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      await Promise.resolve();
      now += ms;
    },
  };
}

describe('RequestGate', () => {
  it('spaces request starts by the interval, in arrival order', async () => {
    const clock = virtualTime();
    const gate = new RequestGate(1, 250, clock);
    const starts: Array<[string, number]> = [];
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) =>
        gate.run(async () => {
          starts.push([name, clock.now()]);
        }),
      ),
    );
    expect(starts).toEqual([
      ['a', 1_000],
      ['b', 1_250],
      ['c', 1_500],
      ['d', 1_750],
    ]);
  });

  it('lets at most `concurrency` tasks run at once', async () => {
    const gate = new RequestGate(2, 0, virtualTime());
    let running = 0;
    let most = 0;
    const task = async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, () => gate.run(task)));
    expect(most).toBe(2);
  });

  it('an aborted waiter leaves the queue; the others still run', async () => {
    const gate = new RequestGate(1, 0, virtualTime());
    let release!: () => void;
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const second = gate.run(async () => 'second', controller.signal);
    const third = gate.run(async () => 'third');
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    release();
    await first;
    await expect(third).resolves.toBe('third');
  });
});
