import type { Db } from './client';

/**
 * A statement that runs on every request, built once per database instead of once per call: drizzle
 * then keeps its SQL text, and PostgreSQL its plan (a named statement, prepared once per pooled
 * connection). Values go in through `sql.placeholder(name)`. A transaction's `tx` is a new object
 * each time, so there the statement is simply built again: use this for the hot reads outside
 * transactions (docs/decisions/134-prepared-hot-statements.md).
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
