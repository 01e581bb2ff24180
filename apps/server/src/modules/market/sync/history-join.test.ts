import { describe, expect, it } from 'vitest';
import { FakeMarket } from '../../../testing/fake-providers/fake-market.js';
import {
  eventFactors,
  historyMismatch,
  nyseSessionsAfter,
  sessionsAfterOn,
  type DatedClose,
  type ReportedEvent,
} from './history-join.js';

const closes = (bars: ReadonlyArray<{ date: string; close: number }>): DatedClose[] =>
  bars.map((b) => ({ date: b.date, close: b.close }));

/** A market with a 2:1 split and a cash dividend inside the stored range. */
function market() {
  return new FakeMarket('2026-11-20').add('IBM', {
    from: '2026-01-02',
    splits: [{ date: '2026-04-15', ratio: 2 }],
    dividends: [{ date: '2026-08-07', cash: 1.68 }],
  });
}

function reported(m: FakeMarket, symbol: string): ReportedEvent[] {
  const { splits, dividends } = m.actions(symbol);
  return [
    ...splits.map((s): ReportedEvent => ({ date: s.date, kind: 'split', ratio: s.ratio })),
    ...dividends.map((d): ReportedEvent => ({ date: d.date, kind: 'dividend', cash: d.cash })),
  ];
}

const join = (stored: DatedClose[], provider: DatedClose[], events = eventFactors(provider, []), current = true) =>
  historyMismatch({ stored, provider, events, current, sessionsAfter: nyseSessionsAfter });

describe('historyMismatch (data-providers.md §15.6)', () => {
  it('an exact join: q constant, whatever its level (another provider’s adjustment basis)', () => {
    const adjusted = closes(market().adjusted('IBM'));
    expect(join(adjusted, adjusted)).toBeNull();
    const basis = adjusted.slice(0, 200).map((b) => ({ ...b, close: b.close * 1.1 }));
    expect(join(basis, adjusted)).toBeNull();
  });

  it('joins through a real split and a cash dividend: q changes at each by the event’s factor', () => {
    const m = market();
    const provider = closes(m.adjusted('IBM'));
    const events = eventFactors(provider, reported(m, 'IBM'));
    // The factors are §2.1's: 1/2 for the split, 1 − D / close(t−1) as traded for the dividend.
    const raw = m.raw('IBM');
    const before = raw[raw.findIndex((b) => b.date === '2026-08-07') - 1]!;
    expect(events.map((e) => e.date)).toEqual(['2026-04-15', '2026-08-07']);
    expect(events[0]!.factor).toBeCloseTo(0.5, 12);
    expect(events[1]!.factor).toBeCloseTo(1 - 1.68 / before.close, 9);
    // Stored as traded (no adjustment): q steps at both events, and joins.
    expect(join(closes(raw), provider, events)).toBeNull();
  });

  it('a change of q on a day without a reported event does not join: the first date and both closes', () => {
    const m = market().add('WTW', { from: '2026-01-02', price: 140 });
    const stored = closes(m.adjusted('IBM')).filter((b) => b.date <= '2026-10-30');
    // Another company's prices under the same ticker from 2026-10-01 on.
    const provider = closes(m.adjusted('IBM')).map((b, i) =>
      b.date < '2026-10-01' ? b : { date: b.date, close: m.adjusted('WTW')[i]!.close },
    );
    const found = join(stored, provider, eventFactors(provider, reported(m, 'IBM')));
    const at = stored.find((b) => b.date === '2026-10-01')!;
    expect(found).toEqual({
      date: '2026-10-01',
      storedClose: at.close,
      providerClose: provider.find((b) => b.date === '2026-10-01')!.close,
      reason: expect.stringMatching(/on a day without a reported event$/),
    });
    // A move just under 1e-4 still joins; just over does not.
    const nudged = (x: number) => stored.map((b) => (b.date >= '2026-10-01' ? { ...b, close: b.close * x } : b));
    expect(join(nudged(1 + 0.9e-4), stored)).toBeNull();
    expect(join(nudged(1 + 1.2e-4), stored)?.date).toBe('2026-10-01');
  });

  it('a change by another factor than the reported event’s does not join', () => {
    const m = market();
    const provider = closes(m.adjusted('IBM'));
    // The provider reports a 3:1 split where its prices moved by 2:1.
    const wrong = reported(m, 'IBM').map((e) => (e.kind === 'split' ? { ...e, ratio: 3 } : e));
    const found = join(closes(m.raw('IBM')), provider, eventFactors(provider, wrong));
    expect(found?.date).toBe('2026-04-15');
    expect(found?.reason).toMatch(/moves by 0\.500000 where the reported event's factor is 0\.333333$/);
    // Within 1e-3 of the factor still joins (rounded cash, four-decimal prices).
    const near = reported(m, 'IBM').map((e) => (e.kind === 'split' ? { ...e, ratio: 2 * (1 + 0.5e-3) } : e));
    expect(join(closes(m.raw('IBM')), provider, eventFactors(provider, near))).toBeNull();
  });

  it('a first provider bar more than 10 sessions after the stored last bar does not join a current symbol', () => {
    const all = closes(market().adjusted('IBM'));
    const stored = all.filter((b) => b.date <= '2026-10-01');
    // 2026-10-15 is the 10th session after Oct 1, 2026-10-16 the 11th.
    expect(nyseSessionsAfter('2026-10-01', '2026-10-15')).toBe(10);
    expect(
      join(
        stored,
        all.filter((b) => b.date >= '2026-10-15'),
      ),
    ).toBeNull();
    const late = all.filter((b) => b.date >= '2026-10-16');
    expect(join(stored, late)).toEqual({
      date: '2026-10-16',
      storedClose: stored.at(-1)!.close,
      providerClose: late[0]!.close,
      reason: "the provider's first bar comes 11 sessions after the stored last bar (2026-10-01); at most 10 join",
    });
    expect(join(stored, late, [], false)).toBeNull();
    // The session count is a parameter: another calendar counts its own sessions.
    const everyDay = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;
    expect(
      historyMismatch({ stored, provider: late, events: [], current: true, sessionsAfter: everyDay })?.reason,
    ).toMatch(/comes 15 sessions after/);
    // Each calendar's own count: every date for crypto, Monday–Friday for fx and exchange.
    expect(sessionsAfterOn('crypto')('2026-10-01', '2026-10-16')).toBe(15);
    expect(sessionsAfterOn('fx')('2026-10-01', '2026-10-16')).toBe(11);
    expect(sessionsAfterOn('exchange')('2026-10-01', '2026-10-16')).toBe(11);
    expect(sessionsAfterOn('nyse')).toBe(nyseSessionsAfter);
  });
});
