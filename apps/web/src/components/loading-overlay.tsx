import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetchState } from '../lib/fetch-state';
import { useAppStore } from '../store/app-store';

// Lottie is loaded with the first request, not with the landing page.
const LottieSpinner = lazy(() => import('./lottie-spinner'));

/** Shown before every request and hidden when it finishes or fails (at least 200 ms). */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const visible = useFetchState((s) => s.visible);
  const setShow = useAppStore((s) => s.setShow);
  useEffect(() => setShow('lottie', visible), [visible, setShow]);
  if (!visible) return null;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      <Suspense fallback={<div className="loading-overlay__fallback spinner-border text-primary" />}>
        <LottieSpinner />
      </Suspense>
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
