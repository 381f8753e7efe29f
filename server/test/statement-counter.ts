import pg from 'pg';
import type { Database } from '../db/client';

/**
 * Counts the SQL statements the app sends, BEGIN and COMMIT included, on either driver: on
 * PostgreSQL every client's `query` (all pools of the process), on the embedded database its one
 * client's queries and transactions. For tests that bound what an action costs.
 */
export interface StatementCounter {
  /** Statements since the counter started (or since `reset`). */
  readonly count: number;
  /** The statements' first words, by how often they ran. */
  readonly byKind: Map<string, number>;
  reset(): void;
  stop(): void;
}

const kindOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 70).toLowerCase();

export function countStatements(database: Database): StatementCounter {
  let count = 0;
  let byKind = new Map<string, number>();
  const seen = (text: unknown) => {
    count += 1;
    const kind = kindOf(typeof text === 'string' ? text : ((text as { text?: string })?.text ?? '?'));
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  };
  const restore: (() => void)[] = [];
  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      seen(args[0]);
      return original.apply(this, args);
    };
    restore.push(() => {
      proto.query = original;
    });
  } else {
    type Queryable = { query: (...args: unknown[]) => unknown; exec: (...args: unknown[]) => unknown };
    const client = (database.db as unknown as { $client: Queryable & { transaction: (fn: unknown) => unknown } })
      .$client;
    const wrap = (target: Queryable) => {
      const query = target.query;
      const exec = target.exec;
      target.query = (...args: unknown[]) => {
        seen(args[0]);
        return query.apply(target, args);
      };
      target.exec = (...args: unknown[]) => {
        seen(args[0]);
        return exec.apply(target, args);
      };
      return () => {
        target.query = query;
        target.exec = exec;
      };
    };
    restore.push(wrap(client));
    const transaction = client.transaction;
    client.transaction = (fn: unknown) =>
      transaction.call(client, (tx: Queryable) => {
        seen('begin');
        seen('commit');
        wrap(tx);
        return (fn as (tx: Queryable) => unknown)(tx);
      });
    restore.push(() => {
      client.transaction = transaction;
    });
  }
  return {
    get count() {
      return count;
    },
    get byKind() {
      return byKind;
    },
    reset() {
      count = 0;
      byKind = new Map();
    },
    stop() {
      for (const undo of restore.reverse()) undo();
    },
  };
}
