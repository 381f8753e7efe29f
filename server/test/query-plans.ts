import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * The plans PostgreSQL (or PGlite) would choose for `queries` with sequential scans off, after
 * `setup` statements (say, dropping an index the planner would prefer on a small table), in a
 * transaction rolled back afterwards: what is left shows which index can answer each query.
 */
export async function plansWithoutSeqScans(db: Db, queries: string[], setup: string[] = []): Promise<string[]> {
  const plans: string[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const statement of setup) await tx.execute(sql.raw(statement));
      for (const query of queries) {
        const result = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as { rows: Record<string, string>[] };
        plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
      }
      tx.rollback();
    })
    .catch((error: Error) => {
      if (error.message !== 'Rollback') throw error;
    });
  return plans;
}
