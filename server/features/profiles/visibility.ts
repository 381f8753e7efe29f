import { eq } from 'drizzle-orm';
import { USER_NOT_FOUND_MESSAGE } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../lib/http-errors';
import { blockedEitherWay } from '../blocks/queries';
import { isSuspendedUntil } from '../moderation/suspension';

/**
 * 404 "User not found", as for an id nobody holds, unless `viewerId` (null: a visitor) may see
 * what `userId` shows others (stats, achievements): the account exists, is not suspended
 * (decision 107), and the two have no block either way (decision 104). Oneself always may.
 */
export async function assertUserShownTo(db: Db, userId: string, viewerId: string | null): Promise<void> {
  if (userId.length === 0 || userId.length > 64) throw notFound(USER_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({ suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (viewerId === userId) return;
  if (isSuspendedUntil(row.suspendedUntil)) throw notFound(USER_NOT_FOUND_MESSAGE);
  if (viewerId !== null && (await blockedEitherWay(db, viewerId, userId))) throw notFound(USER_NOT_FOUND_MESSAGE);
}
