import { useEffect, useSyncExternalStore } from 'react';
import type { createBrowserRouter } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProgressController } from './progress';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Connects the router's navigation state to a progress controller. */
export function trackNavigation(router: AppRouter, progress: ProgressController): () => void {
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') progress.start();
    else if (state.errors) progress.fail();
    else progress.finish();
  });
}

/** The thin bar at the top: black while loading, red when the navigation failed. */
export function ProgressBar({ router, progress }: { router: AppRouter; progress: ProgressController }) {
  const { t } = useTranslation('shell');
  useEffect(() => trackNavigation(router, progress), [router, progress]);
  const state = useSyncExternalStore(progress.subscribe, progress.getState);
  return (
    <div
      className="progress-bar-top"
      data-testid="progress-bar"
      data-phase={state.phase}
      role="progressbar"
      aria-label={t('pageLoading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.percent)}
      hidden={!state.visible}
      style={{
        width: `${state.percent}%`,
        backgroundColor: state.phase === 'failed' ? '#ff0000' : '#000000',
      }}
    />
  );
}
