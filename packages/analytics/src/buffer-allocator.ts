/**
 * Where the large arrays of an answer made to be sent to another thread go (a scan's part:
 * its text and its tests): a buffer of at least `bytes` bytes, viewed from its start. By
 * default a new ArrayBuffer; the analytics pool's threads hand out SharedArrayBuffers they
 * reuse once the event loop is done with them (pool/shared-buffers.ts in the server).
 */
export type BufferAllocator = (bytes: number) => ArrayBuffer | SharedArrayBuffer;

export const ARRAY_BUFFERS: BufferAllocator = (bytes) => new ArrayBuffer(bytes);
