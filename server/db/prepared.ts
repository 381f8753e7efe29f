import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement that runs on every request, built once per database instead of once per call: drizzle
 * then keeps its SQL text, and PostgreSQL its plan (a named statement, prepared once per pooled
 * connection). Values go in through `sql.placeholder(name)`. A transaction's `tx` is a new object
 * each time, so there the statement is simply built again: use this for the hot statements outside
 * transactions, the reads of decision 134 and the pick's write (`preparedSql`, decision 148).
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

/** Each `preparedSql` statement's text by its name: for errors, and for the tests' statement counter. */
const preparedTexts = new Map<string, string>();
export const preparedText = (name: string): string | undefined => preparedTexts.get(name);

/**
 * A hand-written statement (`sql` with `sql.placeholder` values) prepared the same way: its text
 * is built once, and the database parses and plans it once (decisions 148, 150). On PostgreSQL it
 * is a named statement of drizzle's (prepared once per pooled connection). On PGlite, outside a
 * transaction, it is a named statement of PGlite's single session (`pglitePrepared`); inside one,
 * drizzle runs it as any other statement. `execute(values)` answers `{ rows }`, with the columns
 * as the statement names them and PGlite's or the driver's parsers applied.
 */
export function preparedSql<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  preparedTexts.set(name, query.sql);
  return preparedPerDatabase((db) => {
    const client: unknown = (db._.session as unknown as { client?: unknown }).client;
    if (client instanceof PGlite) {
      const run = pglitePrepared(client, name, query.sql);
      // drizzle's placeholders, in the order of their $n.
      const names = query.params.map((param) => (param as { name: string }).name);
      return {
        execute: async (values: Record<string, unknown>) =>
          (await run(names.map((key) => values[key]))) as unknown as { rows: Row[] },
      };
    }
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return {
      execute: (values: Record<string, unknown>) => prepared.execute(values) as Promise<{ rows: Row[] }>,
    };
  });
}

/**
 * A named statement on PGlite: parsed (and described) once, then each call is one message to the
 * database (bind, describe, execute, sync) instead of the six of `PGlite.query` (parse, describe,
 * bind, describe, execute, sync), and PostgreSQL plans it as a prepared statement (after five
 * calls, a generic plan when it costs no more). PGlite has one session for its whole life, so the
 * statement stays prepared. The pick's statement cost 0.69-0.89 ms of CPU this way against
 * 1.36-2.50 ms through `query` (decision 150). Calls queue behind transactions and other queries,
 * as `PGlite.query`'s do.
 */
function pglitePrepared(client: PGlite, name: string, text: string) {
  let parameterTypes: number[] | undefined;
  return (params: unknown[]) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        if (!parameterTypes) {
          const described = await client.execProtocol(
            joined([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })]),
          );
          parameterTypes = parse.parseDescribeStatementResults(described.messages);
        }
        const types = parameterTypes;
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serialize = client.serializers[types[index]!];
          return serialize ? serialize(value) : String(value);
        });
        const { messages } = await client
          .execProtocol(
            joined([
              protocol.serialize.bind({ statement: name, values }),
              protocol.serialize.describe({ type: 'P' }),
              protocol.serialize.execute({}),
            ]),
          )
          .catch((error: unknown) => {
            // As PGlite.query's errors say: which statement failed (its values stay out of logs).
            if (error instanceof Error) Object.assign(error, { query: text });
            throw error;
          });
        const [result] = parse.parseResults(messages, client.parsers);
        return result ?? { rows: [], fields: [] };
      }),
    );
}

/** Protocol messages sent as one, ended by Sync (the session is ready for the next query after it). */
function joined(messages: Uint8Array[]): Uint8Array {
  const all = [...messages, protocol.serialize.sync()];
  const out = new Uint8Array(all.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of all) {
    out.set(message, at);
    at += message.length;
  }
  return out;
}
