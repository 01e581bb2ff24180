/* `solstice seasonality overfitting`: whether the best window of a best-trades search is luck. */

import { overfittingQuerySchema, type OverfittingResponse } from '@solstice/contracts';
import type { MarketCache } from '../../modules/market/market-cache.js';
import { overfittingOf } from '../../modules/seasonality/overfitting.service.js';
import type { CommandResult } from '../output.js';
import { parseOptions, yearSet, type YearsOptions } from './seasonality-results.js';
import { num, pct, pValue } from './seasonality-text.js';

export interface OverfittingOptions extends YearsOptions {
  minDays?: string;
  maxDays?: string;
  minYears?: string;
  direction?: string;
  blocks?: string;
  window?: string;
  bootstrap?: string;
  seed?: string;
  rollAdjust?: string;
}

const FLAGS: Record<string, string> = {
  blocks: '--blocks',
  window: '--window',
  bootstrap: '--bootstrap',
  seed: '--seed',
  direction: '--direction',
  rollAdjust: '--roll-adjust',
};

const share = (v: number | null | undefined) => (v === null || v === undefined ? '–' : pct(v));

export function overfittingCommand(
  market: MarketCache,
  symbol: string,
  o: OverfittingOptions,
): CommandResult<OverfittingResponse> {
  const q = parseOptions(
    overfittingQuerySchema,
    {
      symbol,
      minDays: o.minDays,
      maxDays: o.maxDays,
      ...yearSet(o),
      minYears: o.minYears,
      direction: o.direction,
      blocks: o.blocks,
      window: o.window,
      bootstrap: o.bootstrap,
      seed: o.seed,
      rollAdjust: o.rollAdjust,
    },
    FLAGS,
  );
  const value = overfittingOf(market, q);
  const lines = [
    `${value.symbol}: ${value.tested.toLocaleString('en-US')} windows searched (min years ${value.minYears})`,
  ];
  const { selected, deflated, pbo, realityCheck } = value;
  if (!selected || !deflated) {
    lines.push('no window to judge');
  } else {
    lines.push(
      `window            ${selected.start} → ${selected.end} ${selected.direction} (${selected.days} days, ` +
        `${selected.stats.winners} of ${selected.stats.count} years, mean ${pct(selected.stats.mean)})`,
      `sharpe            ${num(deflated.sharpe)} per trade (skewness ${num(deflated.skewness)}, kurtosis ${num(deflated.kurtosis)})`,
      `PSR               ${share(deflated.psr)} (tried alone)`,
      `expected max SR   ${num(deflated.expectedMaxSharpe)} (of ${deflated.trials.toLocaleString('en-US')} trials, variance ${num(deflated.sharpeVariance)})`,
      `DSR               ${share(deflated.dsr)}`,
    );
  }
  lines.push(
    pbo
      ? `PBO               ${pct(pbo.pbo)} (${pbo.overfit} of ${pbo.combinations} splits of ${pbo.blocks} blocks, ${pbo.firstYear}–${pbo.lastYear}; loss out of sample ${pct(pbo.probLoss)})`
      : 'PBO               – (no family, or more blocks than years)',
  );
  if (realityCheck) {
    const b = realityCheck.best;
    lines.push(
      `reality check     best ${b.start} → ${b.end} ${b.direction}, ${pct(realityCheck.bestMean)} a year above the drift: ` +
        `p = ${pValue(realityCheck.pValue)} (alone ${pValue(realityCheck.naivePValue)}; ${realityCheck.bootstrap} resamples, seed ${realityCheck.seed})`,
    );
  }
  return { value, text: lines.join('\n') };
}
