import type { FastifyRequest } from 'fastify';

/**
 * An AbortSignal that aborts when the request's connection closes before its answer is
 * written (the client went away). The socket, not the request: a request's own 'close'
 * fires once its body is read. dispose() stops listening (keep-alive sockets outlive requests).
 */
export function clientGoneSignal(request: FastifyRequest): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const socket = request.raw.socket as FastifyRequest['raw']['socket'] | undefined;
  if (!socket) return { signal: controller.signal, dispose: () => {} };
  if (socket.destroyed) controller.abort();
  const onClose = () => controller.abort();
  socket.once('close', onClose);
  return { signal: controller.signal, dispose: () => socket.off('close', onClose) };
}
