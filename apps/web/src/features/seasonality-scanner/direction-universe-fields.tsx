import { useTranslation } from 'react-i18next';
import { ASSET_CLASSES } from '@solstice/contracts';
import { useWatchlists } from '../../shared/shell';
import { SelectField } from '../../shared/select-field';
import { SECTORS } from '../../shared/ui/sectors';

/**
 * The direction and universe choices of the seasonality scanner's two forms (a date range and
 * "Starting soon"): every instrument, a sector, a watchlist with symbols, or the symbols the
 * URL already holds; and of those, every asset class or one (or the classes the URL holds).
 */
export function DirectionUniverseFields<F extends { direction: string; universe: string; assetClass: string }>({
  idPrefix,
  form,
  setForm,
}: {
  idPrefix: string;
  form: F;
  setForm: (update: (form: F) => F) => void;
}) {
  const { direction, universe, assetClass } = form;
  const { t } = useTranslation('seascan');
  const { t: tc } = useTranslation('common');
  const watchlists = useWatchlists();
  const universeOptions: { value: string; label: string }[] = [
    { value: 'all', label: t('form.allInstruments') },
    ...SECTORS.map((s) => ({ value: `sector:${s}`, label: t('form.sector', { sector: tc(`sectors.${s}`) }) })),
    ...watchlists
      .filter((w) => w.symbols.length > 0)
      .map((w) => ({ value: w.symbols.map((s) => s.sym).join(','), label: t('form.watchlist', { name: w.name }) })),
  ];
  if (!universeOptions.some((o) => o.value === universe))
    universeOptions.push({ value: universe, label: t('form.symbols', { symbols: universe }) });
  const classOptions: { value: string; label: string }[] = [
    { value: '', label: t('form.allClasses') },
    ...ASSET_CLASSES.map((c) => ({ value: c, label: tc(`assetClasses.${c}`) })),
  ];
  if (!classOptions.some((o) => o.value === assetClass))
    classOptions.push({ value: assetClass, label: t('form.classes', { classes: assetClass }) });
  return (
    <>
      <SelectField
        id={`${idPrefix}-direction`}
        label={t('form.direction')}
        value={direction}
        options={(['long', 'short', 'both'] as const).map((v) => ({ value: v, label: t(`form.${v}`) }))}
        onChange={(d) => setForm((v) => ({ ...v, direction: d }))}
      />
      <SelectField
        id={`${idPrefix}-universe`}
        label={t('form.universe')}
        className="col-12 col-md-4 col-lg-3"
        value={universe}
        options={universeOptions}
        onChange={(u) => setForm((v) => ({ ...v, universe: u }))}
      />
      <SelectField
        id={`${idPrefix}-asset-class`}
        label={t('form.assetClass')}
        value={assetClass}
        options={classOptions}
        onChange={(c) => setForm((v) => ({ ...v, assetClass: c }))}
      />
    </>
  );
}
