import net from 'node:net';
import type { DialectName } from '../db/database.js';
import { createTestApp, type TestApp, type TestOverrides } from './test-app.js';

/** A whole test server listening on a real port of 127.0.0.1 (attacks go over real HTTP). */
export interface LiveServer extends TestApp {
  port: number;
  /** http://127.0.0.1:PORT */
  baseUrl: string;
}

export async function startLiveServer(
  dialect: DialectName,
  settings: Record<string, string> = {},
  overrides: TestOverrides = {},
): Promise<LiveServer> {
  const t = await createTestApp(dialect, settings, overrides);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no TCP address');
  return { ...t, port: address.port, baseUrl: `http://127.0.0.1:${address.port}` };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (request line included: encoded, absolute-form, dot-segment
 * paths that fetch would normalise) and reads one response on a fresh connection.
 * `request` lines are joined with CRLF; a body, if any, follows the blank line.
 */
export function rawRequest(port: number, head: string[], body = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const lines = [...head];
    if (body !== '' && !lines.some((l) => /^content-length:/i.test(l))) {
      lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    }
    if (!lines.some((l) => /^connection:/i.test(l))) lines.push('Connection: close');
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${head[0]}`));
    });
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks).toString('latin1')));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`not an HTTP response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) throw new Error(`bad status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(split + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  return { status: Number(match[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    if (eol < 0) return out;
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/** A same-origin request to a live server: a JSON body when given, the session cookie when given. */
export function callLive(
  s: Pick<LiveServer, 'baseUrl'>,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
) {
  return fetch(s.baseUrl + path, {
    method,
    headers: {
      origin: s.baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
