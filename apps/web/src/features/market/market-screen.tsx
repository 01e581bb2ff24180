import { useMemo } from 'react';
import type { MarketOverviewResponse } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView } from '../../shared/ui/states';
import { AddToWatchlistButton, SymbolLink } from '../../shared/ui/symbol-link';
import { DataTable, signClass, type Column } from '../../shared/tables/data-table';
import { EChart } from '../../shared/charts/echart';
import { DOWN, FLAT, UP, changeColor, changeRange } from '../../shared/charts/colors';
import { PERIODS } from '../heatmaps/periods';
import { BreadthSummary, IndexCards, UniverseDemoBadge, useMarketOverview } from './market-overview';
import { WEIGHTING_LABEL } from '../../shared/ui/weighting';
import { StaleCount } from '../../shared/ui/stale-count';

type Mover = MarketOverviewResponse['gainers'][number];
type SectorRow = MarketOverviewResponse['sectors'][number];
type Period = keyof SectorRow['values'];

export function MarketScreen() {
  const f = useFormatters();
  const overview = useMarketOverview();
  const [url, setUrl] = useUrlState(['period'] as const);
  const period = (PERIODS.some(([p]) => p === url.period) ? url.period : '1d') as Period;
  return (
    <div className="container-fluid py-3" data-testid="market-screen">
      <h1 className="h4">Market</h1>
      <QueryView
        query={overview}
        isEmpty={(d) => d.breadth.total === 0 && d.indices.length === 0}
        empty="No market data yet. An administrator can import prices."
      >
        {(data) => <MarketResult data={data} f={f} period={period} onPeriod={(p) => setUrl({ period: p })} />}
      </QueryView>
    </div>
  );
}

function moverColumns(f: Formatters): Column<Mover>[] {
  return [
    {
      key: 'symbol',
      label: 'Symbol',
      sortValue: (r) => r.symbol,
      text: (r) => r.symbol,
      render: (r) => <SymbolLink symbol={r.symbol} />,
    },
    { key: 'name', label: 'Name', sortValue: (r) => r.name, text: (r) => r.name },
    {
      key: 'close',
      label: 'Close',
      align: 'end',
      sortValue: (r) => r.close,
      text: (r) => f.number(r.close),
      csvValue: (r) => r.close,
      unit: 'USD',
    },
    {
      key: 'change1d',
      label: 'Change',
      align: 'end',
      sortValue: (r) => r.change1d,
      text: (r) => f.percent(r.change1d),
      csvValue: (r) => r.change1d,
      unit: 'fraction',
      className: (r) => signClass(r.change1d),
    },
    {
      key: 'volume',
      label: 'Volume',
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
            { name: 'Advancers', value: b.advancers, itemStyle: { color: UP } },
            { name: 'Decliners', value: b.decliners, itemStyle: { color: DOWN } },
            { name: 'Unchanged', value: b.unchanged, itemStyle: { color: FLAT } },
          ],
        },
      ],
    }),
    [b],
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
      yAxis: { type: 'category', inverse: true, data: sectors.map((s) => s.sector) },
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
    [sectors, period, f],
  );
  const sectorColumns: Column<SectorRow>[] = [
    { key: 'sector', label: 'Sector', sortValue: (r) => r.sector, text: (r) => r.sector },
    { key: 'count', label: 'Stocks', align: 'end', sortValue: (r) => r.count, text: (r) => String(r.count) },
    ...PERIODS.map(([p, l]): Column<SectorRow> => ({
      key: p,
      label: l,
      align: 'end',
      sortValue: (r) => r.values[p],
      text: (r) => f.percent(r.values[p], 1),
      csvValue: (r) => r.values[p],
      unit: 'fraction',
      className: (r) => signClass(r.values[p]),
    })),
  ];
  const columns = moverColumns(f);
  return (
    <>
      <p className="small text-muted mb-2">
        {data.asOf ? `As of ${f.date(data.asOf)}` : null}
        <StaleCount stale={data.stale} asOf={data.asOf} f={f} />
        <UniverseDemoBadge data={data} />
      </p>
      <IndexCards data={data} f={f} />
      <div className="row g-3">
        <section className="col-12 col-lg-4" aria-labelledby="breadth-title">
          <h2 className="h6" id="breadth-title">
            Breadth ({b.total} stocks)
          </h2>
          <EChart kinds={['pie']} option={breadthOption} label="Advancers, decliners and unchanged" height={200} />
          <BreadthSummary data={data} f={f} />
        </section>
        <section className="col-12 col-lg-8" aria-labelledby="sectors-title">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <h2 className="h6 mb-0" id="sectors-title">
              Sector performance{' '}
              <span className="small fw-normal text-muted" data-testid="sector-weighting">
                ({WEIGHTING_LABEL[data.sectorWeighting]})
              </span>
            </h2>
            <div className="btn-group btn-group-sm ms-auto" role="group" aria-label="Period">
              {PERIODS.map(([p, l]) => (
                <button
                  key={p}
                  type="button"
                  className={`btn ${p === period ? 'btn-primary' : 'btn-outline-primary'}`}
                  aria-pressed={p === period}
                  onClick={() => onPeriod(p)}
                >
                  {l}
                </button>
              ))}
            </div>
          </div>
          <EChart
            kinds={['line']}
            option={sectorOption}
            label={`Sector performance over ${period}`}
            height={Math.max(200, sectors.length * 24 + 40)}
          />
        </section>
      </div>
      <DataTable
        rows={data.sectors}
        columns={sectorColumns}
        rowKey={(r) => r.sector}
        caption={`Sector performance, ${WEIGHTING_LABEL[data.sectorWeighting]}`}
        filename="sectors.csv"
        testId="sector-table"
      />
      <div className="row g-3 mt-1">
        <section className="col-12 col-xl-4" aria-labelledby="gainers-title">
          <h2 className="h6" id="gainers-title">
            Top gainers
          </h2>
          <DataTable
            rows={data.gainers}
            columns={columns}
            rowKey={(r) => r.symbol}
            caption="Top gainers"
            filename="gainers.csv"
            pageSize={10}
            testId="gainers"
          />
        </section>
        <section className="col-12 col-xl-4" aria-labelledby="losers-title">
          <h2 className="h6" id="losers-title">
            Top losers
          </h2>
          <DataTable
            rows={data.losers}
            columns={columns}
            rowKey={(r) => r.symbol}
            caption="Top losers"
            filename="losers.csv"
            pageSize={10}
            testId="losers"
          />
        </section>
        <section className="col-12 col-xl-4" aria-labelledby="active-title">
          <h2 className="h6" id="active-title">
            Most active
          </h2>
          <DataTable
            rows={data.mostActive}
            columns={columns}
            rowKey={(r) => r.symbol}
            caption="Most active"
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
