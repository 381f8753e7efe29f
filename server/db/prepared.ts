import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement that runs on every request, built once per database instead of once per call: drizzle
 * then keeps its SQL text, and PostgreSQL its plan (a named statement, prepared once per pooled
 * connection). Values go in through `sql.placeholder(name)`. A transaction's `tx` is a new object
 * each time, so there the statement is simply built again: use this for the hot statements outside
 * transactions, the reads of decision 134 and the pick's write (`preparedSql`, decision 148).
 * On PGlite the name does not matter: its client prepares every statement once per text
 * (server/db/pglite-statements.ts, decision 150).
 */
export function preparedPerDatabase<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const byDatabase = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A hand-written statement (`sql` with `sql.placeholder` values) prepared the same way: its text
 * is built once, and on PostgreSQL it is a named statement. `execute(values)` answers the driver's
 * result, `{ rows }` with the columns as the statement names them (decision 148).
 */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return preparedPerDatabase((db) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return {
      execute: (values: Record<string, unknown>) => prepared.execute(values) as Promise<{ rows: Row[] }>,
    };
  });
}
