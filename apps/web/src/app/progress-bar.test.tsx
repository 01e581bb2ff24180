import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { trackNavigation } from './progress-bar';
import { ProgressController } from './progress';

afterEach(() => vi.useRealTimers());

describe('progress bar wiring', () => {
  it('starts on a navigation, finishes when it loads and fails when it errors', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const router = createMemoryRouter(
      [
        { path: '/', element: null },
        { path: '/slow', element: null, loader: () => new Promise<null>((r) => (release = () => r(null))) },
        {
          path: '/broken',
          element: null,
          errorElement: null,
          loader: () => {
            throw new Error('nope');
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    await router.initialize();
    const progress = new ProgressController();
    const stop = trackNavigation(router as never, progress);
    const done = router.navigate('/slow');
    expect(progress.getState()).toMatchObject({ phase: 'running', visible: false });
    vi.advanceTimersByTime(300);
    expect(progress.getState()).toMatchObject({ phase: 'running', visible: true });
    release();
    await done;
    expect(progress.getState()).toMatchObject({ phase: 'finished', percent: 100 });
    vi.advanceTimersByTime(1000);
    await router.navigate('/broken');
    expect(progress.getState()).toMatchObject({ phase: 'failed', percent: 100, visible: true });
    stop();
    router.dispose();
  });
});
