import { useTranslation } from 'react-i18next';
import { Field } from './fields';
import { useInstrument } from './instrument-header';
import type { Bound } from './seasonality-form';
import { adjusted } from './roll-adjust-query';

/**
 * The roll adjustment of a seasonality form, shown only when the symbol on screen is a future
 * (other classes have no rolls, and the server ignores it for them). The instrument is the one
 * the result's header asks for: no request of its own before the tool has answered.
 */
export function RollAdjustField({ id, symbol, value, onChange }: { id: string; symbol: string | undefined } & Bound) {
  const { t } = useTranslation('evidence');
  const instrument = useInstrument(symbol, false);
  if (instrument.data?.assetClass !== 'future') return null;
  return (
    <Field id={id} label={t('rollAdjust.label')} hint={t('rollAdjust.hint')}>
      <select
        id={id}
        className="form-select form-select-sm"
        aria-describedby={`${id}-hint`}
        value={adjusted(value) ?? ''}
        onChange={onChange}
      >
        <option value="">{t('rollAdjust.modes.none')}</option>
        <option value="ratio">{t('rollAdjust.modes.ratio')}</option>
        <option value="difference">{t('rollAdjust.modes.difference')}</option>
      </select>
    </Field>
  );
}
