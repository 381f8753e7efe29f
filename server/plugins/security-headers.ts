import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

type HelmetOptions = NonNullable<Parameters<typeof helmet>[0]>;

/** Runs helmet once against a stand-in response and keeps the headers it would set. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: () => undefined,
  };
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's security headers, computed once. @fastify/helmet (no longer used) built a new helmet middleware,
 * CSP directives parsed again, on every request; with fixed options (no per-request nonces)
 * the headers never change, and that rebuilding was half of a cached Shro read's CPU (issue 6).
 * Takes helmet's own options, so swapping the import is the whole change for callers.
 */
async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    reply.headers(headers);
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
