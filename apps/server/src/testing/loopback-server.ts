import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Starts `server` on a free port of 127.0.0.1 and answers its base URL (`http://127.0.0.1:PORT`). */
export async function listenOnLoopback(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Serves `server` on loopback for the whole describe block; the answer gives its base URL once it listens. */
export function serveDuringSuite(server: http.Server): () => string {
  let base = '';
  beforeAll(async () => {
    base = await listenOnLoopback(server);
  });
  afterAll(() => closeServer(server));
  return () => base;
}
