import { and, eq, exists, inArray, ne, notInArray, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { picks, shroBoxes, shros, uploads, users } from '../../db/schema/index';
import { visibleShroSql } from '../shros/visibility-sql';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUploads(db: Db, rows: (typeof uploads.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(uploads).values(rows);
}

/** Bytes of every stored image the user owns, leaving out some keys or a kind (an avatar being replaced). */
export async function storedBytesOf(
  db: Db,
  ownerId: string,
  { exceptKeys = [], exceptKind }: { exceptKeys?: string[]; exceptKind?: UploadRow['kind'] } = {},
): Promise<number> {
  const [row] = await db
    .select({ total: sum(uploads.byteSize) })
    .from(uploads)
    .where(
      and(
        eq(uploads.ownerId, ownerId),
        exceptKeys.length ? notInArray(uploads.key, exceptKeys) : undefined,
        exceptKind ? ne(uploads.kind, exceptKind) : undefined,
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Serialises storing images for one owner until the transaction ends, so two uploads at once
 * cannot both fit the quota on a total that neither of them has added to yet.
 */
export async function lockUploadsOf(tx: Db, ownerId: string): Promise<void> {
  // Two-key form with a class id of its own (727274 migrations, 727275 friend pairs).
  await tx.execute(sql`select pg_advisory_xact_lock(727276, hashtext(${ownerId}))`);
}

export async function findUpload(db: Db, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row;
}

/** When the user's suspension ends (null: not suspended, or no such user). */
export async function suspendedUntilOf(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.until ?? null;
}

export async function deleteUploads(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.key, keys));
}

/**
 * True when some box holding this image may be shown to the user: its Shro is one they may see
 * (`visibleShroSql`), and they created it or opened that very box. Opening another box of the same
 * Shro does not count.
 */
export async function mayViewBoxImage(db: Db, key: string, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: shroBoxes.id })
    .from(shroBoxes)
    .innerJoin(shros, eq(shros.id, shroBoxes.shroId))
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(
      and(
        eq(shroBoxes.imageKey, key),
        visibleShroSql(userId, now),
        or(
          eq(shros.creatorId, userId),
          exists(
            db
              .select({ id: picks.id })
              .from(picks)
              .where(and(eq(picks.boxId, shroBoxes.id), eq(picks.userId, userId))),
          ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
