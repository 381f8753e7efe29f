import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SHRO_MESSAGES } from '../../contract/shros';
import { badRequest, HttpError, payloadTooLarge, SERVER_MESSAGES } from './http-errors';

export const UPLOAD_TOO_SLOW = 'The upload is too slow. Please try again on a faster connection.';

/** How fast a body must keep arriving: the guard is off while `minBytesPerSecond` is 0. */
interface UploadPace {
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
async function forEachPart(
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

/** What a form accepts besides its text fields. */
export interface MultipartFormSpec {
  /** Names a file part may have; an empty text part of one of these names is a file input left empty. */
  fileFields: ReadonlySet<string>;
  /** The 400 message for a file part under any other name. */
  unexpectedFile: (fieldname: string) => string;
  /** Text fields that may repeat: every value is kept, in order, in `list` (e.g. the images' `labels`). */
  listFields?: ReadonlySet<string>;
  /** The 400 message when more files come than the parser allows. */
  tooManyFiles?: string;
  /** Rewords the refusal of the file that would be kept at `index` (e.g. to name its box). */
  nameFileError?: (error: Error, index: number, list: readonly string[]) => unknown;
}

/** A multipart form as read: text fields (the first value of each name), the listed fields, the files. */
export interface MultipartForm {
  /** No prototype: a part named `__proto__` or `constructor` is a field of its own, so a strict schema refuses it by name. */
  fields: Record<string, unknown>;
  list: string[];
  files: Buffer[];
}

/**
 * Reads a multipart form (docs/decisions/092-one-owner-per-concept.md): every part in order, at
 * the upload pace, with the limits of the multipart plugin. Every limit breach or malformed
 * body becomes a 4xx `{message}` through `multipartError`, never a 500.
 */
export async function readMultipartForm(request: FastifyRequest, spec: MultipartFormSpec): Promise<MultipartForm> {
  const form: MultipartForm = { fields: Object.create(null), list: [], files: [] };
  // The index the file part being read (or read last) would have: its size limit can surface
  // through its own stream or, after that stream ended, through the parts' iterator.
  let lastFile: number | undefined;
  try {
    await forEachPart(request, async (part) => {
      if (part.type === 'file') {
        if (!spec.fileFields.has(part.fieldname)) {
          part.file.resume();
          throw badRequest(spec.unexpectedFile(part.fieldname));
        }
        lastFile = form.files.length;
        // Every file part must be read to the end for the request to go on.
        const data = await part.toBuffer();
        // A file input left empty still sends a nameless, empty part.
        if (data.length === 0 && !part.filename) return;
        form.files.push(data);
        return;
      }
      if (part.valueTruncated || part.fieldnameTruncated)
        throw badRequest(`The field "${part.fieldname}" is too long.`);
      // A part sent as application/json arrives parsed; the forms take text only.
      if (typeof part.value !== 'string') throw badRequest(`The field "${part.fieldname}" must be text.`);
      // A browser's file input left empty arrives as an empty text part of the same name.
      if (spec.fileFields.has(part.fieldname) && part.value === '') return;
      if (spec.listFields?.has(part.fieldname)) form.list.push(part.value);
      else if (!Object.hasOwn(form.fields, part.fieldname)) form.fields[part.fieldname] = part.value;
    });
  } catch (error) {
    throw nameFileRefusal(multipartError(error, spec), spec, form, lastFile);
  }
  return form;
}

const nameFileRefusal = (refusal: Error, spec: MultipartFormSpec, form: MultipartForm, file: number | undefined) =>
  spec.nameFileError && file !== undefined ? spec.nameFileError(refusal, file, form.list) : refusal;

/** The one mapping of a multipart reading failure to the `{message}` the client gets. */
function multipartError(error: unknown, spec: Pick<MultipartFormSpec, 'tooManyFiles'> = {}): Error {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(SHRO_MESSAGES.imageTooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(spec.tooManyFiles ?? SERVER_MESSAGES.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(SERVER_MESSAGES.tooManyFields);
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error as Error;
  return badRequest(SHRO_MESSAGES.formUnreadable);
}
