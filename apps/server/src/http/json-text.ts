import { Buffer } from 'node:buffer';
import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is JSON text already (serialized once per market version, or by the
 * analytics pool's threads as UTF-8 bytes), as it is: Fastify passes a string or a Buffer
 * through without serializing it. A route's response schema still documents the answer.
 */
export function sendJsonText(reply: Pick<FastifyReply, 'type'>, json: string | Uint8Array): FastifyReply {
  const body = typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  return reply.type('application/json; charset=utf-8').send(body);
}
