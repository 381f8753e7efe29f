import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shros } from '../../db/schema/index';

export async function countShros(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shros);
  return row?.n ?? 0;
}
