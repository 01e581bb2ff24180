import type { FastifyReply } from 'fastify';

/**
 * Sends an answer that is JSON text already (serialized once per market version, or by the
 * analytics pool's threads), as it is: Fastify passes a string through without serializing
 * it. A route's response schema still documents the answer.
 */
export function sendJsonText(reply: Pick<FastifyReply, 'type'>, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
