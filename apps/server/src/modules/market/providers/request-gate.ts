import type { HttpDeps } from './http-deps.js';

/**
 * A provider's concurrency limit and pacing: at most `concurrency` requests in flight, and
 * starts at least `minIntervalMs` apart. Waiters are served in order; an aborted waiter
 * leaves the queue.
 */
export class RequestGate {
  private active = 0;
  private nextStart = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly minIntervalMs: number,
    private readonly deps: Pick<HttpDeps, 'now' | 'sleep'>,
  ) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      if (this.minIntervalMs > 0) {
        const now = this.deps.now();
        const start = Math.max(now, this.nextStart);
        this.nextStart = start + this.minIntervalMs;
        if (start > now) await this.deps.sleep(start - now, signal);
      }
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.concurrency) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(admit);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal!.reason);
      };
      const admit = () => {
        signal?.removeEventListener('abort', onAbort);
        this.active += 1;
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(admit);
    });
  }

  private release(): void {
    this.active -= 1;
    this.waiting.shift()?.();
  }
}
