import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { statementCache } from './pglite-statements';
import * as schema from './schema/index';

type Schema = typeof schema;
/** The one database type every query is written against, whatever the driver underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite only: a snapshot of the whole database, loadable with `pgliteTemplate`. */
  dumpDataDir?: () => Promise<Blob | File>;
  /** Cheap round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database, or `:memory:`. */
  dataDir: string;
  poolSize?: number;
  /** In-memory only: start from this dump of an already-migrated database (fast test set-up). */
  pgliteTemplate?: Blob;
}

/**
 * For a long-running server on the embedded database, called before `openDatabase`: V8 compiles
 * PGlite's WebAssembly once, fully optimised, instead of a quick baseline copy of every function
 * plus optimised copies of the hot ones: less memory for good and faster queries from the first
 * one, for a slower start. Tests open many short-lived databases and keep the quicker start
 * (decision 132).
 */
export function compileEmbeddedDatabaseOptimised() {
  v8.setFlagsFromString('--no-liftoff');
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.pgliteTemplate);
}

/**
 * The types drizzle has PGlite hand back as text, because drizzle parses them itself
 * (drizzle-orm/pglite/session.js). drizzle passes these parsers with every query, and PGlite
 * then copies its whole table of parsers to merge them in, a large part of a short statement's
 * time (decision 133). So `leanQueries` puts these parsers in the client's own table once and
 * drops them from each call: the results are the same.
 */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;
const drizzleParsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, asText]));
const drizzleTypeKeys = new Set(DRIZZLE_TEXT_TYPES.map(String));

type PgliteQueryOptions = Parameters<PGlite['query']>[2];

/** The options without `parsers` when those are only drizzle's text types (already the client's own). */
function withoutDrizzleParsers(options: PgliteQueryOptions): PgliteQueryOptions {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) if (!drizzleTypeKeys.has(key)) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * Puts drizzle's parsers into the client's own table (after it is ready: its array types are read
 * from the database then, and would replace them), and every query of this client, inside
 * transactions too, goes without drizzle's per-query copy, through the statement cache
 * (decision 150) when the cache takes the statement.
 */
function leanQueries(client: PGlite): void {
  Object.assign(client.parsers, drizzleParsers);
  const statements = statementCache(client);
  type Query = PGlite['query'];
  const lean =
    (own: Query, cached: Query, cacheOpen: () => boolean): Query =>
    (text, params, options) => {
      const rest = withoutDrizzleParsers(options);
      return cacheOpen() && statements.handles(text, params, rest)
        ? cached(text, params, rest)
        : own(text, params, rest);
    };
  client.query = lean(client.query.bind(client), statements.query, () => true);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback) =>
    transaction((tx) => {
      // A transaction that has ended: its own query refuses the call ("Transaction is closed").
      tx.query = lean(tx.query.bind(tx), statements.queryInTransaction, () => !tx.closed);
      return callback(tx);
    })) as PGlite['transaction'];
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  let client: PGlite;
  // Explore search indexes titles and hashtags with trigrams (migration 0004).
  const extensions = { pg_trgm };
  // PostgreSQL's default 128 MB of shared buffers live inside the server's own memory here; 16 MB
  // keeps a seeded server under 400 MB RSS (decisions 098 and 132).
  const settings = { extensions, postgresqlconf: ['shared_buffers=16MB'] };
  if (dataDir === ':memory:') {
    client = template ? new PGlite({ loadDataDir: template, ...settings }) : new PGlite(settings);
  } else {
    const dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, settings);
  }
  await client.waitReady;
  leanQueries(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // While PostgreSQL is down or restarting, a request must fail fast (503) rather than hang:
  // getting a connection (or a pool slot) may take 3 s, then the error handler answers 503.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 3000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may a dropped connection that is checked out (a transaction in progress when PostgreSQL
  // restarts or crashes): pg emits 'error' on the client, and the pool listens only while it is
  // idle. The query in flight fails (→ 503) and the pool discards the dead client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg(pool, { schema });
  // Several instances may start together: one migrates, the others wait on the lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(727274)');
    await migrateNodePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock(727274)').catch(() => {});
    lockClient.release();
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
