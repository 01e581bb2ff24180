import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request as the fake received it: tests assert query strings, headers and pacing. */
export interface FakeRequest {
  /** Date.now() when it arrived. */
  at: number;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The canonical symbol asked for, when the path names one. */
  symbol: string | null;
}

/** Answers every fake provider can give, whatever its own shapes. */
export type CommonStep =
  | 'ok'
  /** Never answers (longer than any client timeout); the socket closes with the server. */
  | 'slow'
  /** Drops the connection without an answer. */
  | 'reset'
  /** 503 with an HTML page. */
  | 'down'
  /** 500 with a short text. */
  | 'server-error'
  /** 200 text/html: a bot wall or consent page. */
  | 'html'
  /** 200 with an empty body. */
  | 'empty-body'
  /** 200 JSON messages instead of data. */
  | 'note'
  | 'information'
  | 'error-message'
  /** 200 JSON cut off halfway. */
  | 'truncated';

export interface Routed<Step extends string> {
  symbol: string | null;
  /** Answers one step of the provider's own (the common ones are handled before). */
  answer(step: Step | 'ok', res: http.ServerResponse): void;
}

export interface FakeServerOptions {
  /** Delay before every answer (the benchmark uses 100 ms). */
  latencyMs?: number;
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  res.end(JSON.stringify(value));
}

export function sendText(
  res: http.ServerResponse,
  status: number,
  body: string,
  contentType = 'text/plain;charset=utf-8',
  headers: http.OutgoingHttpHeaders = {},
) {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/**
 * A local HTTP server that imitates one provider (data-providers.md §13): the provider's
 * router maps a request to a symbol and its answers; tests choose per symbol a sequence of
 * steps (the last one repeats), a default for every symbol, and a latency.
 */
export class FakeHttpServer<Step extends string> {
  readonly requests: FakeRequest[] = [];
  latencyMs: number;
  /** The step of every symbol without its own (e.g. 'down' for the whole provider). */
  defaultStep: Step | CommonStep = 'ok';
  private readonly steps = new Map<string, Array<Step | CommonStep>>();
  private readonly sockets = new Set<Socket>();
  private readonly server: http.Server;
  private port = 0;

  constructor(
    private readonly route: (path: string, query: URLSearchParams, req: http.IncomingMessage) => Routed<Step>,
    options: FakeServerOptions = {},
  ) {
    this.latencyMs = options.latencyMs ?? 0;
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What a symbol answers next: one step per request, the last one for every later request. */
  scenario(symbol: string, ...steps: Array<Step | CommonStep>): this {
    this.steps.set(symbol, steps);
    return this;
  }

  /** Requests that named a symbol. */
  requestsFor(symbol: string): FakeRequest[] {
    return this.requests.filter((r) => r.symbol === symbol);
  }

  private nextStep(symbol: string | null): Step | CommonStep {
    const queue = symbol === null ? undefined : this.steps.get(symbol);
    if (!queue || queue.length === 0) return this.defaultStep;
    return queue.length > 1 ? queue.shift()! : queue[0]!;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const routed = this.route(url.pathname, url.searchParams, req);
    this.requests.push({
      at: Date.now(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      symbol: routed.symbol,
    });
    const step = this.nextStep(routed.symbol);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    switch (step) {
      case 'slow':
        return; // the socket is destroyed by close()
      case 'reset':
        req.socket.destroy();
        return;
      case 'down':
        return sendText(
          res,
          503,
          '<!doctype html><html><head><title>Service Unavailable</title></head><body>Will be right back…</body></html>',
          'text/html;charset=utf-8',
        );
      case 'server-error':
        return sendText(res, 500, 'Internal Server Error');
      case 'html':
        return sendText(
          res,
          200,
          '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><form action="/__verify" method="post"></form></body></html>',
          'text/html; charset=UTF-8',
        );
      case 'empty-body':
        return sendText(res, 200, '', 'application/json');
      case 'note':
        return sendJson(res, 200, {
          Note: 'Thank you for using our API! Our standard API rate limit is 5 requests per minute.',
        });
      case 'information':
        return sendJson(res, 200, {
          Information: 'Thank you for using our API! This is a premium endpoint. Please subscribe to a premium plan.',
        });
      case 'error-message':
        return sendJson(res, 200, { error: 'Something went wrong on our side, sorry.' });
      case 'truncated':
        return sendText(res, 200, '[{"date":"2026-11-20","open":1', 'application/json');
      default:
        return routed.answer(step as Step | 'ok', res);
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
