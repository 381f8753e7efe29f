import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, passwordResetTokens, users } from '../../db/schema/index';

/** Accounts a forgot-password request may name: by username (any case) or by email (several may share one). */
export async function findResetTargets(db: Db, login: string, limit: number) {
  const lower = login.toLowerCase();
  const where = login.includes('@') ? sql`lower(${users.email}) = ${lower}` : sql`lower(${users.username}) = ${lower}`;
  return db
    .select({ id: users.id, username: users.username, email: users.email, locale: users.locale })
    .from(users)
    .where(where)
    .orderBy(users.createdAt)
    .limit(limit);
}

/** The user's new link replaces any unused one; links that ran out over a day ago are swept. */
export async function replaceResetToken(
  db: Db,
  values: { tokenHash: string; userId: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .delete(passwordResetTokens)
      .where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
    await tx.insert(passwordResetTokens).values(values);
  });
}

/** Marks a live, unused token used in one statement (two confirms racing: one wins); its user, if any. */
export async function claimResetToken(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** The user's other unused links die with the one that was used. */
export async function deleteUnusedResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Deletes every auth session of the user; returns the ids that ended. */
export async function deleteAllAuthSessions(db: Db, userId: string): Promise<string[]> {
  const rows = await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ id: authSessions.id });
  return rows.map((row) => row.id);
}
