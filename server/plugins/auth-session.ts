import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_COOKIE } from '../../contract/signed-in-marker';
import { findUserByAuthSession, insertAuthSession, touchAuthSession, type UserRow } from '../features/auth/queries';
import { endAuthSession } from '../features/auth/service';
import { summarizeUserAgent } from '../features/auth/user-agent';
import { SERVER_MESSAGES, unauthorized } from '../lib/http-errors';
import { LruCache } from '../lib/lru-cache';

export const AUTH_COOKIE = 'shro_sid';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Auth sessions cached per instance: enough for every active user, kept a minute at most. */
const AUTH_CACHE_ENTRIES = 50_000;
/** Cookie headers (a browser's, with its session cookie, is about 100) and cookie values up to this long have their session id kept. */
const MAX_CACHED_COOKIE = 256;
const AUTH_CACHE_TTL_MS = 60_000;
/** Last seen is written at most this often per session, never per request (docs/decisions/102-signed-in-devices.md). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

type CachedSession = { user: UserRow; expiresAt: Date; lastSeenAt: Date } | null;

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved by `loadUser`/`requireUser`; null for visitors. */
    user: UserRow | null;
    authSessionId: string | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: resolves the signed-in user if there is one. Routes run it (and
     * `requireUser`) before the body is read and validated: a visitor gets 401 whatever they send
     * (docs/decisions/088-route-schemas-and-auth-first.md).
     */
    loadUser: onRequestHookHandler;
    /** onRequest hook: resolves the signed-in user or answers 401. */
    requireUser: onRequestHookHandler;
    /**
     * The signed-in user of the request, or null for a visitor (kept on the request), outside the
     * hooks above: for code that asks only on some requests (a page's preloads, a time zone).
     */
    resolveUser(request: FastifyRequest): Promise<UserRow | null>;
    startAuthSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
    endAuthSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * For a page's HTML: sets or clears the signed-in marker (contract/signed-in-marker.ts)
     * to match the session the request brings, for browsers whose marker is missing (sessions from
     * before it) or outlived their session (ended elsewhere, expired). True when it changed it.
     */
    syncSignedInMarker(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  }
}

/**
 * The request's cookies, parsed on first use: @fastify/cookie's parsing hook is off (decision
 * 154), as most calls need only the session, which is found from the Cookie header itself.
 */
export function requestCookies(request: FastifyRequest): Record<string, string | undefined> {
  request.cookies ??= request.server.parseCookie(request.headers.cookie ?? '');
  return request.cookies;
}

