import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetchState } from '../lib/fetch-state';
import { useAppStore } from '../store/app-store';

// Lottie is not in the entry chunk; its chunk loads after the overlay first hid (below).
const loadAnimation = () => import('./lottie-spinner');
const LottieSpinner = lazy(loadAnimation);

/** Whether the animation's chunk has arrived (for every overlay after that, in this page). */
let animationLoaded = false;
let animationRequested: Promise<void> | null = null;

/**
 * The animation (a 47 KB chunk) is fetched once the app's first page is on screen and the overlay
 * has hidden once: until then (the page's first load) it shows the CSS spinner, and the chunk does
 * not compete with that page's own chunks and data (Lighthouse on /dashboard, issue 18).
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
  const [animated, setAnimated] = useState(animationLoaded);
  const shown = useRef(false);
  useEffect(() => setShow('lottie', visible), [visible, setShow]);
  useEffect(() => {
    if (visible) shown.current = true;
    if (visible || !shown.current || !pageShown || animated) return;
    // After the page's next paint.
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => void fetchAnimation().then(() => current && animationLoaded && setAnimated(true)));
    });
    return () => {
      current = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [visible, pageShown, animated]);
  if (!visible) return null;
  const spinner = <div className="loading-overlay__fallback spinner-border text-primary" />;
  return (
    <div className="loading-overlay" data-testid="loading-overlay" role="status" aria-live="polite">
      {animated ? (
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
