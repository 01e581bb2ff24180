import { describe, expect, it } from 'vitest';
import type { ScanFieldsResponse } from '@solstice/contracts';
import { accept, completionsAt, contextAt, symbolQuery, vocabulary } from './completion';
import { tokenRange } from './expression-context';

const response: ScanFieldsResponse = {
  fields: [
    { name: 'close', kind: 'number', available: true },
    { name: 'sma50', kind: 'number', available: true },
    { name: 'marketCap', kind: 'number', available: false },
    { name: 'm6', kind: 'number', available: true },
    { name: 'sector', kind: 'text', available: true, values: ['Energy', 'Materials', 'Utilities'] },
    { name: 'symbol', kind: 'text', available: true },
  ],
  aliases: { price: 'close', perf6m: 'm6', sec: 'sector' },
  functions: [
    { name: 'sma', args: ['src', 'n'], summary: 'Simple moving average' },
    { name: 'stdev', args: ['src', 'n'], summary: 'Standard deviation' },
    { name: 'rank', args: ['x', 'group'], summary: 'Percentile rank' },
    { name: 'rs', args: ['symbol', 'n'], summary: 'Relative strength' },
  ],
  bounds: { maxPeriod: 1000, maxOffset: 1000, maxDepth: 6, maxCalls: 50, maxList: 500 },
};
const vocab = vocabulary(response);
/** The context with the caret at "|" (removed from the text). */
const at = (marked: string) => {
  const caret = marked.indexOf('|');
  const text = marked.replace('|', '');
  return { text, ctx: contextAt(text, caret, vocab) };
};
const labels = (marked: string, symbols: { symbol: string; name: string }[] = []) =>
  completionsAt(at(marked).ctx, vocab, symbols).map((c) => c.label);

describe('the caret context of a scan expression', () => {
  it('reads the call, the argument index and the word at the caret', () => {
    expect(at('close > sma(cl|').ctx).toMatchObject({
      word: { start: 12, end: 14, prefix: 'cl', quote: null },
      call: { name: 'sma', start: 8, arg: 0 },
      expects: { kind: 'name' },
    });
    expect(at('sma((high + low) / 2, |').ctx.call).toEqual({ name: 'sma', start: 0, arg: 1 });
    // inside a grouping parenthesis of an argument the call is still the one around it
    expect(at('sma((high + |').ctx.call).toEqual({ name: 'sma', start: 0, arg: 0 });
    // after the call is closed there is none
    expect(at('sma(close, 5) > |').ctx.call).toBeNull();
    // the innermost call of nested ones
    expect(at('weekly(rsi(close, 1|').ctx.call).toEqual({ name: 'rsi', start: 7, arg: 1 });
  });

  it('expects a value after a text field’s = and inside its in (…) list, a group in rank, a symbol in rs', () => {
    expect(at('sector = |').ctx.expects).toEqual({ kind: 'value', field: 'sector' });
    expect(at('SECTOR != "En|').ctx.expects).toEqual({ kind: 'value', field: 'sector' });
    expect(at('sec in ("Energy", |').ctx.expects).toEqual({ kind: 'value', field: 'sec' });
    expect(at('sector not in (|').ctx.expects).toEqual({ kind: 'value', field: 'sector' });
    expect(at('rank(m6, |').ctx.expects).toEqual({ kind: 'group' });
    expect(at('rank(m|').ctx.expects).toEqual({ kind: 'name' });
    expect(at('rs(SP|').ctx.expects).toEqual({ kind: 'symbol' });
    expect(at('rs(SPY, |').ctx.expects).toEqual({ kind: 'name' });
    // a number and its suffix are not names
    expect(at('close > 5|').ctx.expects).toEqual({ kind: 'none' });
    expect(at('close > 50 a|').ctx.expects).toEqual({ kind: 'none' });
  });

  it('names the range of the token at a 1-based position, the end of the input one column past it', () => {
    const text = 'sma(close, 5000) > "abc" and x <= 2';
    expect(tokenRange(text, 1)).toEqual({ start: 0, end: 3 }); // sma
    expect(tokenRange(text, 12)).toEqual({ start: 11, end: 15 }); // 5000
    expect(tokenRange(text, 20)).toEqual({ start: 19, end: 24 }); // "abc"
    expect(tokenRange(text, 32)).toEqual({ start: 31, end: 33 }); // <=
    expect(tokenRange(text, text.length + 1)).toEqual({ start: text.length, end: text.length + 1 });
  });
});

