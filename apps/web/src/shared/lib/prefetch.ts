/** Specification §2/§9: prefetch links when idle, within 2000 ms, except on slow or saving connections. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function canPrefetch(nav: Navigator = navigator): boolean {
  if (!nav.onLine) return false;
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && connection.effectiveType.includes('2g')) return false;
  return true;
}

/** Runs `work` when the browser is idle (at the latest after 2000 ms). */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
}
