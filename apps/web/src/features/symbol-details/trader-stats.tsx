import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { IndicatorsResponse } from '@solstice/contracts';
import { formatInstrumentPrice, type PricedInstrument } from '../../shared/price';
import { apiGet } from '../../shared/api';
import { useFormatters, type Formatters } from '../../shared/format';
import { signClass } from '../../shared/tables/data-table';
import { useInstrument } from '../../shared/ui/instrument-header';
import { sectorName } from '../../shared/stats/periods';

export function useIndicators(symbol: string) {
  return useQuery({
    queryKey: ['indicators', symbol],
    queryFn: () => apiGet('indicators', { params: { symbol } }, { background: true }),
    staleTime: 5 * 60_000,
  });
}

/** Where the last close sits in the 52-week range, 0 (low) … 1 (high); null without a range. */
export function rangePosition(close: number, low: number | null, high: number | null): number | null {
  if (low === null || high === null || !(high > low)) return null;
  return Math.min(1, Math.max(0, (close - low) / (high - low)));
}

/** The performance periods (labels: symbol:stats.perf.<key>). */
const PERF: (keyof IndicatorsResponse['perf'])[] = ['w1', 'm1', 'm3', 'm6', 'ytd', 'y1'];

function Stat({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className="col-6 col-md-3">
      <dt className="small text-muted fw-normal">{label}</dt>
      <dd className={`mb-1 ${className ?? ''}`}>{children}</dd>
    </div>
  );
}

function Figures({
  data,
  f,
  instrument,
}: {
  data: IndicatorsResponse;
  f: Formatters;
  instrument: PricedInstrument | undefined;
}) {
  const { t } = useTranslation('symbol');
  const position = rangePosition(data.close, data.low52w, data.high52w);
  return (
    <>
      <dl className="row g-1 mb-2" data-testid="trader-stats">
        <Stat label={t('stats.lastPrice')}>
          <strong data-testid="last-price">{formatInstrumentPrice(data.close, instrument, f)}</strong>{' '}
          <span className="small text-muted">{f.date(data.asOf)}</span>
        </Stat>
        <Stat label={t('stats.change')} className={signClass(data.change1d)}>
          {f.percent(data.change1d)}
        </Stat>
        <Stat label={t('stats.range52w')}>
          {formatInstrumentPrice(data.low52w, instrument, f)} – {formatInstrumentPrice(data.high52w, instrument, f)}
          {position !== null ? (
            <div
              className="progress mt-1"
              style={{ height: 4 }}
              role="meter"
              aria-label={t('stats.rangeMeter')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(position * 100)}
            >
              <div className="progress-bar" style={{ width: `${position * 100}%` }} />
            </div>
          ) : null}
        </Stat>
        <Stat label={t('stats.rsi')}>{f.number(data.rsi14, 1)}</Stat>
        <Stat label={t('stats.atr')}>{f.number(data.atr14)}</Stat>
        <Stat label={t('stats.volatility')}>{f.percent(data.volatility20, 1, false)}</Stat>
        <Stat label={t('stats.avgVolume')}>{f.compact(data.avgVolume20)}</Stat>
        <Stat label={t('stats.relVolume')}>{f.number(data.relVolume)}</Stat>
      </dl>
      <table className="table table-sm mb-0 text-center small" aria-label={t('stats.performance')}>
        <thead>
          <tr>
            {PERF.map((p) => (
              <th key={p} scope="col">
                {t(`stats.perf.${p}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {PERF.map((p) => (
              <td key={p} className={signClass(data.perf[p])}>
                {f.percent(data.perf[p], 1)}
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
  const { t } = useTranslation('symbol');
  const f = useFormatters();
  const instrument = useInstrument(symbol);
  const indicators = useIndicators(symbol);
  const info = instrument.data;
  return (
    <section aria-label={t('stats.label', { symbol })}>
      {info ? (
        <p className="mb-2">
          <strong>{info.name}</strong>
          {info.sector ? <span className="text-muted"> · {sectorName(info.sector)}</span> : null}
          {info.industry ? <span className="text-muted"> · {info.industry}</span> : null}
        </p>
      ) : null}
      {indicators.data ? (
        <Figures data={indicators.data} f={f} instrument={info} />
      ) : indicators.isError ? (
        <p className="text-muted small">{t('stats.noMarketData', { symbol })}</p>
      ) : (
        <p className="text-muted small">{t('stats.loading')}</p>
      )}
    </section>
  );
}

export default TraderStats;
