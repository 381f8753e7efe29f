import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD_BYTES,
  chooseEncoding,
  GZIP_OPTIONS,
  type KeptText,
} from '../lib/compression';

const BODILESS_METHODS = new Set(['GET', 'HEAD']);

/** Adds `accept-encoding` to the reply's Vary header, once. */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  if (!current) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const value = Array.isArray(current) ? current.join(', ') : String(current);
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) reply.header('vary', `${value}, accept-encoding`);
}

/**
 * Sends a text answer (its type already set) in the compressed form the client accepts, made
 * on first demand and kept with the text: the hottest cached reads (a Shro view) pay for
 * compression once per view, not once per request. Also for answers that are no route's (the
 * server-rendered page comes from the not-found handler, which the plugin's hooks never reach).
 */
export function sendKeptText(request: FastifyRequest, reply: FastifyReply, kept: KeptText) {
  const encoding = chooseEncoding(request.headers['accept-encoding'], kept.byteLength);
  if (!encoding) return reply.send(kept.text);
  varyOnAcceptEncoding(reply);
  // Already encoded: the compression plugin leaves an answer with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(kept.encodedAs(encoding));
}

/**
 * Compresses answers of 1 KB and more (JSON, the page) when the client accepts br or gzip, with
 * `Vary: Accept-Encoding` (docs/decisions/022-compression-and-caching.md). Answers already
 * encoded (the build's .br/.gz assets, kept JSON) and types that do not compress (images) are
 * left alone. Registered before the routes: it hooks each route as it is declared.
 */
async function compressionPlugin(app: FastifyInstance) {
  // Request bodies are decompressed only where there is a body to read: Fastify never reads one
  // for GET or HEAD, so those routes go without the plugin's preParsing hook (decision 157).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((method) => BODILESS_METHODS.has(method))) {
      route.decompress = false;
    }
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
