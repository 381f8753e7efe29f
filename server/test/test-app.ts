import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../features/push/push-service-hosts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new throw-away database on DATABASE_URL. */
export async function createTestDatabase(): Promise<{
  database: Database;
  /** PostgreSQL only: where the throw-away database is, for a second connection (a second instance). */
  url?: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const templatePath = inject('pgliteTemplatePath');
    const pgliteTemplate = templatePath ? new Blob([fs.readFileSync(templatePath)]) : undefined;
    const database = await openDatabase({ dataDir: ':memory:', pgliteTemplate });
    return { database, drop: () => database.close() };
  }
  const name = `shro_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ dataDir: ':memory:', databaseUrl: testUrl.toString(), poolSize: 5 });
  return {
    database,
    url: testUrl.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Builds the app on a fresh database, as production does, with test-friendly overrides. */
export type TestConfigOverrides = Omit<Partial<AppConfig>, 'rateLimits'> & {
  rateLimits?: Partial<AppConfig['rateLimits']>;
};

/** The browsers' push services and the made-up host test subscriptions use (PUSH_SERVICE_HOSTS, decision 116). */
export const TEST_PUSH_SERVICE_HOSTS = [...DEFAULT_PUSH_SERVICE_HOSTS, 'push.example.com'];

/** For files that make many writes: a write limit none of their tests reaches. */
export const withoutWriteLimits: TestConfigOverrides = { rateLimits: { writesPerUser: 100_000, writesPerIp: 100_000 } };

/** For suites that call every route as every role: no per-user or per-IP limit is reached. */
export const withoutRateLimits: TestConfigOverrides = {
  rateLimits: {
    writesPerUser: 1_000_000,
    writesPerIp: 1_000_000,
    readsPerUser: 1_000_000,
    readsPerIp: 1_000_000,
    registrationsPerIp: 1_000_000,
    loginFailuresPerIp: 1_000_000,
    loginFailuresPerUsername: 1_000_000,
    passwordResetsPerIp: 1_000_000,
    passwordResetsPerTarget: 1_000_000,
    accountExportsPerUser: 1_000_000,
  },
};

export async function createTestApp(overrides: TestConfigOverrides = {}): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const config: AppConfig = {
    ...base,
    databaseUrl: undefined,
    webDist: '/nonexistent',
    // Test files run in parallel against one Redis: each app gets its own keys and live channel.
    redisPrefix: `shro-test-${randomUUID().slice(0, 8)}`,
    // Subscriptions in tests point at push.example.com (never sent to: it has no push service).
    pushServiceHosts: TEST_PUSH_SERVICE_HOSTS,
    ...overrides,
    rateLimits: { ...base.rateLimits, ...overrides.rateLimits },
  };
  const app = await buildApp({ config, database, closeDatabase: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
