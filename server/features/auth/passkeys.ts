import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, lt } from 'drizzle-orm';
import { PASSKEY_MESSAGES, type PasskeyItem } from '../../../contract/passkeys';
import { PRODUCT_NAME } from '../../../contract/product';
import type { Db } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-errors';

/** How long a passkey ceremony may take, from its options to its answer. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Where the passkeys belong: the page's origin and its host name, the relying party id. */
export interface RelyingParty {
  origin: string;
  rpID: string;
}

/** The relying party of an origin the app serves (PUBLIC_ORIGIN or an allowed host); '' has none. */
export function relyingPartyOf(origin: string): RelyingParty {
  if (!origin) throw badRequest(PASSKEY_MESSAGES.unavailable);
  return { origin, rpID: new URL(origin).hostname };
}

type PasskeyRow = typeof passkeys.$inferSelect;
const toItem = (row: PasskeyRow): PasskeyItem => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** GET /api/auth/passkeys: the user's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyItem[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(toItem);
}

async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: 'registration' | 'authentication',
  userId: string | null,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  // Ceremonies never finished leave their challenge: whoever starts a new one clears them.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db
    .insert(passkeyChallenges)
    .values({ id, challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  return id;
}

/** The challenge `id` names, taken (deleted) so that no answer can use it twice; 400 when gone or stale. */
async function takeChallenge(
  db: Db,
  id: string | undefined,
  purpose: 'registration' | 'authentication',
  userId: string | null,
  now: Date,
): Promise<string> {
  if (!id) throw badRequest(PASSKEY_MESSAGES.expired);
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose)))
    .returning();
  if (!row || row.expiresAt <= now || row.userId !== userId) throw badRequest(PASSKEY_MESSAGES.expired);
  return row.challenge;
}

/** POST /api/auth/passkeys/registration/options: what the browser needs to make a passkey. */
export async function registrationOptions(
  db: Db,
  party: RelyingParty,
  user: { id: string; username: string },
  now = new Date(),
) {
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: party.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    // A browser that holds one of them already makes no second one for the same account.
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports ?? undefined })),
    // Discoverable, so that signing in needs no username (decision 187).
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { options, challengeId: await storeChallenge(db, options.challenge, 'registration', user.id, now) };
}

/** POST /api/auth/passkeys/registration/verify: checks the new passkey and keeps it. */
export async function registerPasskey(
  db: Db,
  party: RelyingParty,
  userId: string,
  input: { credential: unknown; name: string },
  challengeId: string | undefined,
  now = new Date(),
): Promise<PasskeyItem> {
  const expectedChallenge = await takeChallenge(db, challengeId, 'registration', userId, now);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const transports = (input.credential as { response?: { transports?: unknown } }).response?.transports;
  try {
    const [row] = await db
      .insert(passkeys)
      .values({
        id: randomUUID(),
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: Array.isArray(transports) ? transports.filter((t): t is string => typeof t === 'string') : null,
        name: input.name,
        createdAt: now,
      })
      .returning();
    return toItem(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.alreadyAdded);
    throw error;
  }
}

/** POST /api/auth/passkeys/authentication/options: a challenge any of the browser's passkeys may answer. */
export async function authenticationOptions(db: Db, party: RelyingParty, now = new Date()) {
  const options = await generateAuthenticationOptions({ rpID: party.rpID, userVerification: 'preferred' });
  return { options, challengeId: await storeChallenge(db, options.challenge, 'authentication', null, now) };
}

/**
 * POST /api/auth/passkeys/authentication/verify: the id of the account whose passkey answered the
 * challenge. A passkey the app does not know (removed, or another site's) is 401, as a wrong
 * password is; the caller signs the account in as a password login does.
 */
export async function authenticatePasskey(
  db: Db,
  party: RelyingParty,
  credential: { id: string },
  challengeId: string | undefined,
  now = new Date(),
): Promise<string> {
  const expectedChallenge = await takeChallenge(db, challengeId, 'authentication', null, now);
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credential.id));
  if (!row) throw unauthorized(PASSKEY_MESSAGES.unknown);
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: row.transports ?? undefined,
      },
      requireUserVerification: false,
    });
  } catch {
    throw unauthorized(PASSKEY_MESSAGES.notVerified);
  }
  if (!verified.verified) throw unauthorized(PASSKEY_MESSAGES.notVerified);
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, row.id));
  return row.userId;
}

/** PATCH /api/auth/passkeys/:id: another user's passkey is 404, as if it did not exist. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<PasskeyItem> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toItem(row);
}

/** DELETE /api/auth/passkeys/:id: it can no longer sign in. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<{ success: true }> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (rows.length === 0) throw notFound(PASSKEY_MESSAGES.notFound);
  return { success: true };
}
