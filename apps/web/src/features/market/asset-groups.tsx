import { useTranslation } from 'react-i18next';
import type { MarketOverviewResponse } from '@solstice/contracts';
import type { Formatters } from '../../shared/format';
import { formatInstrumentPrice } from '../../shared/price';
import { DataTable, type Column } from '../../shared/tables/data-table';
import { TableSection } from '../../shared/tables/table-section';
import { i18n } from '../../shared/i18n/i18n';
import { AssetGroupTitle } from '../../shared/ui/asset-group-title';
import { StaleCount } from '../../shared/ui/stale-count';
import { addToWatchlistColumn, changeColumn, nameColumn, symbolColumn, valueColumn } from '../../shared/tables/columns';

type Group = MarketOverviewResponse['assetGroups'][number];
type Row = Group['instruments'][number];

/** Column labels through i18n.t, as the movers' (the CSV keeps English headers). */
function groupColumns(assetClass: Group['assetClass'], f: Formatters): Column<Row>[] {
  return [
    symbolColumn(),
    nameColumn(),
    {
      ...valueColumn('close', i18n.t('market:groups.price'), 'Close', (r) => r.close, f.number),
      // the price with its own currency (the generic value column knows only the number)
      text: (r) => formatInstrumentPrice(r.close, { currency: r.currency, assetClass }, f),
    },
    changeColumn('change1d', i18n.t('common:table.change'), 'Change', (r) => r.change1d, f),
    {
      key: 'asOf',
      label: i18n.t('market:groups.lastBar'),
      csvLabel: 'Last bar',
      sortValue: (r) => r.asOf,
      text: (r) => f.date(r.asOf),
    },
    addToWatchlistColumn(),
  ];
}

/**
 * Indexes, futures, currencies and crypto after the equity sectors, each group under its own
 * as-of with its stale instruments counted (they are not listed).
 */
export function AssetGroups({ groups, f }: { groups: MarketOverviewResponse['assetGroups']; f: Formatters }) {
  const { t } = useTranslation(['market', 'common']);
  return (
    <>
      {groups.map((group) => {
        const name = t(`common:assetGroups.${group.assetClass}`);
        const columns = groupColumns(group.assetClass, f);
        return (
          <TableSection
            key={group.assetClass}
            id={`group-${group.assetClass}`}
            title={<AssetGroupTitle assetClass={group.assetClass} asOf={group.asOf} f={f} />}
          >
            {group.stale > 0 ? (
              <p className="small mb-1">
                <StaleCount stale={group.stale} asOf={group.asOf} f={f} group />
              </p>
            ) : null}
            {group.instruments.length > 0 ? (
              <DataTable
                rows={group.instruments}
                columns={columns}
                rowKey={(r) => r.symbol}
                caption={t('groups.caption', { group: name })}
                filename={`${group.assetClass}.csv`}
                testId={`group-${group.assetClass}`}
              />
            ) : (
              <p className="small text-muted" data-testid={`group-${group.assetClass}-empty`}>
                {t('common:assetGroupDay.allStale')}
              </p>
            )}
          </TableSection>
        );
      })}
    </>
  );
}
