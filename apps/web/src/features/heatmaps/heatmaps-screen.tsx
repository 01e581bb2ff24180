import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../shared/api';
import { useFormatters } from '../../shared/format';
import { useWatchlists } from '../../shared/shell';
import { useUrlState } from '../../shared/ui/url-state';
import { QueryView } from '../../shared/ui/states';
import { SelectField } from '../../shared/select-field';
import { PERIODS, SIZES, periodLabel, sectorName, sizeLabel } from '../../shared/stats/periods';
import { HeatmapResult } from './heatmap-result';

const KEYS = ['period', 'size', 'universe', 'sector'] as const;

export function HeatmapsScreen() {
  const { t } = useTranslation('heatmaps');
  const f = useFormatters();
  const watchlists = useWatchlists();
  const [url, setUrl] = useUrlState(KEYS);
  const period = url.period ?? '1d';
  // the API's default: market caps are often unknown in imported data
  const size = url.size ?? 'dollarvolume';
  const universe = url.universe ?? 'all';
  const sector = url.sector || undefined;
  const query = useQuery({
    queryKey: ['heatmap', period, size, universe],
    queryFn: () => apiGet('heatmap', { query: { period, size, universe } }),
  });
  // Offer only the sizes the data has (no market caps in most imported data).
  const offered: readonly string[] = query.data?.sizes ?? ['dollarvolume', 'equal'];
  const unavailable = query.data !== undefined && !offered.includes(size);
  const universes = [
    { value: 'all', label: t('filters.allStocks') },
    ...watchlists
      .filter((w) => w.symbols.length > 0)
      .map((w) => ({ value: w.symbols.map((s) => s.sym).join(','), label: t('filters.watchlist', { name: w.name }) })),
  ];
  if (!universes.some((u) => u.value === universe)) universes.push({ value: universe, label: universe });

  return (
    <div className="container-fluid py-3" data-testid="heatmaps-screen">
      <h1 className="h4">{t('title')}</h1>
      <div className="row g-2 align-items-end mb-2">
        <SelectField
          id="hm-period"
          label={t('filters.period')}
          value={period}
          options={PERIODS.map((v) => ({ value: v, label: periodLabel(v) }))}
          onChange={(v) => setUrl({ period: v })}
        />
        <SelectField
          id="hm-size"
          label={t('filters.sizeBy')}
          value={size}
          options={SIZES.filter((v) => offered.includes(v) || v === size).map((v) => ({
            value: v,
            label: sizeLabel(v) ?? '',
          }))}
          onChange={(v) => setUrl({ size: v })}
        />
        <SelectField
          id="hm-universe"
          label={t('filters.universe')}
          className="col-12 col-md-4 col-lg-3"
          value={universe}
          options={universes}
          onChange={(v) => setUrl({ universe: v, sector: null })}
        />
        {query.data ? (
          <SelectField
            id="hm-sector"
            label={t('filters.sector')}
            className="col-12 col-md-4 col-lg-3"
            value={sector ?? ''}
            options={[
              { value: '', label: t('filters.allSectors') },
              ...query.data.tree.children.map((s) => ({ value: s.name, label: sectorName(s.name) })),
            ]}
            onChange={(v) => setUrl({ sector: v })}
          />
        ) : null}
      </div>
      {unavailable ? (
        <div className="alert alert-warning small d-flex flex-wrap align-items-center gap-2" role="status">
          {t('noMarketCaps')}
          <button type="button" className="btn btn-sm btn-outline-dark" onClick={() => setUrl({ size: null })}>
            {t('sizeByDollarVolume')}
          </button>
        </div>
      ) : null}
      <QueryView
        query={query}
        isEmpty={(d) => d.tree.children.length === 0 && !d.assetGroups?.length}
        empty={unavailable ? t('emptyMarketCap') : t('empty')}
      >
        {(data) => <HeatmapResult data={data} sector={sector} f={f} onSector={(s) => setUrl({ sector: s })} />}
      </QueryView>
    </div>
  );
}

export default HeatmapsScreen;
