import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/ui/fields';
import type { Bound } from '../../shared/ui/seasonality-form';

/**
 * The shortest and longest window in days of the seasonality scanner's two forms (a date range
 * and "Starting soon"): `<idPrefix>-min-days`, `<idPrefix>-max-days`.
 */
export function DayRangeFields({
  idPrefix,
  errors,
  minDays,
  maxDays,
}: {
  idPrefix: string;
  errors: { minDays?: string | undefined; maxDays?: string | undefined };
  minDays: Bound;
  maxDays: Bound;
}) {
  const { t } = useTranslation('seascan');
  return (
    <>
      <TextField
        id={`${idPrefix}-min-days`}
        label={t('form.minDays')}
        error={errors.minDays}
        inputMode="numeric"
        {...minDays}
      />
      <TextField
        id={`${idPrefix}-max-days`}
        label={t('form.maxDays')}
        error={errors.maxDays}
        inputMode="numeric"
        {...maxDays}
      />
    </>
  );
}
