import { count, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shros } from '../../db/schema/index';

/** Shros anyone can see (public or by link): a private Shro never moves a public counter. */
export async function countShros(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shros).where(or(shros.isPublic, shros.isShareable));
  return row?.n ?? 0;
}
