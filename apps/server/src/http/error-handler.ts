import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, ErrorDetails, ErrorResponse } from '@solstice/contracts';
import { AppError, STATUS_BY_CODE } from './errors.js';

export function errorBody(code: ErrorCode, message: string, details?: ErrorDetails): ErrorResponse {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: ErrorDetails) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, details));
}

/** The router's own refusals (an undecodable path such as /%ff), in the app's shape. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const what = error.code === 'FST_ERR_BAD_URL' ? 'its path is not valid percent-encoding' : 'it is malformed';
  void send(reply, 400, 'bad_request', `The request could not be read: ${what}.`);
}

/** A request Node's parser refused (bad request line, header overflow): closed with a 400 in the app's shape. */
export function answerUnreadableRequest(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify(
    tooLarge
      ? errorBody('payload_too_large', 'The request headers are too large.')
      : errorBody('bad_request', 'The request could not be read.'),
  );
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

/** Fastify's own failures (bad JSON, body too large, wrong content type…) in our shape. */
function fromFastify(error: FastifyError): { status: number; code: ErrorCode; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'Send the body as application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'bad_request', message: 'The JSON body is empty.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'bad_request', message: `The body is not valid JSON: ${error.message}` };
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return { status: 400, code: 'bad_request', message: `Bad request: ${error.message}` };
  }
  if (error.statusCode === 429) {
    return { status: 429, code: 'rate_limited', message: error.message || 'Too many requests.' };
  }
  if (error.statusCode === 404) return { status: 404, code: 'not_found', message: error.message };
  if (error.statusCode === 405) return { status: 405, code: 'method_not_allowed', message: error.message };
  if (error.statusCode === 413) return { status: 413, code: 'payload_too_large', message: error.message };
  if (error.statusCode === 415) return { status: 415, code: 'unsupported_media_type', message: error.message };
  return null;
}

/** Connection failures of either database: the service is unavailable, not broken. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  const code = e.code ?? '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '08003',
      'SQLITE_BUSY',
      'SQLITE_CANTOPEN',
    ].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|database is locked/i.test(e.message ?? '')
  );
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return send(reply, STATUS_BY_CODE[error.code], error.code, error.message, error.details);
    }
    const known = fromFastify(error);
    if (known) return send(reply, known.status, known.code, known.message);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, 'service_unavailable', 'The database is unavailable; try again shortly.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal_error', 'Something went wrong on our side.');
  });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  // The path is echoed only in part: an answer is not a place to reflect what a client sent.
  const path = request.url.split('?')[0] ?? '';
  return send(
    reply,
    404,
    'not_found',
    `No such endpoint: ${request.method} ${path.length > 80 ? `${path.slice(0, 80)}…` : path}`,
  );
}
