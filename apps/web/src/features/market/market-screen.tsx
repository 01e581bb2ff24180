import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketOverviewResponse } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView } from '../../shared/ui/states';
import { AddToWatchlistButton, SymbolLink } from '../../shared/ui/symbol-link';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { EChart } from '../../shared/charts/echart';
import { DOWN, FLAT, UP, changeColor, changeRange } from '../../shared/charts/colors';
import { PERIODS, periodLabel, sectorName } from '../heatmaps/periods';
import { i18n } from '../../i18n/i18n';
import { BreadthSummary, IndexCards, UniverseDemoBadge, useMarketOverview } from './market-overview';
import { weightingLabel } from '../../shared/ui/weighting';
import { StaleCount } from '../../shared/ui/stale-count';

type Mover = MarketOverviewResponse['gainers'][number];
type SectorRow = MarketOverviewResponse['sectors'][number];
type Period = keyof SectorRow['values'];

export function MarketScreen() {
  const { t } = useTranslation('market');
  const f = useFormatters();
  const overview = useMarketOverview();
  const [url, setUrl] = useUrlState(['period'] as const);
  const period = (PERIODS.some((p) => p === url.period) ? url.period : '1d') as Period;
  return (
    <div className="container-fluid py-3" data-testid="market-screen">
      <h1 className="h4">{t('title')}</h1>
      <QueryView query={overview} isEmpty={(d) => d.breadth.total === 0 && d.indices.length === 0} empty={t('empty')}>
        {(data) => <MarketResult data={data} f={f} period={period} onPeriod={(p) => setUrl({ period: p })} />}
      </QueryView>
    </div>
  );
}

function moverColumns(f: Formatters): Column<Mover>[] {
  return [
    {
      key: 'symbol',
      label: i18n.t('common:table.symbol'),
      csvLabel: 'Symbol',
      sortValue: (r) => r.symbol,
      text: (r) => r.symbol,
      render: (r) => <SymbolLink symbol={r.symbol} />,
    },
    {
      key: 'name',
      label: i18n.t('common:table.name'),
      csvLabel: 'Name',
      sortValue: (r) => r.name,
      text: (r) => r.name,
    },
    {
      key: 'close',
      label: i18n.t('market:movers.close'),
      csvLabel: 'Close',
      align: 'end',
      sortValue: (r) => r.close,
      text: (r) => f.number(r.close),
      csvValue: (r) => r.close,
      unit: 'USD',
    },
    {
      key: 'change1d',
      label: i18n.t('common:table.change'),
      csvLabel: 'Change',
      align: 'end',
      sortValue: (r) => r.change1d,
      text: (r) => f.percent(r.change1d),
      csvValue: (r) => r.change1d,
      unit: 'fraction',
      className: (r) => signClass(r.change1d),
    },
    {
      key: 'volume',
      label: i18n.t('common:table.volume'),
      csvLabel: 'Volume',
      align: 'end',
      sortValue: (r) => r.volume,
      text: (r) => f.compact(r.volume),
      csvValue: (r) => r.volume,
    },
    {
      key: 'add',
      label: '',
      csv: false,
      text: () => '',
      render: (r) => <AddToWatchlistButton symbol={r.symbol} description={r.name} />,
    },
  ];
}

