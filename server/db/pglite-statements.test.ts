import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../lib/db-errors';
import { statementCache } from './pglite-statements';

let client: PGlite;

beforeAll(async () => {
  client = new PGlite();
  await client.exec(`create table t (id int primary key, name text not null, at timestamptz)`);
});
afterAll(() => client.close());

/** The session's named statements, by their text. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements');
  return rows.map((row) => row.statement);
}

describe('the PGlite statement cache (decision 150)', () => {
  it('prepares a text once, runs it with each call’s values, and plans it generically after five calls', async () => {
    const cache = statementCache(client);
    const insert = 'insert into t (id, name, at) values ($1, $2, $3) returning id, name, at';
    for (let id = 1; id <= 8; id++) {
      const { rows } = await cache.query<{ id: number; name: string; at: Date }>(insert, [
        id,
        `n${id}`,
        new Date(Date.UTC(2026, 0, id)),
      ]);
      expect(rows).toEqual([{ id, name: `n${id}`, at: new Date(Date.UTC(2026, 0, id)) }]);
    }
    expect((await preparedTexts()).filter((text) => text === insert)).toHaveLength(1);
    const { rows } = await client.query<{ generic: number; custom: number }>(
      'select generic_plans as generic, custom_plans as custom from pg_prepared_statements where statement = $1',
      [insert],
    );
    expect(rows[0]).toEqual({ generic: 3, custom: 5 });
    const arrays = await cache.query<unknown[]>(
      'select id, name from t where id = any($1::int[]) order by id',
      [[2, 3]],
      {
        rowMode: 'array',
      },
    );
    expect(arrays.rows).toEqual([
      [2, 'n2'],
      [3, 'n3'],
    ]);
    expect((await cache.query('select name from t where id = $1', [null])).rows).toEqual([]);
  });

  it('answers an error as PGlite does, with its code and statement, and the session goes on', async () => {
    const cache = statementCache(client);
    const insert = 'insert into t (id, name) values ($1, $2)';
    await cache.query(insert, [100, 'first']);
    const error = await cache.query(insert, [100, 'again']).catch((caught: unknown) => caught);
    expect(pgErrorCode(error)).toBe('23505');
    expect((error as { query?: string }).query).toBe(insert);
    const unknownTable = await cache.query('select from nowhere', []).catch((caught: unknown) => caught);
    expect(String(unknownTable)).toMatch(/nowhere/);
    expect((unknownTable as { query?: string }).query).toBe('select from nowhere');
    expect((await cache.query('select name from t where id = $1', [100])).rows).toEqual([{ name: 'first' }]);
  });

  it('keeps the most recently used texts and closes the statement of one it drops', async () => {
    const cache = statementCache(client, 2);
    const text = (n: number) => `select ${n} as n, count(*)::int as rows from t where id > $1`;
    await cache.query(text(1), [0]);
    await cache.query(text(2), [0]);
    await cache.query(text(1), [0]); // used again: the second is now the oldest
    await cache.query(text(3), [0]);
    const kept = await preparedTexts();
    expect(kept).toContain(text(1));
    expect(kept).toContain(text(3));
    expect(kept).not.toContain(text(2));
    expect((await cache.query<{ n: number }>(text(2), [0])).rows[0]!.n).toBe(2);
  });

  it('leaves a large statement (a multi-row insert), a blob or a notice handler to PGlite.query', async () => {
    const cache = statementCache(client);
    const ids = Array.from({ length: 101 }, (_, i) => 1000 + i);
    const text = `select count(*)::int as n from t where id in (${ids.map((_, i) => `$${i + 1}`).join(', ')})`;
    expect(cache.handles(text, ids, undefined)).toBe(false);
    expect(cache.handles('select 1', [], undefined)).toBe(true);
    expect(cache.handles(`select '${'x'.repeat(8_001)}'`, [], undefined)).toBe(false);
    expect(cache.handles('select 1', [], { blob: new Blob([]) })).toBe(false);
    expect(cache.handles('select 1', [], { onNotice: () => {} })).toBe(false);
  });

  it('runs inside a transaction, whose rollback undoes what it wrote', async () => {
    const cache = statementCache(client);
    await client
      .transaction(async () => {
        await cache.queryInTransaction('insert into t (id, name) values ($1, $2)', [200, 'rolled back']);
        expect((await cache.queryInTransaction('select count(*)::int as n from t where id = $1', [200])).rows).toEqual([
          { n: 1 },
        ]);
        throw new Error('undo');
      })
      .catch(() => {});
    expect((await cache.query('select count(*)::int as n from t where id = $1', [200])).rows).toEqual([{ n: 0 }]);
  });

  it('queues a call behind a transaction in progress, as PGlite.query does', async () => {
    const cache = statementCache(client);
    const order: string[] = [];
    let inside!: () => void;
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      inside();
      await tx.query('insert into t (id, name) values (300, $1)', ['in transaction']);
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('transaction');
    });
    await started;
    const read = cache.query<{ name: string }>('select name from t where id = $1', [300]).then(({ rows }) => {
      order.push('read');
      return rows;
    });
    await transaction;
    expect(await read).toEqual([{ name: 'in transaction' }]);
    expect(order).toEqual(['transaction', 'read']);
  });
});
