import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../shared/lib/brand';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className="app-footer" data-testid="footer">
      <span>{t('footer.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}</span>
      <span className="text-muted">{t('footer.notAdvice')}</span>
    </footer>
  );
}
