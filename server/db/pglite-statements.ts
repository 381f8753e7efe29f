import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { LruCache } from '../lib/lru-cache';

/** The largest statement kept: the app's own are shorter; seeds' multi-row inserts are not. */
const MAX_TEXT = 8_000;
const MAX_PARAMETERS = 100;

/** Statement names are unique in the process, so two caches on one session never take the same. */
let nextName = 0;

/**
 * PGlite's statements, prepared once each (decision 150). `PGlite.query` runs every statement as
 * an unnamed one: six protocol exchanges with the database (parse, describe, bind, describe,
 * execute, sync), and PostgreSQL parses, analyses and plans its text each time. A statement cache
 * keeps, per SQL text, a named statement of PGlite's one session: a call is then one message
 * (bind, describe, execute, sync), and PostgreSQL reuses the parse and, once a generic plan costs
 * no more than a custom one, the plan; the pick's statement costs a fraction of its CPU through
 * `query` (decision 150). Drivers of the network database do the same (node-postgres
 * with named statements, postgres.js and pgx by default).
 *
 * The cache holds the most recently used `size` texts; an evicted statement is closed. A query
 * with options this does not handle (a blob for COPY, a notice handler, its own parameter types,
 * serializers or parsers), or a large one (a multi-row insert whose parse tree and plan would stay
 * in the database's memory), goes through `query` as before.
 */
export function statementCache(client: PGlite, size = 256) {
  /** Statements the cache dropped, closed right after the statement that pushed them out is prepared. */
  const toClose: string[] = [];
  /** The named statement of each text, with its parameters' types. */
  const statements = new LruCache<{ name: string; parameterTypes: number[] }>(
    size,
    Number.POSITIVE_INFINITY,
    (dropped) => toClose.push(dropped.name),
  );

  async function prepared(text: string) {
    const known = statements.get(text);
    if (known) return known;
    const name = `shro_${nextName++}`;
    const described = await client
      .execProtocol(
        joined([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })]),
      )
      .catch(withStatement(text));
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(text, statement);
    for (const dropped of toClose.splice(0)) {
      await client.execProtocol(joined([protocol.serialize.close({ type: 'S', name: dropped })]));
    }
    return statement;
  }

  /** One statement on the session; the caller holds PGlite's query mutex. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const { name, parameterTypes } = await prepared(text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = client.serializers[parameterTypes[index]!];
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
      .catch(withStatement(text));
    const [result] = parse.parseResults(messages, client.parsers, options);
    return (result ?? { rows: [], fields: [] }) as Results<T>;
  }

  return {
    /** Whether `query` takes this statement (else PGlite's own `query` runs it). */
    handles: (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
      text.length <= MAX_TEXT &&
      (params?.length ?? 0) <= MAX_PARAMETERS &&
      !options?.blob &&
      !options?.onNotice &&
      !options?.paramTypes &&
      !options?.serializers &&
      !options?.parsers,
    /** As `PGlite.query`: queued behind transactions and other queries. */
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      return client
        ._checkReady()
        .then(() =>
          client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params, options))),
        );
    },
    /** As a transaction's `query`: the transaction holds the transaction mutex already. */
    queryInTransaction<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      return client._runExclusiveQuery(() => run<T>(text, params, options));
    },
  };
}

/** As PGlite.query's errors do: an error names the statement that failed (its values stay out of logs). */
const withStatement =
  (text: string) =>
  (error: unknown): never => {
    if (error instanceof Error) Object.assign(error, { query: text });
    throw error;
  };

/** Protocol messages sent as one, ended by Sync (the session is ready for the next query after it). */
const joined = (messages: Uint8Array[]): Uint8Array => Buffer.concat([...messages, protocol.serialize.sync()]);
