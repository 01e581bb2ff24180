import { useTranslation } from 'react-i18next';
import type { AssetClass } from '@solstice/contracts';

/**
 * What a future's prices are (data-providers.md §15.5): Yahoo's front-month contract as it
 * maps it on each date, never adjusted, so a roll to the next contract can show as a gap.
 * Nothing for any other class.
 */
export function FrontMonthNotice({ assetClass }: { assetClass: AssetClass | undefined }) {
  const { t } = useTranslation('common');
  if (assetClass !== 'future') return null;
  return (
    <p className="small text-muted mb-2 w-100" data-testid="front-month-notice">
      {t('states.frontMonth')}
    </p>
  );
}
