import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeatmapResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { useOpenSymbolDetails } from '../../shared/shell';
import { SymbolDemoBadge } from '../../shared/ui/instrument-header';
import { DataTable } from '../../shared/tables/data-table';
import { EChart } from '../../shared/charts/echart';
import { changeColor, changeRange } from '../../shared/charts/colors';
import { escapeHtml } from '../../shared/lib/escape-html';
import { weightingLabel } from '../../shared/ui/weighting';
import { StaleCount } from '../../shared/ui/stale-count';
import { useStagedParts } from '../../shared/ui/staged-parts';
import { periodLabel, sectorName, sizeLabel as sizeName } from '../../shared/stats/periods';
import {
  barRows,
  sparkSvg,
  tileLabelOption,
  TREEMAP_FRAME,
  headerLabel,
  treemapData,
  type TreeNode,
} from '../../shared/charts/treemap-data';
import { barColumns, gridColumns, seasonColumns } from '../../shared/tables/heatmap-columns';
import { AssetGroupMaps } from './asset-group-maps';

function Legend({ period, f }: { period: string; f: Formatters }) {
  const { t } = useTranslation('heatmaps');
  const range = changeRange(period);
  const label = periodLabel(period);
  return (
    <div
      className="d-flex align-items-center gap-2 small mb-2"
      data-testid="heatmap-legend"
      aria-label={t('legend.label', { period: label })}
    >
      <span>{t('legend.change', { period: label })}</span>
      <span>{f.percent(-range, 0)}</span>
      <span
        aria-hidden="true"
        style={{
          width: '10rem',
          height: '0.75rem',
          borderRadius: 2,
          background: `linear-gradient(to right, ${changeColor(-range, range)}, ${changeColor(0, range)}, ${changeColor(range, range)})`,
        }}
      />
      <span>{f.percent(range, 0)}</span>
    </div>
  );
}

export function HeatmapResult({
  data,
  sector,
  f,
  onSector,
}: {
  data: HeatmapResponse;
  sector: string | undefined;
  f: Formatters;
  onSector: (s: string | null) => void;
}) {
  const { t } = useTranslation('heatmaps');
  const openDetails = useOpenSymbolDetails();
  const range = changeRange(data.period);
  const sizeLabel = sizeName(data.size) ?? t('tooltip.size');
  const weighting = weightingLabel(data.size);
  const option = useMemo(
    () => ({
      tooltip: {
        formatter: (p: { data?: TreeNode; treePathInfo?: { name: string }[] }) => {
          const d = p.data;
          if (!d) return '';
          const title = d.symbol
            ? `<strong>${escapeHtml(d.symbol)}</strong> ${escapeHtml(d.fullName)}`
            : `<strong>${escapeHtml(d.name)}</strong>`;
          const sectorLine = d.sector && d.symbol ? `<br/>${escapeHtml(sectorName(d.sector))}` : '';
          const priceLines = d.symbol
            ? `<br/>${escapeHtml(t('tooltip.last'))}: ${escapeHtml(f.number(d.close))} · ${escapeHtml(t('tooltip.volume'))}: ${escapeHtml(f.compact(d.volume))}`
            : '';
          const spark = d.symbol && d.spark ? `<br/>${sparkSvg(d.spark)}` : '';
          return `${title}<br/>${escapeHtml(t('tooltip.change'))}: ${escapeHtml(f.percent(d.change))}${priceLines}<br/>${escapeHtml(sizeLabel)}: ${escapeHtml(f.compact(d.value))}${sectorLine}${spark}`;
        },
      },
      series: [
        {
          ...TREEMAP_FRAME,
          name: sector ? sectorName(sector) : t('filters.allSectors'),
          label: tileLabelOption(f),
          // the header strip is drawn on the parent's border colour: dark text on a light strip
          upperLabel: {
            show: true,
            height: 20,
            color: '#212529',
            fontWeight: 'bold',
            overflow: 'truncate',
            formatter: (p: { data: TreeNode }) => headerLabel(p.data, f),
          },
          levels: [
            { itemStyle: { borderColor: '#dee2e6', borderWidth: 2, gapWidth: 2 } },
            { itemStyle: { borderColor: '#f1f3f5', borderWidth: 1, gapWidth: 1 } },
            { itemStyle: { gapWidth: 1 } },
          ],
          data: treemapData(data.tree, range, sector),
        },
      ],
    }),
    [data, sector, range, f, sizeLabel, t],
  );
  const onClick = (params: unknown) => {
    const d = (params as { data?: TreeNode }).data;
    if (!d) return;
    if (d.symbol) openDetails?.(d.symbol);
    else if (!sector && d.sector) onSector(d.sector);
  };
  // The map first (what is in view), then the sector tables, then the seasonality grid: each
  // drawn in a task of its own once the one before has been painted.
  const parts = useStagedParts(3);
  const rows = barRows(data.tree, sector);
  const maxAbs = Math.max(...rows.map((r) => Math.abs(r.change ?? 0)), 1e-9);
  const columns = barColumns(f, sector, range, maxAbs, onSector);
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        {data.asOf ? <span className="small text-muted">{t('asOf', { date: f.date(data.asOf) })}</span> : null}
        <StaleCount stale={data.stale} asOf={data.asOf} f={f} />
        <SymbolDemoBadge symbol={data.tree.children[0]?.children[0]?.children[0]?.symbol} />
        {sector ? (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onSector(null)}>
            {t('backToAll')}
          </button>
        ) : null}
        {sector ? <strong className="small">{sectorName(sector)}</strong> : null}
      </div>
      <Legend period={data.period} f={f} />
      {/* a list of only other classes has no sector to map, only their groups */}
      {sector || data.tree.children.length > 0 ? (
        <EChart
          kinds={['treemap']}
          option={option}
          label={sector ? t('map.label', { sector: sectorName(sector) }) : t('map.labelAll')}
          height={560}
          onEvent={{ click: onClick }}
        />
      ) : null}
      {sector ? null : <AssetGroupMaps groups={data.assetGroups ?? []} period={data.period} f={f} />}
      {parts >= 2 ? (
        <div className="row g-3">
          <div className="col-12 col-lg-4">
            <h2 className="h6">
              {sector ? t('bars.sectorTitle', { sector: sectorName(sector) }) : t('bars.title', { weighting })}
            </h2>
            <DataTable
              rows={rows}
              columns={columns}
              rowKey={(r) => r.key}
              caption={t('bars.caption')}
              filename={`heatmap-${data.period}${sector ? `-${sector}` : ''}.csv`}
              pageSize={15}
              testId="heatmap-bars"
            />
          </div>
          <div className="col-12 col-lg-8">
            <h2 className="h6" data-testid="sector-grid-title">
              {t('grid.title', { weighting })}
            </h2>
            <DataTable
              rows={data.sectors}
              columns={gridColumns(f)}
              rowKey={(r) => r.sector}
              caption={t('grid.caption', { weighting })}
              filename="sector-periods.csv"
              testId="sector-grid"
            />
          </div>
        </div>
      ) : null}
      {parts >= 3 && data.seasonality.length ? (
        <>
          <h2 className="h6 mt-3">{t('seasonality.title')}</h2>
          <p className="small text-muted mb-1">{t('seasonality.note')}</p>
          <DataTable
            rows={data.seasonality}
            columns={seasonColumns(f)}
            rowKey={(r) => r.symbol}
            caption={t('seasonality.caption')}
            filename="seasonality-grid.csv"
            pageSize={20}
            testId="seasonality-grid"
          />
        </>
      ) : null}
    </>
  );
}
