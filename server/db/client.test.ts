import { sql } from 'drizzle-orm';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, DRIZZLE_TEXT_TYPES, openDatabase } from './client';

/** The parsers drizzle passes with each of its queries, both kinds of result row. */
function drizzlePerQueryParsers() {
  const query = new PglitePreparedQuery(
    null as never,
    'select 1',
    [],
    { logQuery() {} },
    undefined as never,
    undefined,
    undefined,
    undefined,
    undefined,
    false,
  );
  // Private in drizzle's types: read as they are, since what drizzle sends is what is checked.
  const configs = query as unknown as Record<'queryConfig' | 'rawQueryConfig', { parsers?: object }>;
  return [configs.queryConfig.parsers, configs.rawQueryConfig.parsers] as Record<string, (value: string) => unknown>[];
}

describe('the embedded database client', () => {
  it('is opened with exactly the text types drizzle passes per query, so dropping them changes nothing', () => {
    for (const parsers of drizzlePerQueryParsers()) {
      expect(Object.keys(parsers ?? {}).sort()).toEqual(DRIZZLE_TEXT_TYPES.map(String).sort());
      for (const parse of Object.values(parsers ?? {}))
        expect(parse('2026-11-27 10:00:00+00')).toBe('2026-11-27 10:00:00+00');
    }
  });

  describe.skipIf(Boolean(process.env.DATABASE_URL))('through drizzle', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ dataDir: ':memory:' });
    });
    afterAll(() => database.close());

    it('hands back dates, times and intervals as drizzle expects, in and out of transactions', async () => {
      const probe = sql`select timestamptz '2026-11-27 10:00:00+00' as at, date '2026-11-27' as day,
        interval '1 day' as span, array[1.5, 2]::numeric[] as nums, 42 as n, true as yes`;
      const expected = {
        at: '2026-11-27 10:00:00+00',
        day: '2026-11-27',
        span: '1 day',
        nums: '{1.5,2}',
        n: 42,
        yes: true,
      };
      const firstRow = (result: unknown) => (result as { rows: unknown[] }).rows[0];
      expect(firstRow(await database.db.execute(probe))).toEqual(expected);
      const inside = await database.db.transaction(async (tx) => firstRow(await tx.execute(probe)));
      expect(inside).toEqual(expected);
    });

    it('refuses a statement on a transaction that has ended, as PGlite does (decision 150)', async () => {
      const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
      let ended: import('@electric-sql/pglite').Transaction | undefined;
      await client.transaction(async (tx) => {
        ended = tx;
        await tx.query('select $1::int as n', [1]);
      });
      await expect(ended!.query('select $1::int as n', [1])).rejects.toThrow('Transaction is closed');
    });
  });
});
