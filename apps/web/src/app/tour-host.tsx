import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { SESSION_QUERY_KEY, SESSION_STALE_MS, loadSession, type Session } from '../shared/auth/session';
import { withChunkReload } from './chunk-reload';
import { paths } from '../shared/paths';
import { pageOf } from './route-modules';
import { useAppStore } from '../shared/store/app-store';
import { removePrerenderedTour } from '../shared/prerender-id';

type Router = ReturnType<typeof createBrowserRouter>;

// Its chunk is the signed-in frame's (help-menu imports the tour too), which main.tsx starts
// loading on a signed-in page's first load. Not React.lazy: React may hold back what a Suspense
// boundary reveals by up to 300 ms after its fallback, and the tour would show later.
let loaded: ComponentType | null = null;
let loading: Promise<ComponentType | null> | null = null;
const importTutorial = withChunkReload(() => import('../shared/components/tutorial'));
function loadTutorial(): Promise<ComponentType | null> {
  loading ??= importTutorial().then(
    (module) => (loaded = module.Tutorial),
    () => {
      // A chunk that cannot load leaves the tour out (and the server's first step with it).
      loading = null;
      removePrerenderedTour();
      return null;
    },
  );
  return loading;
}

/** Whether the router is on a signed-in page of the app (not `/`, a 404 or the error page). */
function onAppPage(router: Router): boolean {
  const page = pageOf(router.state.location.pathname);
  return page !== null && page !== paths.home && router.state.errors === null;
}

/**
 * The first-run tour, beside the router rather than inside the signed-in frame: it opens as
 * soon as the server has confirmed the session (the guard's /api/me, which tells whether the
 * account has seen it), while the page's chunks, texts and data are still loading. It was the
 * dashboard's largest paint and waited for all of them (Lighthouse on /dashboard, issue 18).
 * Only on a signed-in page, only with a session this page load has confirmed (the stored
 * user may be stale), as it was inside the frame. The server sends an account that has not
 * seen the tour its first step in the page (http/web-pages.ts): that stays until the tour
 * opens (Tutorial takes it away) or goes as soon as it is clear the tour will not.
 */
export function TourHost({ router }: { router: Router }) {
  const { data: session } = useQuery<Session | null>({
    queryKey: SESSION_QUERY_KEY,
    queryFn: loadSession,
    staleTime: SESSION_STALE_MS,
    // Read only: the route guards ask the server; this follows their answer.
    enabled: false,
  });
  const appPage = useSyncExternalStore(
    (onChange) => router.subscribe(onChange),
    () => onAppPage(router),
  );
  const wanted = Boolean(session) && appPage;
  const seen = useAppStore((s) => s.tutorialSeen);
  const due = wanted && !seen;
  useEffect(() => {
    if (!due && (session !== undefined || !appPage)) removePrerenderedTour();
  }, [due, session, appPage]);
  const [Tutorial, setTutorial] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (!wanted || Tutorial) return;
    let current = true;
    void loadTutorial().then((component) => current && component && setTutorial(() => component));
    return () => {
      current = false;
    };
  }, [wanted, Tutorial]);
  return wanted && Tutorial ? <Tutorial /> : null;
}
