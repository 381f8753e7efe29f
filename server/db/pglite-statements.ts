import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * PGlite's statements, prepared once each (decision 150). `PGlite.query` runs every statement as
 * an unnamed one: six protocol exchanges with the database (parse, describe, bind, describe,
 * execute, sync), and PostgreSQL parses, analyses and plans its text each time. A statement cache
 * keeps, per SQL text, a named statement of PGlite's one session: a call is then one message
 * (bind, describe, execute, sync), and PostgreSQL reuses the parse and, once a generic plan costs
 * no more than a custom one, the plan. The pick's statement cost 0.43-0.85 ms of CPU this way
 * against 1.36-2.50 ms through `query`. Drivers of the network database do the same (node-postgres
 * with named statements, postgres.js and pgx by default).
 *
 * The cache holds the most recently used `size` texts; an evicted statement is closed. A query
 * with options this does not handle (a blob for COPY, a notice handler, its own parameter types,
 * serializers or parsers), or a large one (a multi-row insert whose parse tree and plan would stay in the
 * database's memory), goes through `query` as before.
 */
/** The largest statement kept: the app's own are shorter; seeds' multi-row inserts are not. */
const MAX_TEXT = 8_000;
const MAX_PARAMETERS = 100;

/** Statement names are unique in the process, so two caches on one session never take the same. */
let nextName = 0;

export function statementCache(client: PGlite, size = 256) {
  /** The named statement of each text, most recently used last, with its parameters' types. */
  const statements = new Map<string, { name: string; parameterTypes: number[] }>();

  async function prepared(text: string) {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `shro_${nextName++}`;
    const described = await client
      .execProtocol(
        joined([protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name })]),
      )
      .catch(withStatement(text));
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described.messages) };
    statements.set(text, statement);
    if (statements.size > size) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await client.execProtocol(joined([protocol.serialize.close({ type: 'S', name: oldest.name })]));
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
