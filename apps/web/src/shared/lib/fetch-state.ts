import { create } from 'zustand';

/** Minimum time the loading overlay stays up once shown, so it does not flicker. */
export const MIN_DISPLAY_MS = 200;

export interface FetchState {
  /** Requests in flight that show the overlay. */
  pending: number;
  /** Message of the last failed request, null after a success. */
  error: string | null;
  /** When the last request started or ended (epoch ms). */
  timestamp: number;
  /** Whether the overlay is visible (stays up MIN_DISPLAY_MS after it appeared). */
  visible: boolean;
  shownAt: number;
}

export const useFetchState = create<FetchState>()(() => ({
  pending: 0,
  error: null,
  timestamp: 0,
  visible: false,
  shownAt: 0,
}));

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Called before every request that shows the overlay. */
export function requestStarted(): void {
  clearTimeout(hideTimer);
  const now = Date.now();
  useFetchState.setState((s) => ({
    pending: s.pending + 1,
    timestamp: now,
    visible: true,
    shownAt: s.visible ? s.shownAt : now,
  }));
}

/** Called when such a request finished or failed. */
export function requestEnded(error: string | null = null): void {
  const now = Date.now();
  useFetchState.setState((s) => ({ pending: Math.max(0, s.pending - 1), timestamp: now, error }));
  const { pending, shownAt } = useFetchState.getState();
  if (pending > 0) return;
  const wait = Math.max(0, shownAt + MIN_DISPLAY_MS - now);
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => {
    if (useFetchState.getState().pending === 0) useFetchState.setState({ visible: false });
  }, wait);
}

export function resetFetchState(): void {
  clearTimeout(hideTimer);
  useFetchState.setState({ pending: 0, error: null, timestamp: 0, visible: false, shownAt: 0 });
}
