import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LoadingOverlay } from './loading-overlay';
import { requestEnded, requestStarted, resetFetchState } from '../lib/fetch-state';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./lottie-spinner', () => {
  loaded.count++;
  return { default: () => <div data-testid="lottie-animation" /> };
});

const overlayFor = async (ms: number) => {
  act(() => requestStarted());
  act(() => requestEnded());
  await act(async () => void (await new Promise((r) => setTimeout(r, ms))));
};

describe('the loading overlay’s animation', () => {
  beforeEach(() => resetFetchState());

  it('is fetched by the first overlay after the first page is drawn; the overlays after it animate', async () => {
    const { rerender } = render(<LoadingOverlay pageShown={false} />);
    act(() => requestStarted());
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay.querySelector('.spinner-border')).not.toBeNull();
    expect(screen.queryByTestId('lottie-animation')).toBeNull();
    expect(loaded.count).toBe(0);
    act(() => requestEnded());
    await act(async () => void (await new Promise((r) => setTimeout(r, 250))));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    // The page drawn, no overlay: still no chunk (it is not fetched on its own).
    rerender(<LoadingOverlay pageShown />);
    await act(async () => void (await new Promise((r) => setTimeout(r, 100))));
    expect(loaded.count).toBe(0);
    // The next overlay asks for it and keeps its spinner while it waits.
    act(() => requestStarted());
    await vi.waitFor(() => expect(loaded.count).toBe(1));
    await act(async () => void (await new Promise((r) => setTimeout(r, 50))));
    expect(screen.getByTestId('loading-overlay').querySelector('.spinner-border')).not.toBeNull();
    expect(screen.queryByTestId('lottie-animation')).toBeNull();
    act(() => requestEnded());
    await act(async () => void (await new Promise((r) => setTimeout(r, 250))));
    // The one after animates.
    act(() => requestStarted());
    expect(await screen.findByTestId('lottie-animation')).toBeInTheDocument();
    expect(screen.getByTestId('loading-overlay').querySelector('.spinner-border')).toBeNull();
    await overlayFor(250);
    expect(loaded.count).toBe(1);
  });
});