/** Clears the session cookie and the signed-in marker the page reads beside it. */
export function clearAuthCookies(reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** Only a hash of the cookie token is stored, so a leaked table hands out no live sessions. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function authSessionPlugin(app: FastifyInstance) {
  const { db } = app.database;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.secureCookies,
    signed: true,
  };
  // The page's hint that someone is signed in: readable by the page, so it holds nothing secret.
  const markerOptions = { path: '/', sameSite: 'lax' as const, secure: app.config.secureCookies };

  app.decorateRequest('user', null);
  app.decorateRequest('authSessionId', null);

  // Every authenticated call starts here, so the session→user lookup is cached (issue 6). Any
  // change to a session or a user reaches every instance through the bus and drops the entry;
  // while the bus cannot promise that (Redis down), the cache is bypassed.
  const cache = new LruCache<CachedSession>(AUTH_CACHE_ENTRIES, AUTH_CACHE_TTL_MS);
  app.bus.onInvalidate((event) => {
    if (event.type === 'auth.session.ended') cache.invalidate(event.authSessionId);
    else if (event.type === 'user.profile.updated' || event.type === 'user.account.updated')
      cache.invalidateWhere((row) => row?.user.id === event.userId);
  });
  app.bus.onIncoherent(() => cache.clear());
  app.bus.onGap(() => cache.clear());
  const loadSession = async (sessionId: string): Promise<CachedSession> =>
    (await findUserByAuthSession(db, sessionId, new Date())) ?? null;

  async function endSession(sessionId: string) {
    await endAuthSession({ db, live: app.bus }, sessionId);
    // The bus drops it here too; this makes it explicit for this instance.
    cache.invalidate(sessionId);
  }

  // The signed cookie → session id step (parsing the Cookie header, an HMAC check and a SHA-256)
  // is pure, so its result is kept per Cookie header: a browser sends the same header on every
  // call, and a cached read then parses no cookies at all (decision 154). A longer header (other
  // sites' cookies on the domain) is parsed, and the id kept per session cookie value instead, as
  // before. Keys are at most 256 characters, so junk cannot fill either cache with large keys.
  const sessionIdByHeader = new LruCache<string | null>(AUTH_CACHE_ENTRIES, Number.POSITIVE_INFINITY);
  const sessionIdByValue = new LruCache<string | null>(AUTH_CACHE_ENTRIES, Number.POSITIVE_INFINITY);
  function sessionIdOf(raw: string | undefined): string | null {
    if (!raw) return null;
    const keep = raw.length <= MAX_CACHED_COOKIE;
    const known = keep ? sessionIdByValue.get(raw) : undefined;
    if (known !== undefined) return known;
    const unsigned = app.unsignCookie(raw);
    const sessionId = unsigned.valid && unsigned.value ? hashToken(unsigned.value) : null;
    if (keep) sessionIdByValue.set(raw, sessionId);
    return sessionId;
  }
  function readSessionId(request: FastifyRequest): string | null {
    const header = request.headers.cookie;
    if (!header) return null;
    if (header.length > MAX_CACHED_COOKIE) return sessionIdOf(requestCookies(request)[AUTH_COOKIE]);
    const known = sessionIdByHeader.get(header);
    if (known !== undefined) return known;
    const sessionId = sessionIdOf(requestCookies(request)[AUTH_COOKIE]);
    sessionIdByHeader.set(header, sessionId);
    return sessionId;
  }

  async function resolveUser(request: FastifyRequest): Promise<UserRow | null> {
    const known = knownUser(request);
    if (known !== undefined) return known;
    // knownUser answers every request without a session id: here there is one to read.
    const sessionId = readSessionId(request)!;
    const now = new Date();
    const row = app.bus.coherent
      ? await cache.getOrLoad(sessionId, () => loadSession(sessionId))
      : await loadSession(sessionId);
    if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
    // Last seen, written at most every few minutes, and the sliding expiry, at most about once a
    // day, in one update; the cached entry carries both so the next request skips the write.
    if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      const extend = row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - 24 * 60 * 60 * 1000;
      const expiresAt = extend ? new Date(now.getTime() + SESSION_TTL_MS) : undefined;
      await touchAuthSession(db, sessionId, { lastSeenAt: now, expiresAt });
      row.lastSeenAt = now;
      if (expiresAt) row.expiresAt = expiresAt;
    }
    request.user = row.user;
    request.authSessionId = sessionId;
    return row.user;
  }

  /**
   * The user at once, without a promise, when nothing has to be read or written: a visitor (null),
   * or a session this instance holds that is still valid and whose last-seen time needs no write
   * yet. Undefined when `resolveUser` has to do that work (it asks here first).
   */
  function knownUser(request: FastifyRequest): UserRow | null | undefined {
    if (request.user) return request.user;
    const sessionId = readSessionId(request);
    if (!sessionId) return null;
    if (!app.bus.coherent) return undefined;
    const row = cache.get(sessionId);
    // A session read before and found ended or unknown: a visitor, as `resolveUser` would say.
    if (row === null) return null;
    const now = Date.now();
    if (!row || row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS)
      return undefined;
    request.user = row.user;
    request.authSessionId = sessionId;
    return row.user;
  }

  // Callback hooks that finish at once for a visitor or a session held here (most calls): an
  // async hook costs every request its promises even when nothing is awaited (decision 159).
  app.decorate('loadUser', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (knownUser(request) !== undefined) {
      done();
      return;
    }
    resolveUser(request).then(() => done(), done);
  });

  app.decorate('requireUser', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const known = knownUser(request);
    if (known !== undefined) {
      done(known ? undefined : unauthorized(SERVER_MESSAGES.unauthorized));
      return;
    }
    resolveUser(request).then((user) => done(user ? undefined : unauthorized(SERVER_MESSAGES.unauthorized)), done);
  });

  app.decorate('resolveUser', resolveUser);

  app.decorate('startAuthSession', async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    // Rotate: whatever session the browser had before (possibly planted) is dropped.
    const previous = readSessionId(request);
    if (previous) await endSession(previous);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const userAgent = summarizeUserAgent(request.headers['user-agent']);
    await insertAuthSession(db, { id: hashToken(token), userId, expiresAt, userAgent });
    reply.setCookie(AUTH_COOKIE, token, { ...cookieOptions, expires: expiresAt });
    reply.setCookie(SIGNED_IN_COOKIE, '1', { ...markerOptions, expires: expiresAt });
  });

  app.decorate('endAuthSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const sessionId = readSessionId(request);
    if (sessionId) await endSession(sessionId);
    clearAuthCookies(reply);
  });

  app.decorate('syncSignedInMarker', async (request: FastifyRequest, reply: FastifyReply) => {
    const marked = requestCookies(request)[SIGNED_IN_COOKIE] !== undefined;
    const signedIn = (await resolveUser(request)) !== null;
    if (signedIn === marked) return false;
    if (signedIn) reply.setCookie(SIGNED_IN_COOKIE, '1', { ...markerOptions, maxAge: SESSION_TTL_MS / 1000 });
    else clearAuthCookies(reply);
    return true;
  });
}

export default fp(authSessionPlugin, { name: 'auth-session', dependencies: ['database', 'event-bus'] });
