import { and, eq, exists, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participations, shroBoxes, shros, uploads } from '../../db/schema/index';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUploads(db: Db, rows: (typeof uploads.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(uploads).values(rows);
}

export async function findUpload(db: Db, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row;
}

export async function deleteUploads(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(uploads).where(inArray(uploads.key, keys));
}

/**
 * True when some box holding this image may be shown to the user: they created its Shro, or
 * they opened that very box. Opening another box of the same Shro does not count.
 */
export async function mayViewBoxImage(db: Db, key: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: shroBoxes.id })
    .from(shroBoxes)
    .innerJoin(shros, eq(shros.id, shroBoxes.shroId))
    .where(
      and(
        eq(shroBoxes.imageKey, key),
        or(
          eq(shros.creatorId, userId),
          exists(
            db
              .select({ id: participations.id })
              .from(participations)
              .where(and(eq(participations.boxId, shroBoxes.id), eq(participations.userId, userId))),
          ),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
