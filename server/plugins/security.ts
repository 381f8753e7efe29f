import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, forbidden, SERVER_MESSAGES } from '../lib/http-errors';
import securityHeaders from './security-headers';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers and a cross-site write check for cookie-authenticated calls. */
async function securityPlugin(app: FastifyInstance) {
  // The security headers: documents get the whole set, answers under /api/ the data set (decision 141).
  await app.register(securityHeaders);

  // Fastify parses text/plain by default; a cross-site HTML form can send that without a preflight.
  app.removeContentTypeParser('text/plain');

  // PostgreSQL text cannot hold U+0000: refuse it up front, before any hook or route touches the
  // database, instead of failing half-way through. (Multipart fields are read later; the error
  // handler maps the database's refusal of them to the same 400.)
  // A callback hook: it runs on every request (decision 154).
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNullCharacter(request.params) || hasNullCharacter(request.query) || hasNullCharacter(request.body)) {
      done(badRequest(SERVER_MESSAGES.nullCharacters));
      return;
    }
    done();
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const refusal = UNSAFE_METHODS.has(request.method) && crossSiteRefusal(request, Boolean(app.config.trustProxy));
    if (refusal) {
      done(refusal);
      return;
    }
    done();
  });
}

/** The refusal of an unsafe request from another site, or undefined when it comes from this one. */
function crossSiteRefusal(request: FastifyRequest, trustProxy: boolean): Error | undefined {
  const refused = () => forbidden(SERVER_MESSAGES.crossSite);
  if (request.headers['sec-fetch-site'] === 'cross-site') return refused();
  const origin = request.headers.origin;
  if (origin === 'null') return refused();
  if (!origin) return undefined;
  const host =
    request.headers['x-forwarded-host'] && trustProxy ? request.headers['x-forwarded-host'] : request.headers.host;
  try {
    const originUrl = new URL(origin);
    // Both through the URL parser, so `localhost:80` and an Origin without the default port agree.
    if (originUrl.host === new URL(`${originUrl.protocol}//${host}`).host) return undefined;
  } catch {
    // An Origin that does not parse is not this site.
  }
  return refused();
}

/** True when a string anywhere in a parsed JSON value, query or params (keys included) holds U+0000. */
function hasNullCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Buffer.isBuffer(value)) return false;
  // A loop over the keys, not Object.entries: no arrays made on every request (decision 154).
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || hasNullCharacter((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

export default fp(securityPlugin, { name: 'security' });
