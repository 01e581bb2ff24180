import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ParsedFile, ParseJob } from './parsed-file.js';

/** Files parsed ahead of the one being written: enough to keep the thread busy, few enough to bound memory. */
const AHEAD = 16;
/** How long the main thread waits for one file before it parses the rest itself. */
const FILE_TIMEOUT_MS = 60_000;

function workerFile(): URL {
  const built = new URL('./import-parse-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./parse-ahead-worker.boot.mjs', import.meta.url);
}

/**
 * Parses an import's daily files in worker threads, a few files ahead of the main thread,
 * which writes them. The main thread writes each file inside a synchronous SQLite transaction
 * (one savepoint in a commit group), so it takes a file's result synchronously: it waits on a
 * shared counter the threads bump after each post, then reads their ports with
 * receiveMessageOnPort. Parsing is then done beside the writing, on the other cores, instead
 * of before it; file i goes to thread i mod threads. A file a thread could not parse whole,
 * or a thread that stopped answering, leaves the file to the main thread ('self'), which
 * imports it exactly as without this.
 */
export class ParseAhead {
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private readonly results = new Map<number, ParsedFile>();
  private sent = 0;
  private failed = false;

  constructor(
    private readonly jobs: readonly ParseJob[],
    threads = 1,
  ) {
    for (let t = 0; t < Math.max(1, Math.min(threads, jobs.length)); t++) {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(workerFile(), {
        workerData: { port: port2, posted: this.posted },
        transferList: [port2],
      });
      // A thread that fails is not an import failure: its files are parsed here instead.
      worker.on('error', () => (this.failed = true));
      worker.unref();
      this.workers.push(worker);
      this.ports.push(port1);
    }
    while (this.sent < Math.min(AHEAD * this.workers.length, jobs.length)) this.send();
  }

  private send(): void {
    const index = this.sent++;
    this.workers[index % this.workers.length]!.postMessage({ ...this.jobs[index]!, index });
  }

  /** File `index`'s result; files must be taken in order. */
  take(index: number): ParsedFile {
    if (this.sent < this.jobs.length) this.send();
    const deadline = Date.now() + FILE_TIMEOUT_MS;
    while (!this.results.has(index) && !this.failed) {
      const seen = Atomics.load(this.posted, 0);
      if (this.receive()) continue;
      const left = deadline - Date.now();
      if (left <= 0) this.failed = true;
      else Atomics.wait(this.posted, 0, seen, Math.min(left, 1000));
    }
    const parsed = this.results.get(index) ?? { kind: 'self' };
    this.results.delete(index);
    return parsed;
  }

  /** Reads what any thread has posted; true when something was. */
  private receive(): boolean {
    let any = false;
    for (const port of this.ports) {
      for (;;) {
        const message = receiveMessageOnPort(port)?.message as { index: number; parsed: ParsedFile } | undefined;
        if (!message) break;
        this.results.set(message.index, message.parsed);
        any = true;
      }
    }
    return any;
  }

  async close(): Promise<void> {
    for (const port of this.ports) port.close();
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