function MarketResult({
  data,
  f,
  period,
  onPeriod,
}: {
  data: MarketOverviewResponse;
  f: Formatters;
  period: Period;
  onPeriod: (p: string) => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('market');
  const b = data.breadth;
  const breadthOption = useMemo(
    () => ({
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          label: { show: false },
          data: [
            { name: t('breadth.advancers'), value: b.advancers, itemStyle: { color: UP } },
            { name: t('breadth.decliners'), value: b.decliners, itemStyle: { color: DOWN } },
            { name: t('breadth.unchanged'), value: b.unchanged, itemStyle: { color: FLAT } },
          ],
        },
      ],
    }),
    [b, t],
  );
  const sectors = useMemo(
    () => [...data.sectors].sort((a, z) => (z.values[period] ?? -Infinity) - (a.values[period] ?? -Infinity)),
    [data, period],
  );
  const sectorOption = useMemo(
    () => ({
      grid: { left: 150, right: 24, top: 8, bottom: 24 },
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => f.percent(v) },
      xAxis: { type: 'value', axisLabel: { formatter: (v: number) => f.percent(v, 0) } },
      yAxis: { type: 'category', inverse: true, data: sectors.map((s) => sectorName(s.sector, language)) },
      series: [
        {
          type: 'bar',
          data: sectors.map((s) => ({
            value: s.values[period],
            itemStyle: { color: changeColor(s.values[period], changeRange(period)) },
          })),
        },
      ],
    }),
    [sectors, period, f, language],
  );
  const sectorColumns: Column<SectorRow>[] = [
    {
      key: 'sector',
      label: i18n.t('common:table.sector'),
      csvLabel: 'Sector',
      sortValue: (r) => sectorName(r.sector),
      text: (r) => sectorName(r.sector),
      csvValue: (r) => r.sector,
    },
    {
      key: 'count',
      label: t('sectors.stocks'),
      csvLabel: 'Stocks',
      align: 'end',
      sortValue: (r) => r.count,
      text: (r) => String(r.count),
    },
    ...PERIODS.map((p): Column<SectorRow> => ({
      key: p,
      label: periodLabel(p),
      csvLabel: p.toUpperCase(),
      align: 'end',
      sortValue: (r) => r.values[p],
      text: (r) => f.percent(r.values[p], 1),
      csvValue: (r) => r.values[p],
      unit: 'fraction',
      className: (r) => signClass(r.values[p]),
    })),
  ];
  const columns = moverColumns(f);
  const weighting = weightingLabel(data.sectorWeighting);
  return (
    <>
      <p className="small text-muted mb-2">
        {data.asOf ? t('asOf', { date: f.date(data.asOf) }) : null}
        <StaleCount stale={data.stale} asOf={data.asOf} f={f} />
        <UniverseDemoBadge data={data} />
      </p>
      <IndexCards data={data} f={f} />
      <div className="row g-3">
        <section className="col-12 col-lg-4" aria-labelledby="breadth-title">
          <h2 className="h6" id="breadth-title">
            {t('breadth.title', { n: b.total })}
          </h2>
          <EChart kinds={['pie']} option={breadthOption} label={t('breadth.chartLabel')} height={200} />
          <BreadthSummary data={data} f={f} />
        </section>
        <section className="col-12 col-lg-8" aria-labelledby="sectors-title">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <h2 className="h6 mb-0" id="sectors-title">
              {t('sectors.title')}{' '}
              <span className="small fw-normal text-muted" data-testid="sector-weighting">
                ({weighting})
              </span>
            </h2>
            <div className="btn-group btn-group-sm ms-auto" role="group" aria-label={t('sectors.period')}>
              {PERIODS.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={`btn ${p === period ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={p === period}
                  onClick={() => onPeriod(p)}
                >
                  {periodLabel(p)}
                </button>
              ))}
            </div>
          </div>
          <EChart
            kinds={['line']}
            option={sectorOption}
            label={t('sectors.chartLabel', { period })}
            height={Math.max(200, sectors.length * 24 + 40)}
          />
        </section>
      </div>
      <DataTable
        rows={data.sectors}
        columns={sectorColumns}
        rowKey={(r) => r.sector}
        caption={t('sectors.caption', { weighting })}
        filename="sectors.csv"
        testId="sector-table"
      />
      <div className="row g-3 mt-1">
        <section className="col-12 col-xl-4" aria-labelledby="gainers-title">
          <h2 className="h6" id="gainers-title">
            {t('movers.gainers')}
          </h2>
          <DataTable
            rows={data.gainers}
            columns={columns}
            rowKey={(r) => r.symbol}
            caption={t('movers.gainers')}
            filename="gainers.csv"
            pageSize={10}
            testId="gainers"
          />
        </section>
        <section className="col-12 col-xl-4" aria-labelledby="losers-title">
          <h2 className="h6" id="losers-title">
            {t('movers.losers')}
          </h2>
          <DataTable
            rows={data.losers}
            columns={columns}
            rowKey={(r) => r.symbol}
            caption={t('movers.losers')}
            filename="losers.csv"
            pageSize={10}
            testId="losers"
          />
        </section>
        <section className="col-12 col-xl-4" aria-labelledby="active-title">
          <h2 className="h6" id="active-title">
            {t('movers.mostActive')}
          </h2>
          <DataTable
            rows={data.mostActive}
            columns={columns}
            rowKey={(r) => r.symbol}
            caption={t('movers.mostActive')}
            filename="most-active.csv"
            pageSize={10}
            testId="most-active"
          />
        </section>
      </div>
    </>
  );
}

export default MarketScreen;
