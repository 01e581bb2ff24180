import { useTranslation } from 'react-i18next';
import type { GroupedAssetClass } from '@solstice/contracts';
import type { Formatters } from '../format';

/**
 * A class group's heading text: its name and its own as-of (data-providers.md §15.4), or "no
 * current data" when every instrument of it is stale.
 */
export function AssetGroupTitle({
  assetClass,
  asOf,
  f,
}: {
  assetClass: GroupedAssetClass;
  asOf: string | null;
  f: Formatters;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      {t(`assetGroups.${assetClass}`)}{' '}
      <span className="small fw-normal text-muted">
        ({asOf ? t('assetGroupDay.asOf', { date: f.date(asOf) }) : t('assetGroupDay.noCurrent')})
      </span>
    </>
  );
}
