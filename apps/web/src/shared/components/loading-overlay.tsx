import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetchState } from '../lib/fetch-state';
import { useAppStore } from '../store/app-store';

// Lottie is not in the entry chunk; its chunk loads with the first overlay after the page (below).
const loadAnimation = () => import('./lottie-spinner');
const LottieSpinner = lazy(loadAnimation);

/** Whether the animation's chunk has arrived (for every overlay after that, in this page). */
let animationLoaded = false;
let animationRequested: Promise<void> | null = null;

/**
 * The animation (a 47 KB chunk) is fetched by the first overlay shown after the app's first
 * page is on screen: not while that page loads (its chunks and data come first), and not on
 * its own after the page either, where its evaluation was one more long task in the page's
 * first seconds (Lighthouse's blocking time on /dashboard, issue 18). Until it arrives the
 * overlay shows the CSS spinner.
 */
export function fetchAnimation(): Promise<void> {
  animationRequested ??= loadAnimation().then(
    () => void (animationLoaded = true),
    () => void (animationRequested = null), // offline: the spinner stays, a later overlay tries again
  );
  return animationRequested;
}

export interface LoadingOverlayProps {
  /** Whether the app has drawn its first page (the router's first navigation has ended). */
  pageShown?: boolean;
}

/** Shown before every request and hidden when it finishes or fails (at least 200 ms). */
export function LoadingOverlay({ pageShown = true }: LoadingOverlayProps) {
  const { t } = useTranslation('common');
  const visible = useFetchState((s) => s.visible);
  const setShow = useAppStore((s) => s.setShow);
  useEffect(() => setShow('lottie', visible), [visible, setShow]);
  useEffect(() => {
    if (visible && pageShown && !animationLoaded) void fetchAnimation();
  }, [visible, pageShown]);
  if (!visible) return null;
  const spinner = <div className="loading-overlay__fallback spinner-border text-primary" />;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      {/* read as the overlay renders: an overlay that fetched the chunk keeps its spinner (no swap mid-wait) */}
      {animationLoaded ? (
        <Suspense fallback={spinner}>
          <LottieSpinner />
        </Suspense>
      ) : (
        spinner
      )}
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
