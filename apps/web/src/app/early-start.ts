import type { QueryClient } from '@tanstack/react-query';
import { fetchSession } from '../auth/session';
import { wantAllTexts } from '../i18n/i18n';
import { paths } from './paths';
import { pageOf, prefetchRoute } from './route-modules';
import { prefetchLayout } from './routes';

/**
 * What the first page will wait for, asked before the texts load and the router starts: its
 * chunk always; for a signed-in page also the session (GET /api/me, which its guard then finds
 * in the query cache), the signed-in frame's chunk, and every namespace's texts in the first
 * load. Until then these went one after another (Lighthouse on /dashboard, issue 18).
 */
export function startEarly(pathname: string, queryClient: QueryClient): void {
  const page = pageOf(pathname);
  if (!page) return;
  prefetchRoute(page);
  if (page === paths.home) return;
  wantAllTexts();
  prefetchLayout();
  // A failure here is not reported: the guard asks again and handles it.
  fetchSession(queryClient).catch(() => {});
}
