import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../db/schema/index';
import { createUser, gameRowCounts, TEST_PASSWORD, textOptions } from '../test/factories';
import { multipart } from '../test/multipart';
import { requestHead, trickle } from '../test/raw-http';
import { createTestApp, type TestContext } from '../test/test-app';
import { BODY_TOO_SLOW } from './body-deadline';

/**
 * Issue 10 item 2: a client that sends its request slowly must not hold a connection for ever.
 * Real sockets against a listening app, with deadlines shrunk so the suite stays fast: a JSON
 * body trickled a byte at a time, headers trickled, a body nobody will read, and an upload that
 * outlives the whole-request ceiling. Each is answered (or closed) at its deadline and writes nothing.
 */
const BODY_MS = 400;
const HEADERS_MS = 400;
const REQUEST_MS = 1500;
/** Generous slack for a loaded machine: the point is seconds versus the minutes it took before. */
const SLACK_MS = 1500;

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ bodyTimeoutMs: BODY_MS, headersTimeoutMs: HEADERS_MS, requestTimeoutMs: REQUEST_MS });
  port = Number(new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => ctx.close());

const sessionCount = async () => (await ctx.database.db.select({ n: count() }).from(authSessions))[0]!.n;

/** A valid login body padded with JSON whitespace to exactly `size` bytes. */
const loginBody = (username: string, size = 100) => {
  const json = JSON.stringify({ username, password: TEST_PASSWORD });
  expect(json.length).toBeLessThanOrEqual(size);
  return json.padEnd(size, ' ');
};

describe('request deadlines over real connections', () => {
  it('a JSON login with Content-Length 100 sending one byte at a time gets 408 {message} at the body deadline, the connection closes, no auth session is made', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const before = await sessionCount();
    const exchange = await trickle(
      port,
      requestHead('POST', '/api/login', { 'content-type': 'application/json', 'content-length': 100 }),
      loginBody(user.username),
      // 100 bytes at one per 50 ms would take 5 s: the deadline cuts it off long before.
      { chunkSize: 1, intervalMs: 50, giveUpMs: 8000 },
    );
    expect(exchange.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.response.toLowerCase()).toContain('connection: close');
    expect(exchange.response.endsWith(JSON.stringify({ message: BODY_TOO_SLOW, code: 'transport.bodyTooSlow' }))).toBe(
      true,
    );
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeGreaterThanOrEqual(BODY_MS - 50);
    expect(exchange.elapsedMs).toBeLessThan(BODY_MS + SLACK_MS);
    expect(exchange.bodyBytesSent).toBeLessThan(100);
    expect(await sessionCount()).toBe(before);
  });

  it('the same login sent at a normal pace still signs in', async () => {
    const user = await createUser(ctx, { signedIn: false });
    const before = await sessionCount();
    const exchange = await trickle(
      port,
      requestHead('POST', '/api/login', {
        'content-type': 'application/json',
        'content-length': 100,
        connection: 'close',
      }),
      loginBody(user.username),
      { chunkSize: 25, intervalMs: 20, giveUpMs: 8000 },
    );
    expect(exchange.response).toMatch(/^HTTP\/1\.1 200 /);
    expect(exchange.response).toContain('shro_sid=');
    expect(await sessionCount()).toBe(before + 1);
  });

  it('a body the server never reads (415 at once) still cannot keep the connection open past the deadline', async () => {
    const exchange = await trickle(
      port,
      requestHead('POST', '/api/login', { 'content-type': 'text/plain', 'content-length': 100 }),
      'x'.repeat(100),
      { chunkSize: 1, intervalMs: 50, giveUpMs: 8000 },
    );
    expect(exchange.response).toMatch(/^HTTP\/1\.1 415 /);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(BODY_MS + SLACK_MS);
    expect(exchange.bodyBytesSent).toBeLessThan(100);
  });

  it('headers sent one byte at a time get 408 {message} at the headers deadline', async () => {
    const exchange = await trickle(port, 'GET /healthz HTTP/1.1\r\n', `x-slow: ${'a'.repeat(200)}\r\n\r\n`, {
      chunkSize: 1,
      intervalMs: 50,
      giveUpMs: 8000,
    });
    expect(exchange.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.response).toContain(
      JSON.stringify({ message: 'The request took too long', code: 'server.requestTimeout' }),
    );
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeLessThan(HEADERS_MS + SLACK_MS);
  });

  it('an upload that keeps a good pace but outlives the whole-request ceiling gets 408 and creates nothing', async () => {
    const { cookie } = await createUser(ctx);
    const { payload, headers } = await multipart({
      title: 'Where do we eat?',
      type: 'text',
      textOptions: textOptions('Pizza', 'Sushi', 'Tacos', 'Curry'),
      notes: 'n'.repeat(20_000),
    });
    const rowsBefore = await gameRowCounts(ctx);
    const exchange = await trickle(
      port,
      requestHead('POST', '/api/sessions', { ...headers, cookie, 'content-length': payload.length }),
      payload,
      // About 10 KB/s, far above nothing and well under a second per chunk: only the ceiling stops it.
      { chunkSize: 500, intervalMs: 50, giveUpMs: 8000 },
    );
    expect(exchange.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.elapsedMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(exchange.elapsedMs).toBeLessThan(REQUEST_MS + SLACK_MS);
    expect(exchange.bodyBytesSent).toBeLessThan(payload.length);
    expect(await gameRowCounts(ctx)).toEqual(rowsBefore);
  });

  it("Node's own timeouts are the configured ones", () => {
    expect(ctx.app.server.headersTimeout).toBe(HEADERS_MS);
    expect(ctx.app.server.requestTimeout).toBe(REQUEST_MS);
    expect(ctx.app.server.keepAliveTimeout).toBe(ctx.app.config.keepAliveTimeoutMs);
  });
});
