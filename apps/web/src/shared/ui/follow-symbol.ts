import { useEffect, useRef } from 'react';
import { useAppStore } from '../shell';
import { YEAR_SET_KEYS, yearSetQuery, type YearSetValues } from './year-sets';
import { rollAdjustQuery } from './roll-adjust-query';

export interface FocusParams {
  symbol?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** The year set (shared/ui/year-sets.ts), carried between the tools like the years. */
  cycle?: string | undefined;
  parity?: string | undefined;
  exclude?: string | undefined;
  /** A future's roll adjustment (shared/ui/roll-adjust-query.ts), carried by the links between the tools. */
  rollAdjust?: string | undefined;
}

/** The year set the tools share (every field, empty for none), or null before any tool ran. */
export function useSharedYearSet(): YearSetValues | null {
  return useAppStore((s) => s.seasonalityYearSet);
}

/** The shared symbol and years as query values, or null when no tool has chosen one yet. */
export function useSeasonalityFocus(): FocusParams | null {
  return useAppStore((s) => s.seasonalityFocus);
}

/**
 * The seasonality tools share one symbol and year range (issue #21, item 11). A tool whose URL
 * cannot run yet (no symbol, or a link that names only the symbol) takes the URL's symbol, else
 * the last one chosen in any tool, and runs at once: `show` completes the URL with the form's
 * other values, replacing the entry so that Back skips it. A symbol the URL names becomes the
 * shared one. The year set travels the same way: a tool that runs makes its year set the shared
 * one, and one that arrives without a symbol takes the shared year set unless its URL names one.
 */
export function useFollowSymbol(
  url: FocusParams,
  ready: boolean,
  show: (focus: { symbol: string; from: string; to: string } & Partial<YearSetValues>) => void,
) {
  const focus = useAppStore((s) => s.seasonalityFocus);
  const yearSet = useSharedYearSet();
  const setFocus = useAppStore((s) => s.setSeasonalityFocus);
  const setYearSet = useAppStore((s) => s.setSeasonalityYearSet);
  const latest = useRef({ url, focus, yearSet, show, mounted: false });
  latest.current = { ...latest.current, url, focus, yearSet, show };
  useEffect(() => {
    const { url: now, focus: shared, yearSet: sharedYears, show: fill, mounted } = latest.current;
    latest.current.mounted = true;
    if (ready) return;
    if (now.symbol) fill({ symbol: now.symbol, from: now.from ?? '', to: now.to ?? '' });
    // only on arrival: a tool whose symbol the user has just cleared is left alone; a year set
    // the URL names wins over the shared one
    else if (!mounted && shared?.symbol) {
      const ownYears = YEAR_SET_KEYS.some((k) => now[k] !== undefined);
      fill({ ...shared, ...(sharedYears && !ownYears ? sharedYears : {}) });
    }
  }, [ready, url.symbol]);
  const { symbol, from = '', to = '' } = url;
  useEffect(() => {
    if (symbol) setFocus({ symbol, from, to });
  }, [symbol, from, to, setFocus]);
  const { cycle = '', parity = '', exclude = '' } = yearSetQuery(url);
  useEffect(() => {
    if (symbol) setYearSet({ cycle, parity, exclude });
  }, [symbol, cycle, parity, exclude, setYearSet]);
}

/** A link's query to another seasonality tool with the shared symbol, years, year set and roll adjustment. */
export function focusQuery(focus: FocusParams, extra: Record<string, string> = {}): string {
  const out = new URLSearchParams();
  const { symbol, from, to } = focus;
  const adjust = rollAdjustQuery(focus.rollAdjust);
  for (const [k, v] of Object.entries({ symbol, from, to, ...yearSetQuery(focus), ...adjust, ...extra })) {
    if (v) out.set(k, v);
  }
  return out.toString();
}
