/** Specification §2/§9: the route-change progress bar's timings. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_TICK_MS = 100;

export type ProgressPhase = 'idle' | 'running' | 'finished' | 'failed';

export interface ProgressState {
  phase: ProgressPhase;
  /** 0–100. */
  percent: number;
  visible: boolean;
}

/**
 * The bar's states: start, increase, finish, failed. Appears only when the work lasts longer
 * than the throttle; grows by one tick's share of the duration; never reaches 100 on its
 * own; finish/fail fill it and hide it shortly after.
 */
export class ProgressController {
  private state: ProgressState = { phase: 'idle', percent: 0, visible: false };
  private throttleTimer: ReturnType<typeof setTimeout> | undefined;
  private tickTimer: ReturnType<typeof setInterval> | undefined;
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  getState = (): ProgressState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<ProgressState>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private clearTimers(): void {
    clearTimeout(this.throttleTimer);
    clearInterval(this.tickTimer);
    clearTimeout(this.hideTimer);
  }

  start(): void {
    if (this.state.phase === 'running') return;
    this.clearTimers();
    this.set({ phase: 'running', percent: 0, visible: false });
    this.throttleTimer = setTimeout(() => {
      this.set({ visible: true });
      this.tickTimer = setInterval(() => this.increase(), PROGRESS_TICK_MS);
    }, PROGRESS_THROTTLE_MS);
  }

  increase(step: number = (100 * PROGRESS_TICK_MS) / PROGRESS_DURATION_MS): void {
    if (this.state.phase !== 'running') return;
    this.set({ percent: Math.min(99, this.state.percent + step) });
  }

  finish(): void {
    this.end('finished');
  }

  fail(): void {
    this.end('failed');
  }

  private end(phase: 'finished' | 'failed'): void {
    if (this.state.phase !== 'running') return;
    const wasVisible = this.state.visible;
    this.clearTimers();
    // A failure always shows (red) even when it came before the throttle.
    if (!wasVisible && phase === 'finished') {
      this.set({ phase: 'idle', percent: 0, visible: false });
      return;
    }
    this.set({ phase, percent: 100, visible: true });
    this.hideTimer = setTimeout(
      () => this.set({ phase: 'idle', visible: false, percent: 0 }),
      phase === 'failed' ? 1000 : 400,
    );
  }
}
