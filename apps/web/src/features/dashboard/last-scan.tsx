import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useAppStore } from '../../shared/store/app-store';
import { SymbolLink } from '../../shared/ui/symbol-link';
import { EmptyState } from '../../shared/ui/states';

/** How many of the last scan's symbols the dashboard lists. */
export const LAST_SCAN_SHOWN = 12;

/**
 * The scanner list (specification §3 scanlist): the symbols of the last scan run in the
 * scanner, kept across visits, each opening its details; an item is removed by its index.
 */
export function LastScan() {
  const { t } = useTranslation('dashboard');
  const scanlist = useAppStore((s) => s.scanlist);
  const remove = useAppStore((s) => s.removeScanlistItem);
  if (scanlist.length === 0) {
    return (
      <EmptyState>
        <Trans t={t} i18nKey="lastScan.empty" components={{ anchor: <Link to="/scanner" /> }} />
      </EmptyState>
    );
  }
  return (
    <>
      <p className="small text-muted mb-1">
        {t('lastScan.count', { count: scanlist.length })} · <Link to="/scanner">{t('lastScan.open')}</Link>
      </p>
      <ul className="list-inline mb-0" data-testid="last-scan">
        {scanlist.slice(0, LAST_SCAN_SHOWN).map((item, index) => (
          <li key={item.symbol} className="list-inline-item me-3">
            <SymbolLink symbol={item.symbol} />
            <button
              type="button"
              className="btn-close last-scan__remove ms-1 align-middle"
              aria-label={t('lastScan.remove', { symbol: item.symbol })}
              onClick={() => remove(index)}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
