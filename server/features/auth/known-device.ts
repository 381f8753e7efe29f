import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookies } from '../../plugins/auth-session';

/**
 * The known-device cookie (docs/decisions/110-known-device-logins.md): set at each successful
 * sign-in (and password reset), it names up to a few accounts that signed in from this browser,
 * each with a random nonce, signed with the cookie secret. A login naming one of them is held by
 * that device's own failure budget, not by the username's, so nobody can lock the owner out.
 */
const KNOWN_DEVICE_COOKIE = 'shro_device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Sent only where it is read. */
const COOKIE_PATH = '/api/login';

type Entry = { userId: string; nonce: string };

function readEntries(request: FastifyRequest): Entry[] {
  const raw = requestCookies(request)[KNOWN_DEVICE_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value
    .split('.')
    .map((item) => item.split('~'))
    .filter((parts): parts is [string, string] => parts.length === 2 && !!parts[0] && !!parts[1])
    .map(([userId, nonce]) => ({ userId, nonce }));
}

/** The limiter key of this browser for `userId`, when it signed in as them before; else null. */
export function knownDeviceKey(request: FastifyRequest, userId: string): string | null {
  const entry = readEntries(request).find((e) => e.userId === userId);
  return entry ? `${entry.userId}:${entry.nonce}` : null;
}

/** Marks this browser as one `userId` signs in from (most recent account first, a fresh nonce). */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: string, secure: boolean): void {
  const others = readEntries(request).filter((e) => e.userId !== userId);
  const entries = [{ userId, nonce: randomBytes(12).toString('base64url') }, ...others].slice(0, MAX_ACCOUNTS);
  reply.setCookie(KNOWN_DEVICE_COOKIE, entries.map((e) => `${e.userId}~${e.nonce}`).join('.'), {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: MAX_AGE_SECONDS,
  });
}
