import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api-client';
import { useUiStore } from '../store/ui-store';
import { Modal } from './modal';

/** What a screen plugs into symbol details (the candles chart, the seasonality summary). */
export interface SymbolSlotProps {
  symbol: string;
}

const slots: { chart: ComponentType<SymbolSlotProps> | null; seasonality: ComponentType<SymbolSlotProps> | null } = {
  chart: null,
  seasonality: null,
};

/**
 * Screens register the heavy parts here (ECharts candles with volume and moving averages;
 * the seasonality summary) so that the shell does not carry them in its bundle.
 */
export function registerSymbolDetailsSlot(name: keyof typeof slots, component: ComponentType<SymbolSlotProps>): void {
  slots[name] = component;
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

/** The symbol details dialog: chart slot, key statistics, seasonality slot, actions. */
export function SymbolDetails() {
  const symbol = useUiStore((s) => s.symbolDetails);
  const close = useUiStore((s) => s.closeSymbolDetails);
  const openAdd = useUiStore((s) => s.openAddToWatchlist);
  const Chart = slots.chart;
  const Seasonality = slots.seasonality;
  return (
    <Modal show={symbol !== null} onClose={close} title={symbol ?? ''} size="xl" testId="symbol-details">
      {symbol && (
        <div className="symbol-details">
          <div className="symbol-details__chart">
            {Chart ? (
              <Suspense fallback={<p className="text-muted">Loading chart…</p>}>
                <Chart symbol={symbol} />
              </Suspense>
            ) : (
              <p className="text-muted small">Chart: open the seasonality tools for {symbol}.</p>
            )}
          </div>
          <h3 className="h6 mt-3">Key statistics</h3>
          <KeyStatistics symbol={symbol} />
          {Seasonality && (
            <>
              <h3 className="h6 mt-3">Seasonality</h3>
              <Seasonality symbol={symbol} />
            </>
          )}
          <div className="d-flex flex-wrap gap-2 mt-3">
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
            <Link className="btn btn-outline-primary btn-sm" to={`/seasonality?symbol=${symbol}`} onClick={close}>
              Seasonal chart
            </Link>
            <Link
              className="btn btn-outline-primary btn-sm"
              to={`/seasonality/pattern?symbol=${symbol}`}
              onClick={close}
            >
              Pattern
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
