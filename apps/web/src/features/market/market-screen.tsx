import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MarketOverviewResponse } from '@solstice/contracts';
import { useFormatters, type Formatters } from '../../shared/format';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView } from '../../shared/ui/states';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { TableSection } from '../../shared/tables/table-section';
import {
  addToWatchlistColumn,
  changeColumn,
  countColumn,
  nameColumn,
  symbolColumn,
  valueColumn,
} from '../../shared/tables/columns';
import { EChart } from '../../shared/charts/echart';
import { percentAxis } from '../../shared/charts/options';
import { DOWN, FLAT, UP, changeColor, changeRange } from '../../shared/charts/colors';
import { PERIODS, periodLabel, sectorName } from '../../shared/stats/periods';
import { periodColumn, sectorColumn } from '../../shared/tables/heatmap-columns';
import { i18n } from '../../shared/i18n/i18n';
import { BreadthSummary, IndexCards, UniverseDemoBadge, useMarketOverview } from '../../shared/ui/market-overview';
import { weightingLabel } from '../../shared/ui/weighting';
import { StaleCount } from '../../shared/ui/stale-count';
import { ChoiceButtons } from '../../shared/ui/choice-buttons';
import { AssetGroups } from './asset-groups';

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
      <QueryView
        query={overview}
        isEmpty={(d) => d.breadth.total === 0 && d.indices.length === 0 && d.assetGroups.length === 0}
        empty={t('empty')}
      >
        {(data) => <MarketResult data={data} f={f} period={period} onPeriod={(p) => setUrl({ period: p })} />}
      </QueryView>
    </div>
  );
}

function moverColumns(f: Formatters): Column<Mover>[] {
  return [
    symbolColumn(),
    nameColumn(),
    valueColumn('close', i18n.t('market:movers.close'), 'Close', (r) => r.close, f.number, 'USD'),
    changeColumn('change1d', i18n.t('common:table.change'), 'Change', (r) => r.change1d, f),
    valueColumn('volume', i18n.t('common:table.volume'), 'Volume', (r) => r.volume, f.compact),
    addToWatchlistColumn(),
  ];
}

/** The three lists of movers, each a table of its own (ids and file names as e2e tests know them). */
const MOVER_LISTS = [
  { list: 'gainers', title: 'movers.gainers', slug: 'gainers', section: 'gainers' },
  { list: 'losers', title: 'movers.losers', slug: 'losers', section: 'losers' },
  { list: 'mostActive', title: 'movers.mostActive', slug: 'most-active', section: 'active' },
] as const;

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
      xAxis: percentAxis(f),
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
    sectorColumn(),
    countColumn('count', t('sectors.stocks'), 'Stocks', (r) => r.count),
    ...PERIODS.map((p) => periodColumn(p, f)),
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
          {b.total > 0 ? (
            <EChart kinds={['pie']} option={breadthOption} label={t('breadth.chartLabel')} height={200} />
          ) : (
            // An empty ring would be drawn as three equal parts: say there is nothing to count.
            <p className="small text-muted" data-testid="breadth-none">
              {t('breadth.none')}
            </p>
          )}
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
            <ChoiceButtons
              label={t('sectors.period')}
              className="ms-auto"
              choices={PERIODS}
              value={period}
              onChoose={onPeriod}
              text={periodLabel}
            />
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
      <AssetGroups groups={data.assetGroups} f={f} />
      <div className="row g-3 mt-1">
        {MOVER_LISTS.map(({ list, title, slug, section }) => (
          <TableSection key={list} id={section} title={t(title)} className="col-12 col-xl-4">
            <DataTable
              rows={data[list]}
              columns={columns}
              rowKey={(r) => r.symbol}
              caption={t(title)}
              filename={`${slug}.csv`}
              pageSize={10}
              testId={slug}
            />
          </TableSection>
        ))}
      </div>
    </>
  );
}

export default MarketScreen;
