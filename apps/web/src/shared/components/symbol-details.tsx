import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { callApi } from '../lib/api-client';
import { useAppStore } from '../store/app-store';
import { useUiStore } from '../store/ui-store';
import { Modal } from './modal';
import { DETAILS_PARAM } from '../paths';
import { slots, type SlotName } from './symbol-details-slots';
import { SEASONALITY_TOOLS } from '../ui/seasonality-tools-nav';

export { registerSymbolDetailsSlot, type SymbolSlotProps } from './symbol-details-slots';

/** The query parameter that keeps the open symbol in the address (a link opens it again). */

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
  // What this hook last asked the address to say, until it says it: the navigation (and its
  // loaders) may still run, and a dialog closed meanwhile must not reopen when it lands.
  const asked = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const before = seen.current;
    seen.current = { url: inUrl, store: inStore };
    if (asked.current !== undefined && inUrl === asked.current) asked.current = undefined;
    if (inStore !== before.store) {
      if (inStore === inUrl && asked.current === undefined) return;
      asked.current = inStore;
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (inStore) next.set(DETAILS_PARAM, inStore);
        else next.delete(DETAILS_PARAM);
        return next;
      });
    } else if (inUrl !== before.url && inUrl !== inStore && asked.current === undefined) {
      useUiStore.setState({ symbolDetails: inUrl });
      seen.current.store = inUrl;
    }
  }, [inUrl, inStore, setParams]);
}

interface KeyStat {
  label: string;
  value: string;
}

/** The key statistics, in their order; each one's name is the text `shell:symbolDetails.stats.<key>`. */
const STAT_KEYS = [
  'name',
  'exchange',
  'sector',
  'industry',
  'close',
  'change',
  'changePercent',
  'volume',
  'marketCap',
  'high52w',
  'low52w',
  'asOf',
] as const;

/** Picks the key statistics the instrument answer carries, in a fixed order, numbers in the locale. */
export function keyStats(body: unknown, locale = 'en-US'): KeyStat[] {
  const record =
    body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : (body as unknown);
  if (!record || typeof record !== 'object') return [];
  const r = record as Record<string, unknown>;
  return STAT_KEYS.flatMap((key) => {
    const label = i18n.t(`shell:symbolDetails.stats.${key}`);
    const v = r[key];
    if (typeof v === 'number' && Number.isFinite(v)) return [{ label, value: v.toLocaleString(locale) }];
    if (typeof v === 'string' && v) return [{ label, value: v }];
    return [];
  });
}

function KeyStatistics({ symbol }: { symbol: string }) {
  const { t } = useTranslation('shell');
  const locale = useAppStore((s) => s.display.locale);
  const [state, setState] = useState<{ stats: KeyStat[]; status: 'loading' | 'ready' | 'missing' }>({
    stats: [],
    status: 'loading',
  });
  useEffect(() => {
    const controller = new AbortController();
    setState({ stats: [], status: 'loading' });
    callApi('instrument', { params: { symbol } }, { background: true, signal: controller.signal })
      .then((body) => setState({ stats: keyStats(body, locale), status: 'ready' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ stats: [], status: 'missing' });
      });
    return () => controller.abort();
  }, [symbol, locale]);
  if (state.status === 'loading') return <p className="text-muted">{t('symbolDetails.loadingStats')}</p>;
  if (state.stats.length === 0) return <p className="text-muted">{t('symbolDetails.noStats', { symbol })}</p>;
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
  const { t } = useTranslation('common');
  const Part = slots[name];
  if (!Part) return <>{fallback}</>;
  return (
    <Suspense fallback={<p className="text-muted small">{t('loading')}</p>}>
      <Part symbol={symbol} />
    </Suspense>
  );
}

/** The symbol details dialog: candles, statistics, seasonality, actions; its symbol is in the URL. */
export function SymbolDetails() {
  const { t } = useTranslation('shell');
  const { t: common } = useTranslation('common');
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
          <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={t('symbolDetails.actions', { symbol })}>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => {
                close();
                openAdd({ sym: symbol, description: '' });
              }}
            >
              {t('symbolDetails.addToWatchlist')}
            </button>
            <Link className="btn btn-outline-primary btn-sm" to={`/alerts?new=condition&${q}`}>
              {t('symbolDetails.createAlert')}
            </Link>
            {SEASONALITY_TOOLS.map((tool) => (
              <Link key={tool.path} className="btn btn-outline-secondary btn-sm" to={`${tool.path}?${q}`}>
                {common(`seasonalityTools.${tool.tool}`)}
              </Link>
            ))}
          </div>
          <div className="symbol-details__chart">
            <Slot
              name="chart"
              symbol={symbol}
              fallback={<p className="text-muted small">{t('symbolDetails.chartFallback', { symbol })}</p>}
            />
          </div>
          <h3 className="h6 mt-3">{t('symbolDetails.keyStatistics')}</h3>
          <Slot name="stats" symbol={symbol} fallback={<KeyStatistics symbol={symbol} />} />
          {slots.seasonality ? (
            <>
              <h3 className="h6 mt-3">{t('symbolDetails.seasonality')}</h3>
              <Slot name="seasonality" symbol={symbol} fallback={null} />
            </>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
