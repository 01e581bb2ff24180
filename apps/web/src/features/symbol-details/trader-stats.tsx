import { useQuery } from '@tanstack/react-query';
import type { IndicatorsResponse } from '@solstice/contracts';
import { apiGet } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { signClass } from '../../shared/tables/data-table';
import { useInstrument } from '../../shared/ui/instrument-header';

export function useIndicators(symbol: string) {
  return useQuery({
    queryKey: ['indicators', symbol],
    queryFn: () =>
      apiGet<IndicatorsResponse>(`/api/v1/indicators/${encodeURIComponent(symbol)}`, undefined, { background: true }),
    staleTime: 5 * 60_000,
  });
}

/** Where the last close sits in the 52-week range, 0 (low) … 1 (high); null without a range. */
export function rangePosition(close: number, low: number | null, high: number | null): number | null {
  if (low === null || high === null || !(high > low)) return null;
  return Math.min(1, Math.max(0, (close - low) / (high - low)));
}

const PERF: { key: keyof IndicatorsResponse['perf']; label: string }[] = [
  { key: 'w1', label: '1W' },
  { key: 'm1', label: '1M' },
  { key: 'm3', label: '3M' },
  { key: 'm6', label: '6M' },
  { key: 'ytd', label: 'YTD' },
  { key: 'y1', label: '1Y' },
];

function Stat({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className="col-6 col-md-3">
      <dt className="small text-muted fw-normal">{label}</dt>
      <dd className={`mb-1 ${className ?? ''}`}>{children}</dd>
    </div>
  );
}

function Figures({ data, f }: { data: IndicatorsResponse; f: Formatters }) {
  const position = rangePosition(data.close, data.low52w, data.high52w);
  return (
    <>
      <dl className="row g-1 mb-2" data-testid="trader-stats">
        <Stat label="Last price">
          <strong>{f.number(data.close)}</strong> <span className="small text-muted">{f.date(data.asOf)}</span>
        </Stat>
        <Stat label="Change" className={signClass(data.change1d)}>
          {f.percent(data.change1d)}
        </Stat>
        <Stat label="52-week range">
          {f.number(data.low52w)} – {f.number(data.high52w)}
          {position !== null ? (
            <div
              className="progress mt-1"
              style={{ height: 4 }}
              role="meter"
              aria-label="Last price in the 52-week range"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(position * 100)}
            >
              <div className="progress-bar" style={{ width: `${position * 100}%` }} />
            </div>
          ) : null}
        </Stat>
        <Stat label="RSI (14)">{f.number(data.rsi14, 1)}</Stat>
        <Stat label="ATR (14)">{f.number(data.atr14)}</Stat>
        <Stat label="Volatility (20 days)">{f.percent(data.volatility20, 1, false)}</Stat>
        <Stat label="Average volume (20 days)">{f.compact(data.avgVolume20)}</Stat>
        <Stat label="Relative volume">{f.number(data.relVolume)}</Stat>
      </dl>
      <table className="table table-sm mb-0 text-center small" aria-label="Performance">
        <thead>
          <tr>
            {PERF.map((p) => (
              <th key={p.key} scope="col">
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {PERF.map((p) => (
              <td key={p.key} className={signClass(data.perf[p.key])}>
                {f.percent(data.perf[p.key], 1)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </>
  );
}

/** Name, sector and what a trader looks at first: price, change, range, momentum, volume. */
export function TraderStats({ symbol }: { symbol: string }) {
  const f = useFormatters();
  const instrument = useInstrument(symbol);
  const indicators = useIndicators(symbol);
  const info = instrument.data;
  return (
    <section aria-label={`Statistics of ${symbol}`}>
      {info ? (
        <p className="mb-2">
          <strong>{info.name}</strong>
          {info.sector ? <span className="text-muted"> · {info.sector}</span> : null}
          {info.industry ? <span className="text-muted"> · {info.industry}</span> : null}
        </p>
      ) : null}
      {indicators.data ? (
        <Figures data={indicators.data} f={f} />
      ) : indicators.isError ? (
        <p className="text-muted small">No market data for {symbol}.</p>
      ) : (
        <p className="text-muted small">Loading statistics…</p>
      )}
    </section>
  );
}

export default TraderStats;
