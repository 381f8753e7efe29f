import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-errors';

export const BODY_TOO_SLOW = 'The request body arrived too slowly. Please try again.';

/** Multipart bodies are read by the route itself and held to a minimum rate there (lib/multipart-form.ts). */
const MULTIPART = /^multipart\/form-data/i;

/**
 * How long, and how many more body bytes, a connection answered before its body arrived keeps
 * being read after the answer: enough for a client still writing to read the answer first.
 */
const LINGER_MS = 3000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * Node closes a `Connection: close` socket as soon as the answer is flushed; bytes the client is
 * still sending then meet a closed socket, the kernel answers them with a reset, and a client that
 * sees its write fail (EPIPE) before reading drops the answer. Instead the socket is half-closed
 * after the answer (the client reads it, then the end) and the rest of the body is read and
 * dropped until it ends or LINGER_MS / LINGER_BYTES run out.
 */
function lingerAfterAnswer(socket: Socket, request: IncomingMessage) {
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    let drained = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) close();
    });
    this.once('end', close);
    this.once('close', () => clearTimeout(timer));
    // A route that stopped reading part-way left the request (and so the socket) paused.
    request.resume();
    this.resume();
  };
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * A non-multipart request body (JSON, in practice a few hundred bytes) must have arrived
 * `bodyTimeoutMs` after its headers. A body still coming then is answered 408 `{message}` with
 * `Connection: close` and never parsed, so nothing is written; a body nobody reads (a request
 * already answered, say 415) has its connection closed instead of waiting for it. Any answer sent
 * before its body was complete closes the connection, uploads included, once the client could read
 * the answer (`lingerAfterAnswer`).
 */
async function bodyDeadlinePlugin(app: FastifyInstance) {
  // An answer given before the whole body arrived (refused part-way through an upload, a 413 or
  // 415 up front) closes the connection: otherwise Node would keep it open to drain the rest of
  // the body at whatever pace the client likes. (`inject` requests leave `complete` unset.)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false && hasBody(request.headers)) {
      reply.header('connection', 'close');
      const socket = request.raw.socket;
      if (typeof socket?.destroySoon === 'function') lingerAfterAnswer(socket, request.raw);
    }
    done(null, payload);
  });

  const timeoutMs = app.config.bodyTimeoutMs;
  if (timeoutMs <= 0) return;

  app.addHook('preParsing', (request, reply, payload, next) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(request.headers) || MULTIPART.test(request.headers['content-type'] ?? '')) {
      next(null, payload);
      return;
    }
    // Fastify's body reader reads this stream instead of the request, so the deadline can end
    // it with an error the reader turns into the answer, without touching the socket first.
    const guarded = new PassThrough();
    // Only an error the reader never sees (the request was answered without reading) lands here.
    guarded.on('error', () => {});
    payload.on('error', (error) => guarded.destroy(error));
    payload.pipe(guarded);

    const timer = setTimeout(() => {
      if (raw.complete) return;
      if (reply.sent || reply.raw.headersSent) {
        // Answered already and the rest of the body would only be drained: stop waiting for it.
        // (`inject` requests have a stand-in socket without `destroy`, and nothing to close.)
        raw.socket?.destroy?.();
        return;
      }
      payload.unpipe(guarded);
      guarded.destroy(new HttpError(408, BODY_TOO_SLOW, { connection: 'close' }));
    }, timeoutMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
    guarded.once('end', done);
    next(null, guarded);
  });
}

export default fp(bodyDeadlinePlugin, { name: 'body-deadline', dependencies: ['error-handler'] });
