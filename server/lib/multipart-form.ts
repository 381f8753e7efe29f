import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SHRO_MESSAGES } from '../../contract/shros';
import { HttpError } from './http-errors';

export const UPLOAD_TOO_SLOW = 'The upload is too slow. Please try again on a faster connection.';

/** How fast a body must keep arriving: the guard is off while `minBytesPerSecond` is 0. */
export interface UploadPace {
  idleMs: number;
  minBytesPerSecond: number;
  graceMs: number;
}

/**
 * Hands each part of a multipart body to `onPart`, one at a time, and fails with 400 `{message}`
 * when the body stops moving for `idleMs`: no bytes arriving and no part handed over.
 *
 * Two things stop a body moving: a client that goes silent mid-upload, and the parser itself —
 * @fastify/busboy 3.2.6 never finishes a body whose part without a Content-Disposition header
 * outgrows its buffer and ends in the same chunk as the closing boundary (browsers never send
 * such a part; the fuzzer does). Without this guard either one holds the request open forever.
 *
 * It also fails, with 408 `{message}`, when the body arrives more slowly than
 * `minBytesPerSecond` on average once `graceMs` is over: by any moment `t` after the start,
 * `(t - graceMs) × minBytesPerSecond` bytes must have come. Trickling a byte just inside the idle
 * time no longer holds a request open for ever, while a slow phone that keeps the pace gets
 * all the time its form needs (docs/decisions/012-slow-clients.md).
 */
export async function forEachPart(
  request: FastifyRequest,
  onPart: (part: Multipart) => Promise<void> | void,
  pace: UploadPace = uploadPace(request),
): Promise<void> {
  const { idleMs, minBytesPerSecond, graceMs } = pace;
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

  // One timer for the pace, set for the moment the bytes so far stop being enough; each time it
  // fires it either refuses the upload or moves on to the new moment.
  const started = Date.now();
  let received = 0;
  let paceTimer: NodeJS.Timeout | undefined;
  const dueBy = () => started + graceMs + (received * 1000) / minBytesPerSecond;
  const checkPace = () => {
    const wait = dueBy() - Date.now();
    if (wait <= 0) {
      stall(new HttpError(408, UPLOAD_TOO_SLOW, { connection: 'close' }));
      return;
    }
    paceTimer = setTimeout(checkPace, wait);
  };
  if (minBytesPerSecond > 0) checkPace();
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    arm();
  };

  const reading = (async () => {
    // The first `next()` starts the parser (it pipes the request into busboy), so the progress
    // listener below can only be added after it: a 'data' listener added earlier would start the
    // request flowing with nobody reading it.
    let next = parts.next();
    request.raw.on('data', onData);
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
    clearTimeout(paceTimer);
    request.raw.off('data', onData);
  }
}

/** This app's configured pace for uploads. */
function uploadPace(request: FastifyRequest): UploadPace {
  const { uploadIdleTimeoutMs, uploadMinBytesPerSecond, uploadRateGraceMs } = request.server.config;
  return { idleMs: uploadIdleTimeoutMs, minBytesPerSecond: uploadMinBytesPerSecond, graceMs: uploadRateGraceMs };
}
