import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/ui/fields';
import type { Bound } from '../../shared/ui/seasonality-form';

const DAY_RANGE = [
  ['minDays', 'min-days'],
  ['maxDays', 'max-days'],
] as const;

/**
 * The shortest and longest window in days of the seasonality scanner's two forms (a date range
 * and "Starting soon"): `<idPrefix>-min-days`, `<idPrefix>-max-days`.
 */
export function DayRangeFields({
  idPrefix,
  errors,
  bound,
}: {
  idPrefix: string;
  errors: { minDays?: string | undefined; maxDays?: string | undefined };
  bound: { minDays: Bound; maxDays: Bound };
}) {
  const { t } = useTranslation('seascan');
  return (
    <>
      {DAY_RANGE.map(([key, id]) => (
        <TextField
          key={key}
          id={`${idPrefix}-${id}`}
          label={t(`form.${key}`)}
          error={errors[key]}
          inputMode="numeric"
          {...bound[key]}
        />
      ))}
    </>
  );
}
