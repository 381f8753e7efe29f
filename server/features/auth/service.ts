import { randomUUID } from 'node:crypto';
import {
  type AuthSession,
  INVALID_CREDENTIALS_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../contract/auth';
import { USER_NOT_FOUND_MESSAGE } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound, SERVER_MESSAGES, unauthorized } from '../../lib/http-errors';
import type { NameHash } from '../../lib/name-hash';
import { checkPublicNames } from '../../lib/public-names';
import { acceptInvite } from '../invites/service';
import type { LiveDeps } from '../live/bus';
import { assertNotSuspended } from '../moderation/suspension';
import { hashPassword, verifyPassword } from './password';
import {
  deleteAuthSession,
  deleteOtherAuthSessions,
  findAuthSessionId,
  findUserById,
  findUserByUsername,
  insertUser,
  listAuthSessions,
  type UserRow,
  updatePasswordHash,
  updateUsername,
} from './queries';
import { acceptedNow } from './terms';
import { assertUsernameNotHeld, renameWithHold } from './username-holds';

type ValidRegistration = {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  /** An invite link's token (docs/decisions/124-invitations.md). */
  inviteToken?: string;
};

/**
 * Creates an account; usernames are unique whatever their case. With an invite token, in the same
 * transaction, the new user and the inviter become friends (a token that does not work stores
 * nothing); `inviterId` says whom to tell after the commit.
 */
export async function registerUser(
  db: Db,
  nameHash: NameHash,
  input: ValidRegistration,
): Promise<{ user: UserRow; inviterId: string | null }> {
  checkPublicNames(input);
  if (await findUserByUsername(db, input.username)) throw conflict(USERNAME_TAKEN_MESSAGE);
  // A name someone gave up in the last 30 days answers the same (decision 111).
  await assertUsernameNotHeld(db, nameHash, input.username, null);
  const passwordHash = await hashPassword(input.password);
  const { inviteToken } = input;
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        id: randomUUID(),
        username: input.username,
        email: input.email.toLowerCase(),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        passwordHash,
        // The schema only lets `acceptTerms: true` through (docs/decisions/113-terms-acceptance.md).
        ...acceptedNow(),
      });
      return { user, inviterId: inviteToken ? await acceptInvite(tx, inviteToken, user) : null };
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN_MESSAGE);
    throw error;
  }
}

/** Checks credentials; the same 401 whether the user is unknown or the password wrong. */
export async function authenticate(db: Db, input: { username: string; password: string }): Promise<UserRow> {
  const user = await findUserByUsername(db, input.username);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  // Only someone who knows the password learns that the account is suspended, and why (issue 11).
  assertNotSuspended(user);
  return user;
}

/** The id of the account a login names, if any (the known-device check needs it before the password). */
export async function loginAccountId(db: Db, username: string): Promise<string | undefined> {
  return (await findUserByUsername(db, username))?.id;
}

/**
 * Renames a user; 409 when another account holds the name in any case, or someone else's 30-day
 * hold does. The rename and the hold on the old name are one transaction (decision 111).
 */
export async function changeUsername(
  { db, live, nameHash }: LiveDeps & { nameHash: NameHash },
  userId: string,
  username: string,
): Promise<UserRow> {
  checkPublicNames({ username });
  let row: UserRow | undefined;
  try {
    row = await db.transaction((tx) =>
      renameWithHold(tx, nameHash, userId, username, () => updateUsername(tx, userId, username)),
    );
  } catch (error) {
    // Two accounts racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN_MESSAGE);
    throw error;
  }
  if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
  // Cached sessions and Shros carry the old name on every instance.
  await live.publish({ type: 'user.profile.updated', userId: row.id }, { servers: true });
  return row;
}

/** Signs one auth session out: its row goes, and every instance drops it from its session cache. */
export async function endAuthSession({ db, live }: LiveDeps, authSessionId: string): Promise<void> {
  await deleteAuthSession(db, authSessionId);
  await live.publish({ type: 'auth.session.ended', authSessionId }, { servers: true });
}

/** Ends every session of the user but `keepId`, on every instance; returns how many ended. */
export async function endOtherAuthSessions({ db, live }: LiveDeps, userId: string, keepId: string): Promise<number> {
  const ended = await deleteOtherAuthSessions(db, userId, keepId);
  for (const authSessionId of ended) {
    await live.publish({ type: 'auth.session.ended', authSessionId }, { servers: true });
  }
  return ended.length;
}

/**
 * Checks the current password against the stored hash (read afresh, not from the session cache).
 * A wrong one is a 400 on the form, not a 401: the caller is still signed in (decision 102).
 */
export async function checkCurrentPassword(db: Db, userId: string, password: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!(await verifyPassword(user?.passwordHash, password))) throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE);
}

/** Sets a new password, then signs out every other session of the user; the current one stays. */
export async function changePassword(
  deps: LiveDeps,
  userId: string,
  currentSessionId: string,
  newPassword: string,
): Promise<number> {
  await updatePasswordHash(deps.db, userId, await hashPassword(newPassword));
  return endOtherAuthSessions(deps, userId, currentSessionId);
}

/** The user's signed-in devices, with public ids only (decision 102). */
export async function listDevices(db: Db, userId: string, currentSessionId: string): Promise<AuthSession[]> {
  const rows = await listAuthSessions(db, userId, new Date());
  return rows.map((row) => ({
    id: row.publicId,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    userAgent: row.userAgent,
    current: row.id === currentSessionId,
  }));
}

/** The internal id of one of the user's sessions; 404 for an unknown id or someone else's. */
export async function findOwnAuthSession(db: Db, userId: string, publicId: string): Promise<string> {
  const id = await findAuthSessionId(db, userId, publicId);
  if (!id) throw notFound(SERVER_MESSAGES.sessionNotFound);
  return id;
}
