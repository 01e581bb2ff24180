// Parts of the market overview shared by the market screen and the dashboard's summary.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatInstrumentPrice } from '../price';
import { useSignedOut } from '../shell';
import { marketOverviewQuery } from '../overview-query';
import type { MarketOverviewResponse } from '@solstice/contracts';
import type { Formatters } from '../format';
import { signClass } from '../tables/data-table';
import { useInstrument } from './instrument-header';
import { DemoBadge } from './states';

export function useMarketOverview() {
  const signedOut = useSignedOut();
  return useQuery({ ...marketOverviewQuery, enabled: !signedOut });
}

/** "Demo data" when the universe is the generated one (asked of one of its stocks). */
export function UniverseDemoBadge({ data }: { data: MarketOverviewResponse }) {
  const sample = data.mostActive[0]?.symbol ?? data.gainers[0]?.symbol;
  const instrument = useInstrument(sample);
  return <DemoBadge synthetic={instrument.data?.synthetic} />;
}

export function IndexCards({ data, f }: { data: MarketOverviewResponse; f: Formatters }) {
  const { t } = useTranslation('market');
  if (data.indices.length === 0) return null;
  return (
    <div className="row g-2 mb-3" data-testid="index-cards">
      {data.indices.map((i) => (
        <div key={i.symbol} className="col-6 col-md-4 col-xl-3">
          <section className="card h-100" aria-label={i.name}>
            <div className="card-body p-2">
              <div className="small text-muted text-truncate" title={i.name}>
                {i.name} <span className="font-monospace">{i.symbol}</span>
              </div>
              <div className="fs-5 fw-semibold">{formatInstrumentPrice(i.close, i, f)}</div>
              <div className={`small ${signClass(i.change1d) ?? ''}`}>
                {t('index.today', { change: f.percent(i.change1d) })}
              </div>
              <div className="small text-muted">
                {t('index.perf', { w1: f.percent(i.w1, 1), m1: f.percent(i.m1, 1), ytd: f.percent(i.ytd, 1) })}
              </div>
              <div className="small text-muted">{t('index.asOf', { date: f.date(i.asOf) })}</div>
            </div>
          </section>
        </div>
      ))}
    </div>
  );
}

export function BreadthSummary({ data, f }: { data: MarketOverviewResponse; f: Formatters }) {
  const { t } = useTranslation('market');
  const b = data.breadth;
  return (
    <dl className="row row-cols-2 row-cols-md-4 g-2 small mb-0" data-testid="breadth">
      <div className="col">
        <dt className="fw-normal text-muted">{t('breadth.advancersDecliners')}</dt>
        <dd className="mb-0">
          <span className="text-success fw-semibold">{b.advancers}</span> /{' '}
          <span className="text-danger fw-semibold">{b.decliners}</span>{' '}
          <span className="text-muted">{t('breadth.unchangedCount', { n: b.unchanged })}</span>
        </dd>
      </div>
      <div className="col">
        <dt className="fw-normal text-muted">{t('breadth.aboveSma50')}</dt>
        <dd className="mb-0 fw-semibold">{f.percent(b.aboveSma50, 0, false)}</dd>
      </div>
      <div className="col">
        <dt className="fw-normal text-muted">{t('breadth.aboveSma200')}</dt>
        <dd className="mb-0 fw-semibold">{f.percent(b.aboveSma200, 0, false)}</dd>
      </div>
      <div className="col">
        <dt className="fw-normal text-muted">{t('breadth.highsLows')}</dt>
        <dd className="mb-0">
          <span className="text-success fw-semibold">{b.newHighs}</span> /{' '}
          <span className="text-danger fw-semibold">{b.newLows}</span>
        </dd>
      </div>
    </dl>
  );
}
