import { useAppStore } from '../shared/store/app-store';

/** Whether the page is in front: a hidden tab does no background work. */
export const pageVisible = (): boolean => typeof document === 'undefined' || document.visibilityState === 'visible';

/** Keeps the store's `active` flag (specification §3) equal to the page's visibility. */
export function trackPageActivity(): () => void {
  const update = () => useAppStore.getState().setActive(pageVisible());
  update();
  document.addEventListener('visibilitychange', update);
  return () => document.removeEventListener('visibilitychange', update);
}
