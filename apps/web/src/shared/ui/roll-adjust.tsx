import { useTranslation } from 'react-i18next';
import type { RollAdjustMode } from '@solstice/contracts';
import { Field } from './fields';
import { useInstrument } from './instrument-header';
import type { Bound } from './seasonality-form';

/** The back-adjustments of a future's roll gaps (data-providers.md §15.5); empty in a form or URL is none. */
const ROLL_ADJUST_MODES = ['ratio', 'difference'] as const satisfies readonly RollAdjustMode[];
type Adjusted = (typeof ROLL_ADJUST_MODES)[number];

const adjusted = (value: string | undefined): Adjusted | undefined => ROLL_ADJUST_MODES.find((mode) => mode === value);

/** A URL's roll adjustment as a query field: only when it adjusts (the API's default is none). */
export function rollAdjustQuery(value: string | undefined): { rollAdjust?: Adjusted } {
  const mode = adjusted(value);
  return mode ? { rollAdjust: mode } : {};
}

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
