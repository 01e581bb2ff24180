import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ParsedFile, ParseJob } from './parsed-file.js';

/** Files parsed ahead of the one being written: enough to keep the thread busy, few enough to bound memory. */
const AHEAD = 4;
/** How long the main thread waits for one file before it parses the rest itself. */
const FILE_TIMEOUT_MS = 60_000;

function workerFile(): URL {
  const built = new URL('./import-parse-worker.js', import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL('./parse-ahead-worker.boot.mjs', import.meta.url);
}

/**
 * Parses an import's daily files in a worker thread, a few files ahead of the main thread,
 * which writes them. The main thread writes each file inside a synchronous SQLite transaction
 * (one savepoint in a commit group), so it takes a file's result synchronously: it waits on a
 * shared counter the thread bumps after each post, then reads the port with
 * receiveMessageOnPort. Parsing is then done beside the writing, on the second core, instead
 * of before it. A file the thread could not parse whole, or a thread that stopped answering,
 * leaves the file to the main thread ('self'), which imports it exactly as without this.
 */
export class ParseAhead {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly posted = new Int32Array(new SharedArrayBuffer(4));
  private readonly results = new Map<number, ParsedFile>();
  private sent = 0;
  private failed = false;

  constructor(private readonly jobs: readonly ParseJob[]) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(workerFile(), {
      workerData: { port: port2, posted: this.posted },
      transferList: [port2],
    });
    // A thread that fails is not an import failure: its files are parsed here instead.
    this.worker.on('error', () => (this.failed = true));
    this.worker.unref();
    while (this.sent < Math.min(AHEAD, jobs.length)) this.send();
  }

  private send(): void {
    const index = this.sent++;
    this.worker.postMessage({ ...this.jobs[index]!, index });
  }

  /** File `index`'s result; files must be taken in order. */
  take(index: number): ParsedFile {
    if (this.sent < this.jobs.length) this.send();
    const deadline = Date.now() + FILE_TIMEOUT_MS;
    while (!this.results.has(index) && !this.failed) {
      const seen = Atomics.load(this.posted, 0);
      const message = receiveMessageOnPort(this.port)?.message as { index: number; parsed: ParsedFile } | undefined;
      if (message) {
        this.results.set(message.index, message.parsed);
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) this.failed = true;
      else Atomics.wait(this.posted, 0, seen, Math.min(left, 1000));
    }
    const parsed = this.results.get(index) ?? { kind: 'self' };
    this.results.delete(index);
    return parsed;
  }

  async close(): Promise<void> {
    this.port.close();
    await this.worker.terminate();
  }
}
