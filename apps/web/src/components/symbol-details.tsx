import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../lib/api-client';
import { useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { Modal } from './modal';
import { slots, type SlotName } from './symbol-details-slots';

export { registerSymbolDetailsSlot, type SymbolSlotProps } from './symbol-details-slots';

/** The query parameter that keeps the open symbol in the address (a link opens it again). */
export const DETAILS_PARAM = 'details';

/**
 * Keeps the dialog and the address in step: opening a symbol anywhere adds ?details=SYM (a
 * new history entry, so Back closes it), closing removes it, and an address that names one
 * (a shared link, Back/Forward) opens it. Whichever side changed last wins.
 */
function useDetailsInUrl(): void {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get(DETAILS_PARAM)?.toUpperCase() || null;
  const inStore = useUiStore((s) => s.symbolDetails);
  const seen = useRef<{ url: string | null | undefined; store: string | null }>({ url: undefined, store: inStore });
  useEffect(() => {
    const before = seen.current;
    seen.current = { url: inUrl, store: inStore };
    if (inStore !== before.store) {
      if (inStore === inUrl) return;
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (inStore) next.set(DETAILS_PARAM, inStore);
        else next.delete(DETAILS_PARAM);
        return next;
      });
    } else if (inUrl !== before.url && inUrl !== inStore) {
      useUiStore.setState({ symbolDetails: inUrl });
      seen.current.store = inUrl;
    }
  }, [inUrl, inStore, setParams]);
}

interface KeyStat {
  label: string;
  value: string;
}

const STAT_LABELS: Record<string, string> = {
  name: 'Name',
  exchange: 'Exchange',
  sector: 'Sector',
  industry: 'Industry',
  close: 'Last close',
  change: 'Change',
  changePercent: 'Change %',
  volume: 'Volume',
  marketCap: 'Market cap',
  high52w: '52-week high',
  low52w: '52-week low',
  asOf: 'As of',
};

/** Picks the key statistics the instrument answer carries, in a fixed order. */
export function keyStats(body: unknown): KeyStat[] {
  const record =
    body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : (body as unknown);
  if (!record || typeof record !== 'object') return [];
  const r = record as Record<string, unknown>;
  return Object.entries(STAT_LABELS).flatMap(([key, label]) => {
    const v = r[key];
    if (typeof v === 'number' && Number.isFinite(v)) return [{ label, value: v.toLocaleString('en-US') }];
    if (typeof v === 'string' && v) return [{ label, value: v }];
    return [];
  });
}

function KeyStatistics({ symbol }: { symbol: string }) {
  const [state, setState] = useState<{ stats: KeyStat[]; status: 'loading' | 'ready' | 'missing' }>({
    stats: [],
    status: 'loading',
  });
  useEffect(() => {
    const controller = new AbortController();
    setState({ stats: [], status: 'loading' });
    api
      .get(`/api/v1/instruments/${encodeURIComponent(symbol)}`, { background: true, signal: controller.signal })
      .then((body) => setState({ stats: keyStats(body), status: 'ready' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ stats: [], status: 'missing' });
      });
    return () => controller.abort();
  }, [symbol]);
  if (state.status === 'loading') return <p className="text-muted">Loading key statistics…</p>;
  if (state.stats.length === 0) return <p className="text-muted">No key statistics for {symbol}.</p>;
  return (
    <dl className="row key-stats mb-0">
      {state.stats.map((s) => (
        <div key={s.label} className="col-6 col-md-4">
          <dt className="small text-muted">{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Slot({ name, symbol, fallback }: { name: SlotName; symbol: string; fallback: ReactNode }) {
  const Part = slots[name];
  if (!Part) return <>{fallback}</>;
  return (
    <Suspense fallback={<p className="text-muted small">Loading…</p>}>
      <Part symbol={symbol} />
    </Suspense>
  );
}

/** Where each seasonality tool opens with the symbol. */
const TOOL_LINKS: { label: string; path: string }[] = [
  { label: 'Seasonal chart', path: '/seasonality' },
  { label: 'Pattern', path: '/seasonality/pattern' },
  { label: 'Calendar', path: '/seasonality/calendar' },
  { label: 'Best trades', path: '/seasonality/besttrades' },
];

/** The symbol details dialog: candles, statistics, seasonality, actions; its symbol is in the URL. */
export function SymbolDetails() {
  useDetailsInUrl();
  const symbol = useUiStore((s) => s.symbolDetails);
  const close = useUiStore((s) => s.closeSymbolDetails);
  const openAdd = useUiStore((s) => s.openAddToWatchlist);
  useEffect(() => {
    // the symbol looked at last is the one the seasonality tools open with (issue #21, item 11)
    if (!symbol) return;
    const { seasonalityFocus, setSeasonalityFocus } = useAppStore.getState();
    setSeasonalityFocus({ symbol, from: seasonalityFocus?.from ?? '', to: seasonalityFocus?.to ?? '' });
  }, [symbol]);
  const q = symbol ? `symbol=${encodeURIComponent(symbol)}` : '';
  return (
    <Modal show={symbol !== null} onClose={close} title={symbol ?? ''} size="xl" testId="symbol-details">
      {symbol && (
        <div className="symbol-details">
          <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={`Actions for ${symbol}`}>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => {
                close();
                openAdd({ sym: symbol, description: '' });
              }}
            >
              Add to watchlist
            </button>
            <Link className="btn btn-outline-primary btn-sm" to={`/alerts?new=condition&${q}`}>
              Create alert
            </Link>
            {TOOL_LINKS.map((t) => (
              <Link key={t.path} className="btn btn-outline-secondary btn-sm" to={`${t.path}?${q}`}>
                {t.label}
              </Link>
            ))}
          </div>
          <div className="symbol-details__chart">
            <Slot
              name="chart"
              symbol={symbol}
              fallback={<p className="text-muted small">Chart: open the seasonality tools for {symbol}.</p>}
            />
          </div>
          <h3 className="h6 mt-3">Key statistics</h3>
          <Slot name="stats" symbol={symbol} fallback={<KeyStatistics symbol={symbol} />} />
          {slots.seasonality ? (
            <>
              <h3 className="h6 mt-3">Seasonality</h3>
              <Slot name="seasonality" symbol={symbol} fallback={null} />
            </>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
