import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError, withChunkReload } from './chunk-reload';
import { PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS, PROGRESS_TICK_MS, ProgressController } from './progress';
import { canPrefetch } from '../shared/lib/prefetch';
import { OfflineNotice } from '../shared/components/offline-notice';
import { LoadingOverlay } from '../shared/components/loading-overlay';
import { requestEnded, requestStarted, resetFetchState } from '../shared/lib/fetch-state';
import { useAppStore } from '../shared/store/app-store';

describe('chunk reload guard', () => {
  it('recognises failed lazy imports', () => {
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const reload = vi.fn();
    expect(reloadForChunkError(1_000_000, reload)).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForChunkError(1_059_999, reload)).toBe(false);
    expect(reloadForChunkError(1_060_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('rethrows when a reload was already done', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const load = withChunkReload(() => Promise.reject(new Error('Loading chunk 3 failed.')));
    await expect(load()).rejects.toThrow('Loading chunk 3 failed.');
    const other = withChunkReload(() => Promise.reject(new Error('boom')));
    await expect(other()).rejects.toThrow('boom');
  });
});

describe('progress controller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays hidden for navigations shorter than the throttle', () => {
    const p = new ProgressController();
    p.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS - 1);
    p.finish();
    expect(p.getState()).toEqual({ phase: 'idle', percent: 0, visible: false });
  });

  it('shows after 200 ms, grows every 100 ms by the duration share, fills on finish', () => {
    const p = new ProgressController();
    p.start();
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect(p.getState()).toMatchObject({ visible: true, percent: 0, phase: 'running' });
    vi.advanceTimersByTime(PROGRESS_TICK_MS * 10);
    expect(p.getState().percent).toBeCloseTo((100 * PROGRESS_TICK_MS * 10) / PROGRESS_DURATION_MS, 6);
    vi.advanceTimersByTime(PROGRESS_DURATION_MS * 2);
    expect(p.getState().percent).toBe(99);
    p.finish();
    expect(p.getState()).toEqual({ phase: 'finished', percent: 100, visible: true });
    vi.advanceTimersByTime(1000);
    expect(p.getState().visible).toBe(false);
  });

  it('turns to failed (red) on failure', () => {
    const p = new ProgressController();
    p.start();
    p.fail();
    expect(p.getState()).toEqual({ phase: 'failed', percent: 100, visible: true });
  });
});

describe('prefetch conditions', () => {
  const nav = (onLine: boolean, connection?: object) => ({ onLine, connection }) as unknown as Navigator;
  it('prefetches online on a normal connection only', () => {
    expect(canPrefetch(nav(true))).toBe(true);
    expect(canPrefetch(nav(true, { effectiveType: '4g' }))).toBe(true);
    expect(canPrefetch(nav(false))).toBe(false);
    expect(canPrefetch(nav(true, { effectiveType: '2g' }))).toBe(false);
    expect(canPrefetch(nav(true, { effectiveType: 'slow-2g' }))).toBe(false);
    expect(canPrefetch(nav(true, { saveData: true, effectiveType: '4g' }))).toBe(false);
  });
});

describe('offline notice', () => {
  it('appears on the offline event and goes on the online event', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-notice')).toHaveTextContent('You are offline');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    onLine.mockRestore();
  });
});

describe('loading overlay', () => {
  beforeEach(() => resetFetchState());
  it('shows while a request runs, sets show.lottie, and hides 200 ms later at the earliest', async () => {
    vi.useFakeTimers();
    render(<LoadingOverlay />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    act(() => requestStarted());
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    expect(useAppStore.getState().show.lottie).toBe(true);
    act(() => requestEnded('failed'));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    expect(useAppStore.getState().show.lottie).toBe(false);
    vi.useRealTimers();
  });
});