describe('completions', () => {
  it('offers functions, fields with data and aliases by prefix, then by a match inside', () => {
    expect(labels('s|')).toEqual(['sma', 'stdev', 'sma50', 'sector', 'symbol', 'sec']);
    // marketCap has no data: not offered; "cap" only inside no other name
    expect(labels('cap|')).toEqual([]);
    expect(labels('close > pr|')).toEqual(['price']);
    // inside the word: "ose" matches close
    expect(labels('ose|')).toEqual(['close']);
    // nothing typed: no list (Ctrl+Space aside, a list at every space would be noise)
    expect(labels('close > |')).toEqual([]);
  });

  it('offers the groups in rank’s second argument and a text field’s values, quoted', () => {
    expect(labels('rank(m6, |')).toEqual(['sector', 'industry', 'type', 'assetClass']);
    expect(labels('rank(m6, in|')).toEqual(['industry']);
    expect(labels('rank(m6, as|')).toEqual(['assetClass']);
    expect(labels('sector = |')).toEqual(['Energy', 'Materials', 'Utilities']);
    expect(labels('sec in ("Energy", "ma|')).toEqual(['Materials']);
    // a match inside a value too
    expect(labels('sector = "ties|')).toEqual(['Utilities']);
  });

  it('offers assetClass as a text field, with its values in = and in (…)', () => {
    const classes = vocabulary({
      ...response,
      fields: [...response.fields, { name: 'assetClass', kind: 'text', available: true, values: ['crypto', 'fx'] }],
    });
    const offered = (marked: string) => {
      const caret = marked.indexOf('|');
      const ctx = contextAt(marked.replace('|', ''), caret, classes);
      return completionsAt(ctx, classes, []).map((c) => c.label);
    };
    expect(offered('asset|')).toEqual(['assetClass']);
    expect(offered('assetClass = |')).toEqual(['crypto', 'fx']);
    expect(offered('assetclass in ("fx", "cr|')).toEqual(['crypto']);
  });

  it('looks symbols up for rs() and symbol lists, never for other places', () => {
    const spy = [{ symbol: 'SPY', name: 'SPDR S&P 500' }];
    expect(symbolQuery(at('rs(SP|').ctx)).toBe('SP');
    expect(symbolQuery(at('symbol in ("AA|').ctx)).toBe('AA');
    expect(symbolQuery(at('sector = |').ctx)).toBeNull();
    expect(labels('rs(SP|', spy)).toEqual(['SPY']);
  });

  it('replaces the whole word on accepting, opens a function’s parentheses, quotes values', () => {
    const take = (marked: string, label: string, symbols: { symbol: string; name: string }[] = []) => {
      const { text, ctx } = at(marked);
      const c = completionsAt(ctx, vocab, symbols).find((x) => x.label === label)!;
      const out = accept(text, ctx, c);
      return out.text.slice(0, out.caret) + '|' + out.text.slice(out.caret);
    };
    expect(take('close > s|m', 'sma')).toBe('close > sma(|)');
    // a "(" already there is kept, not doubled
    expect(take('st|(close, 20)', 'stdev')).toBe('stdev(|close, 20)');
    expect(take('sector = En|', 'Energy')).toBe('sector = "Energy"|');
    expect(take('sector in ("Ma|', 'Materials')).toBe('sector in ("Materials"|');
    expect(take("sector = 'ut|'", 'Utilities')).toBe("sector = 'Utilities'|");
    expect(take('rs(sp|', 'SPY', [{ symbol: 'SPY', name: 'SPDR' }])).toBe('rs(SPY|');
    expect(take('rs(BR|', 'BRK B', [{ symbol: 'BRK B', name: 'Berkshire' }])).toBe('rs("BRK B"|');
    expect(take('rank(m6, ind|', 'industry')).toBe('rank(m6, industry|');
    // a symbol in a list is text: quoted
    expect(take('symbol in ("KO", xo|', 'XOM', [{ symbol: 'XOM', name: 'Exxon' }])).toBe('symbol in ("KO", "XOM"|');
  });
});
