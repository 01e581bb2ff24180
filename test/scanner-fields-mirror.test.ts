// The scanner's chips (web) list the fields by name for the chip builder's types; the scanner
// (analytics) is where a field exists. The web may not import analytics (lint), so the chips'
// list is a mirror, and this test keeps it one: a field added to either side fails here.
import { describe, expect, it } from 'vitest';
import {
  isPercentField,
  NUMERIC_FIELDS,
  PERCENT_FIELDS,
  PERCENT_SEASON_STATS,
  SEASON_STATS,
  TEXT_FIELDS,
} from '../packages/analytics/src/scanner/fields.js';
import {
  FIELDS,
  PERCENT_FIELDS as WEB_PERCENT_FIELDS,
  TEXT_FIELDS as WEB_TEXT_FIELDS,
} from '../apps/web/src/features/scanner/expression-chips.js';

/** Text fields the chips leave out: the name is not a condition a trader builds from a list. */
const NOT_IN_CHIPS = new Set(['name']);

describe('the chips’ field list mirrors the scanner’s', () => {
  it('every scanner field is offered, and nothing else', () => {
    const scanner = [
      ...NUMERIC_FIELDS,
      ...TEXT_FIELDS.filter((f) => !NOT_IN_CHIPS.has(f)),
      ...SEASON_STATS.map((s) => `season20.${s}`),
    ];
    expect([...FIELDS].sort()).toEqual([...scanner].sort());
  });

  it('the chips’ text fields are the scanner’s', () => {
    expect([...WEB_TEXT_FIELDS].sort()).toEqual(TEXT_FIELDS.filter((f) => !NOT_IN_CHIPS.has(f)).sort());
  });

  it('the percent fields are scanner fields, and the chips show the same ones as %', () => {
    const numeric: readonly string[] = NUMERIC_FIELDS;
    for (const name of PERCENT_FIELDS) expect(numeric).toContain(name);
    for (const stat of PERCENT_SEASON_STATS) expect(SEASON_STATS).toContain(stat);
    expect(FIELDS.filter((f) => isPercentField(f)).sort()).toEqual([...WEB_PERCENT_FIELDS].sort());
  });
});
