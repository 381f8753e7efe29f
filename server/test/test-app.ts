import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword } from '../features/auth/password';

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

export async function createTestApp(overrides: TestConfigOverrides = {}): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const config: AppConfig = {
    ...base,
    databaseUrl: undefined,
    webDist: '/nonexistent',
    // Test files run in parallel against one Redis: each app gets its own keys and live channel.
    redisPrefix: `shro-test-${randomUUID().slice(0, 8)}`,
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

let knownHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'secret123';

/** Inserts a user straight into the database (password `TEST_PASSWORD`), bypassing the UI and API. */
export async function insertTestUser(database: Database, username = `user_${randomUUID().slice(0, 8)}`) {
  knownHash ??= hashPassword(TEST_PASSWORD);
  const [row] = await database.db
    .insert(users)
    .values({
      id: randomUUID(),
      username,
      email: `${username.toLowerCase()}@example.com`,
      passwordHash: await knownHash,
    })
    .returning();
  return row!;
}

/** The `name=value` pair of the auth cookie a response set, for the next request's Cookie header. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'shro_sid');
  if (!cookie) throw new Error(`no auth cookie in response ${response.statusCode}: ${response.body}`);
  return `shro_sid=${cookie.value}`;
}

/** Signs a user in through the real login call and returns the Cookie header to use. */
export async function signIn(app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  return cookieFrom(response);
}

/** A user in the database plus a signed-in cookie for them. */
export async function createSignedInUser(ctx: TestContext, username?: string) {
  const user = await insertTestUser(ctx.database, username);
  const cookie = await signIn(ctx.app, user.username);
  return { user, cookie };
}
