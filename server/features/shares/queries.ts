import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shroShares, shros } from '../../db/schema/index';

/** Records that a user shared a Shro; false when they had shared it before (nothing changes then). */
export async function insertShare(db: Db, shroId: string, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(shroShares)
    .values({ shroId, userId, createdAt: at })
    .onConflictDoNothing({ target: [shroShares.shroId, shroShares.userId] })
    .returning({ shroId: shroShares.shroId });
  return rows.length > 0;
}

/** One more share on the Shro; returns the new count (undefined when the Shro is gone). */
export async function incrementShareCount(db: Db, shroId: string): Promise<number | undefined> {
  const [row] = await db
    .update(shros)
    .set({ shareCount: sql`${shros.shareCount} + 1` })
    .where(eq(shros.id, shroId))
    .returning({ shareCount: shros.shareCount });
  return row?.shareCount;
}

export async function findShareCount(db: Db, shroId: string): Promise<number> {
  const [row] = await db.select({ shareCount: shros.shareCount }).from(shros).where(eq(shros.id, shroId)).limit(1);
  return row?.shareCount ?? 0;
}
