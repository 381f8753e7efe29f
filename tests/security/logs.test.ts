import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestDatabase } from '../../server/test/test-app';

/**
 * Logs are structured JSON (pino) with a request id on every request line, and never carry a
 * password, a cookie, a session token or an Authorization header, whatever happens: sign-up,
 * sign-in, failures, unexpected errors (whose database error text would otherwise include
 * every bound value of the failed query).
 */
const PASSWORD = 'Pa55word-only-in-the-request-7f3a';
const BEARER = 'bearer-token-never-logged-91c2';
const lines: string[] = [];
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: ':memory:', NODE_ENV: 'test' }),
    logLevel: 'info',
    webDist: '/nonexistent',
    databaseUrl: undefined,
  };
  app = await buildApp({
    config,
    database: created.database,
    closeDatabase: false,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  // Failures the app cannot produce on demand: an unexpected database error (Drizzle puts the
  // query's bound values in its message) and a dropped database connection.
  app.post('/api/test-only/explode', async (request) => {
    const body = request.body as { password?: string };
    const error = new Error(
      `Failed query: update "users" set "password_hash" = $1\nparams: ${body.password},${request.headers.cookie}`,
    );
    error.name = 'DrizzleQueryError';
    throw error;
  });
  app.get('/api/test-only/db-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

describe('logs', () => {
  it('are JSON with request ids, and hold no password, cookie or token', async () => {
    const register = await app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        username: 'log_person',
        email: 'log@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      },
    });
    expect(register.statusCode).toBe(201);
    const token = register.cookies.find((c) => c.name === 'shro_sid')!.value;
    const cookie = `shro_sid=${token}`;
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'log_person', password: PASSWORD },
    });
    const token2 = login.cookies.find((c) => c.name === 'shro_sid')!.value;
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'log_person', password: `${PASSWORD}-wrong` },
    });
    await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `shro_sid=${token2}`, authorization: `Bearer ${BEARER}` },
    });
    await app.inject({
      method: 'PUT',
      url: '/api/auth/username',
      headers: { cookie: `shro_sid=${token2}` },
      payload: { username: 'x' },
    });
    const exploded = await app.inject({
      method: 'POST',
      url: '/api/test-only/explode',
      headers: { cookie: `shro_sid=${token2}` },
      payload: { password: PASSWORD },
    });
    expect(exploded.statusCode).toBe(500);
    expect(exploded.json()).toEqual({ message: 'Something went wrong. Please try again.', code: expect.any(String) });
    const down = await app.inject({ method: 'GET', url: '/api/test-only/db-down', headers: { cookie } });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'Service temporarily unavailable', code: expect.any(String) });
    await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `shro_sid=${token2}` } });
    // A share-token path that matches no route: its URL (which could hold a token) is not logged.
    const unmatched = await app.inject({ method: 'GET', url: `/api/no-such-route/${BEARER}?token=${BEARER}` });
    expect(unmatched.statusCode).toBe(404);
    const requestCount = 9;

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(typeof entry.level).toBe('number');
      expect(typeof entry.time).toBe('number');
    }
    // Every line about a request names it.
    const requestLines = entries.filter((e) => e.req || e.res || e.err || e.responseTime !== undefined);
    expect(requestLines.length).toBeGreaterThanOrEqual(requestCount);
    for (const entry of requestLines) expect(entry.reqId, JSON.stringify(entry)).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    // Exactly one request line per request (not Fastify's two), with exactly these fields.
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed).toHaveLength(requestCount);
    expect(new Set(completed.map((e) => e.reqId)).size).toBe(requestCount);
    expect(entries.filter((e) => e.req || e.res)).toEqual([]);
    for (const entry of completed) {
      const { level, time, pid, hostname, reqId, msg, method, route, statusCode, responseTime, userId, ...rest } =
        entry;
      expect(rest, JSON.stringify(entry)).toEqual({});
      expect(level).toBe(30);
      expect(typeof method).toBe('string');
      expect(route === null || typeof route === 'string').toBe(true);
      expect(typeof statusCode).toBe('number');
      expect(typeof responseTime).toBe('number');
      if (userId !== undefined) expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    }
    // Byte for byte what the app's own logger writes for the same fields from a request's logger
    // (decision 156: the request line is formatted without it), the time apart.
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    for (const raw of lines.filter((line) => line.includes('"msg":"request completed"'))) {
      const { reqId, method, route, statusCode, responseTime, userId } = JSON.parse(raw) as Record<string, unknown>;
      const written = lines.length;
      app.log
        .child({ reqId })
        .info({ method, route, statusCode, responseTime, ...(userId ? { userId } : {}) }, 'request completed');
      expect(lines).toHaveLength(written + 1);
      expect(withoutTime(lines.pop()!)).toBe(withoutTime(raw));
    }
    const lineOf = (method: string, route: string | null) =>
      completed.filter((e) => e.method === method && e.route === route);
    expect(lineOf('POST', '/api/register')).toMatchObject([{ statusCode: 201 }]);
    expect(lineOf('POST', '/api/login').map((e) => e.statusCode)).toEqual([200, 401]);
    const me = lineOf('GET', '/api/auth/user');
    expect(me).toMatchObject([{ statusCode: 200, userId: expect.any(String) }]);
    // A signed-in request names its user (once the route has looked them up); a visitor's names nobody.
    expect(lineOf('PUT', '/api/auth/username')).toMatchObject([{ userId: me[0]!.userId }]);
    expect(lineOf('POST', '/api/test-only/explode')).toMatchObject([{ statusCode: 500 }]);
    expect(lineOf('GET', null)).toMatchObject([{ statusCode: 404 }]);
    expect(lineOf('GET', null)[0]).not.toHaveProperty('userId');
    // The unexpected error is logged once, with its request id and the query, but not its values.
    const failure = entries.find((e) => e.msg === 'unhandled error')!;
    expect(failure.reqId).toBe(lineOf('POST', '/api/test-only/explode')[0]?.reqId);
    expect(JSON.stringify(failure.err)).toContain('Failed query');
    expect(JSON.stringify(failure.err)).toContain('[redacted]');
    // The outage is logged as a warning with its code.
    expect(entries.some((e) => e.msg === 'database unavailable' && e.code === 'ECONNREFUSED')).toBe(true);

    for (const secret of [PASSWORD, token, token2, decodeURIComponent(token2), BEARER, 'shro_sid=']) {
      expect(text.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
    // The argon2 hash never appears either.
    expect(text).not.toMatch(/\$argon2id\$/);
  });
});
