import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SHRO_MESSAGES } from '../../contract/shros';
import { HttpError } from './http-errors';

/**
 * Hands each part of a multipart body to `onPart`, one at a time, and fails with 400 `{message}`
 * when the body stops moving for `idleMs`: no bytes arriving and no part handed over.
 *
 * Two things stop a body moving: a client that goes silent mid-upload, and the parser itself —
 * @fastify/busboy 3.2.6 never finishes a body whose part without a Content-Disposition header
 * outgrows its buffer and ends in the same chunk as the closing boundary (browsers never send
 * such a part; the fuzzer does). Without this guard either one holds the request open forever.
 */
export async function forEachPart(
  request: FastifyRequest,
  onPart: (part: Multipart) => Promise<void> | void,
  idleMs: number = request.server.config.uploadIdleTimeoutMs,
): Promise<void> {
  const parts = request.parts();
  let timer: NodeJS.Timeout | undefined;
  let stall: (error: Error) => void = () => {};
  const stalled = new Promise<never>((_resolve, reject) => {
    stall = reject;
  });
  const arm = () => {
    clearTimeout(timer);
    // The rest of the body will never be read: close the connection after answering.
    timer = setTimeout(() => stall(new HttpError(400, SHRO_MESSAGES.formUnreadable, { connection: 'close' })), idleMs);
  };

  const reading = (async () => {
    // The first `next()` starts the parser (it pipes the request into busboy), so the progress
    // listener below can only be added after it: a 'data' listener added earlier would start the
    // request flowing with nobody reading it.
    let next = parts.next();
    request.raw.on('data', arm);
    for (;;) {
      const { value: part, done } = await next;
      if (done) return;
      arm();
      await onPart(part);
      next = parts.next();
    }
  })();
  // When the stall wins the race, a later failure of the abandoned reader has nobody to tell.
  reading.catch(() => {});

  arm();
  try {
    await Promise.race([reading, stalled]);
  } finally {
    clearTimeout(timer);
    request.raw.off('data', arm);
  }
}
