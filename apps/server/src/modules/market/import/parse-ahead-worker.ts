// The thread of ParseAhead (parse-ahead.ts): parses the daily files it is sent, in order, and
// posts each one's batches on the port it was given (their value arrays moved, not copied),
// then counts the post in the shared counter the main thread waits on.
import { workerData, parentPort, type MessagePort } from 'node:worker_threads';
import { parseFile, transferablesOf, type ParseJob } from './parsed-file.js';

const { port, posted } = workerData as { port: MessagePort; posted: Int32Array };

parentPort!.on('message', (job: ParseJob & { index: number }) => {
  const parsed = parseFile(job);
  port.postMessage({ index: job.index, parsed }, transferablesOf(parsed));
  Atomics.add(posted, 0, 1);
  Atomics.notify(posted, 0);
});
