import { randomUUID } from 'node:crypto';
import { INVALID_CREDENTIALS_MESSAGE, USERNAME_TAKEN_MESSAGE } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound, unauthorized } from '../../lib/http-errors';
import type { LiveDeps } from '../live/bus';
import { hashPassword, verifyPassword } from './password';
import { deleteAuthSession, findUserByUsername, insertUser, type UserRow, updateUsername } from './queries';

type ValidRegistration = { username: string; email: string; password: string; firstName?: string; lastName?: string };

/** Creates an account; usernames are unique whatever their case. */
export async function registerUser(db: Db, input: ValidRegistration): Promise<UserRow> {
  if (await findUserByUsername(db, input.username)) throw conflict(USERNAME_TAKEN_MESSAGE);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, {
      id: randomUUID(),
      username: input.username,
      email: input.email.toLowerCase(),
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      passwordHash,
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
  return user;
}

/** Renames a user; 409 when another account holds the name in any case. */
export async function changeUsername({ db, live }: LiveDeps, userId: string, username: string): Promise<UserRow> {
  const holder = await findUserByUsername(db, username);
  if (holder && holder.id !== userId) throw conflict(USERNAME_TAKEN_MESSAGE);
  let row: UserRow | undefined;
  try {
    row = await updateUsername(db, userId, username);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN_MESSAGE);
    throw error;
  }
  if (!row) throw notFound('User not found');
  // Cached sessions and Shros carry the old name on every instance.
  await live.publish({ type: 'user.profile.updated', userId: row.id }, { servers: true });
  return row;
}

/** Signs one auth session out: its row goes, and every instance drops it from its session cache. */
export async function endAuthSession({ db, live }: LiveDeps, authSessionId: string): Promise<void> {
  await deleteAuthSession(db, authSessionId);
  await live.publish({ type: 'auth.session.ended', authSessionId }, { servers: true });
}
