import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DELETED_USERNAME_PREFIX } from '../../../contract/deleted-user';
import type { Db } from '../../db/client';
import { invites, users } from '../../db/schema/index';
import { notSuspendedSql } from '../moderation/suspension';
import { type PublicUserRow, publicUserColumns } from '../profiles/queries';

export type InviteRow = typeof invites.$inferSelect;

/** Still working at `now`: not expired, not used up (a revoked invite has no row). */
const working = (now: Date) => and(gt(invites.expiresAt, now), lt(invites.uses, invites.maxUses));

/**
 * The inviter can still make friends: not a deleted account's tombstone, not suspended now
 * (docs/decisions/107-user-suspension.md).
 */
const inviterIsLive = (now: Date) =>
  and(sql`${users.username} not like ${`${DELETED_USERNAME_PREFIX}%`}`, notSuspendedSql(users.suspendedUntil, now));

/** Serialises a user's invite creations, so two at once cannot both pass the cap. */
export async function lockInviter(tx: Db, userId: string): Promise<void> {
  // A class id of its own: never the friend-pair lock's (727275) nor the migration lock's.
  await tx.execute(sql`select pg_advisory_xact_lock(727276, hashtext(${userId}))`);
}

/** Deletes the user's invites that stopped working (expired or used up): nothing can bring them back. */
export async function deleteDeadInvites(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .delete(invites)
    .where(
      and(eq(invites.inviterId, userId), or(lte(invites.expiresAt, now), sql`${invites.uses} >= ${invites.maxUses}`)),
    );
}

/** The user's working invites: their personal ones (`shroId` null), or those of one of their Shros. */
export async function countWorkingInvites(db: Db, userId: string, shroId: string | null, now: Date): Promise<number> {
  const scope = shroId === null ? isNull(invites.shroId) : eq(invites.shroId, shroId);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(and(eq(invites.inviterId, userId), scope, working(now)));
  return row?.n ?? 0;
}

export async function insertInvite(db: Db, values: typeof invites.$inferInsert): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

/** The user's working invites, newest first. */
export async function listWorkingInvites(db: Db, userId: string, now: Date): Promise<InviteRow[]> {
  return db
    .select()
    .from(invites)
    .where(and(eq(invites.inviterId, userId), working(now)))
    .orderBy(desc(invites.createdAt), desc(invites.id));
}

/** Deletes one of the user's invites, named by its id or its token's hash; false when they have no such invite. */
export async function deleteOwnInvite(db: Db, userId: string, id: string, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(invites)
    .where(and(or(eq(invites.id, id), eq(invites.tokenHash, tokenHash)), eq(invites.inviterId, userId)))
    .returning({ id: invites.id });
  return rows.length > 0;
}

/** The inviter's public profile when the token works now; undefined otherwise, whatever the reason. */
export async function findWorkingInviter(db: Db, tokenHash: string, now: Date): Promise<PublicUserRow | undefined> {
  const [row] = await db
    .select(publicUserColumns)
    .from(invites)
    .innerJoin(users, eq(users.id, invites.inviterId))
    .where(and(eq(invites.tokenHash, tokenHash), working(now), inviterIsLive(now)))
    .limit(1);
  return row;
}

/**
 * Uses the token once, in one statement (two sign-ups racing for the last use: one wins), when it
 * works and its inviter is live; the inviter's public profile, or undefined.
 */
export async function claimInvite(db: Db, tokenHash: string, now: Date): Promise<PublicUserRow | undefined> {
  const [claimed] = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(
      and(
        eq(invites.tokenHash, tokenHash),
        working(now),
        sql`exists (select 1 from ${users} where ${users.id} = ${invites.inviterId} and ${inviterIsLive(now)})`,
      ),
    )
    .returning({ inviterId: invites.inviterId });
  if (!claimed) return undefined;
  const [inviter] = await db.select(publicUserColumns).from(users).where(eq(users.id, claimed.inviterId)).limit(1);
  return inviter;
}

/** Every invite row of the user, oldest first, for their data export (never the token hash). */
export async function listInvitesForExport(db: Db, userId: string) {
  return db
    .select({
      id: invites.id,
      shroId: invites.shroId,
      createdAt: invites.createdAt,
      expiresAt: invites.expiresAt,
      uses: invites.uses,
      maxUses: invites.maxUses,
    })
    .from(invites)
    .where(eq(invites.inviterId, userId))
    .orderBy(asc(invites.createdAt), asc(invites.id));
}
