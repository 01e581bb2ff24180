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

  it('is not fetched before the first page is drawn and the overlay has hidden once; then it shows', async () => {
    const { rerender } = render(<LoadingOverlay pageShown={false} />);
    act(() => requestStarted());
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay.querySelector('.spinner-border')).not.toBeNull();
    expect(screen.queryByTestId('lottie-animation')).toBeNull();
    expect(loaded.count).toBe(0);
    act(() => requestEnded());
    await act(async () => void (await new Promise((r) => setTimeout(r, 250))));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    // Hidden, but the page is not drawn yet: still no chunk.
    await act(async () => void (await new Promise((r) => setTimeout(r, 100))));
    expect(loaded.count).toBe(0);
    // The page drawn: the chunk is asked for, and the next overlay animates.
    rerender(<LoadingOverlay pageShown />);
    await vi.waitFor(() => expect(loaded.count).toBe(1));
    act(() => requestStarted());
    expect(await screen.findByTestId('lottie-animation')).toBeInTheDocument();
    expect(screen.getByTestId('loading-overlay').querySelector('.spinner-border')).toBeNull();
    await overlayFor(250);
    expect(loaded.count).toBe(1);
  });
});
