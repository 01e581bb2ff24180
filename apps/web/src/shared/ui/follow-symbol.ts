import { useEffect, useRef } from 'react';
import { useAppStore } from '../shell';

export interface FocusParams {
  symbol?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
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
 * shared one.
 */
export function useFollowSymbol(
  url: FocusParams,
  ready: boolean,
  show: (focus: { symbol: string; from: string; to: string }) => void,
) {
  const focus = useAppStore((s) => s.seasonalityFocus);
  const setFocus = useAppStore((s) => s.setSeasonalityFocus);
  const latest = useRef({ url, focus, show, mounted: false });
  latest.current = { ...latest.current, url, focus, show };
  useEffect(() => {
    const { url: now, focus: shared, show: fill, mounted } = latest.current;
    latest.current.mounted = true;
    if (ready) return;
    if (now.symbol) fill({ symbol: now.symbol, from: now.from ?? '', to: now.to ?? '' });
    // only on arrival: a tool whose symbol the user has just cleared is left alone
    else if (!mounted && shared?.symbol) fill(shared);
  }, [ready, url.symbol]);
  const { symbol, from = '', to = '' } = url;
  useEffect(() => {
    if (symbol) setFocus({ symbol, from, to });
  }, [symbol, from, to, setFocus]);
}

/** A link's query to another seasonality tool with the shared symbol and years. */
export function focusQuery(focus: FocusParams, extra: Record<string, string> = {}): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries({ symbol: focus.symbol, from: focus.from, to: focus.to, ...extra })) {
    if (v) out.set(k, v);
  }
  return out.toString();
}
