import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeatmapResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { useOpenSymbolDetails } from '../../shared/shell';
import { EChart } from '../../shared/charts/echart';
import { changeRange } from '../../shared/charts/colors';
import { escapeHtml } from '../../shared/lib/escape-html';
import { AssetGroupTitle } from '../../shared/ui/asset-group-title';
import { StaleCount } from '../../shared/ui/stale-count';
import {
  leafTreemapData,
  sparkSvg,
  tileLabelOption,
  TREEMAP_FRAME,
  type TreeNode,
} from '../../shared/charts/treemap-data';

type Group = NonNullable<HeatmapResponse['assetGroups']>[number];

/**
 * The other classes after the equity sectors' map: a map per class under its own as-of, its
 * stale instruments counted (not drawn).
 */
export function AssetGroupMaps({ groups, period, f }: { groups: readonly Group[]; period: string; f: Formatters }) {
  const { t } = useTranslation('heatmaps');
  if (groups.length === 0) return null;
  return (
    <div className="mt-3" data-testid="heatmap-groups">
      <p className="small text-muted mb-1">{t('groups.note')}</p>
      {groups.map((group) => (
        <AssetGroupMap key={group.assetClass} group={group} period={period} f={f} />
      ))}
    </div>
  );
}

function AssetGroupMap({ group, period, f }: { group: Group; period: string; f: Formatters }) {
  const { t } = useTranslation(['heatmaps', 'common']);
  const openDetails = useOpenSymbolDetails();
  const name = t(`common:assetGroups.${group.assetClass}`);
  const id = `heatmap-group-${group.assetClass}`;
  const option = useMemo(() => {
    const range = changeRange(period);
    return {
      tooltip: {
        formatter: (p: { data?: TreeNode }) => {
          const d = p.data;
          if (!d?.symbol) return '';
          const volume =
            d.volume === null || d.volume === undefined
              ? ''
              : ` · ${escapeHtml(t('tooltip.volume'))}: ${escapeHtml(f.compact(d.volume))}`;
          const spark = d.spark ? `<br/>${sparkSvg(d.spark)}` : '';
          return `<strong>${escapeHtml(d.symbol)}</strong> ${escapeHtml(d.fullName)}<br/>${escapeHtml(t('tooltip.change'))}: ${escapeHtml(f.percent(d.change))}<br/>${escapeHtml(t('tooltip.last'))}: ${escapeHtml(f.number(d.close))}${volume}${spark}`;
        },
      },
      series: [
        {
          ...TREEMAP_FRAME,
          name,
          label: tileLabelOption(f),
          levels: [{ itemStyle: { gapWidth: 1 } }],
          data: leafTreemapData(group.children, range),
        },
      ],
    };
  }, [group, period, f, name, t]);
  const onClick = (params: unknown) => {
    const d = (params as { data?: TreeNode }).data;
    if (d?.symbol) openDetails?.(d.symbol);
  };
  return (
    <section className="mb-3" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 className="h6 mb-1" id={`${id}-title`}>
        <AssetGroupTitle assetClass={group.assetClass} asOf={group.asOf} f={f} />
      </h2>
      {group.stale > 0 ? (
        <p className="small mb-1">
          <StaleCount stale={group.stale} asOf={group.asOf} f={f} group />
        </p>
      ) : null}
      {group.children.length > 0 ? (
        <EChart
          kinds={['treemap']}
          option={option}
          label={t('map.labelGroup', { group: name })}
          height={group.children.length > 12 ? 320 : 180}
          onEvent={{ click: onClick }}
        />
      ) : (
        <p className="small text-muted">{t('common:assetGroupDay.allStale')}</p>
      )}
    </section>
  );
}
