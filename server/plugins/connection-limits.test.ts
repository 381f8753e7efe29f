import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdleConnection, requestHead, trickle } from '../test/raw-http';
import { createTestApp, type TestContext } from '../test/test-app';
import { TOO_MANY_CONNECTIONS } from './connection-limits';

/**
 * Issue 10 item 2: one address could open as many connections as it liked. Past
 * MAX_CONNECTIONS_PER_IP open sockets, a new one gets 429 {message} and is closed; one that sends
 * nothing is closed anyway; a slot frees up when a connection closes.
 */
const CAP = 3;
let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ maxConnectionsPerIp: CAP });
  port = Number(new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => ctx.close());

const health = (on = port) =>
  trickle(on, requestHead('GET', '/healthz', { connection: 'close' }), '', {
    chunkSize: 1,
    intervalMs: 10,
    giveUpMs: 5000,
  });

/** The server counts a close when it sees it; give it a moment. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('open connections per client address', () => {
  it('past the cap a new connection is answered 429 {message} with Retry-After and closed; a closed one frees its slot', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => openIdleConnection(port)));
    const refused = await health();
    expect(refused.response).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused.response.toLowerCase()).toMatch(/\r\nretry-after: \d+\r\n/);
    expect(refused.response.toLowerCase()).toContain('connection: close');
    expect(
      refused.response.endsWith(
        JSON.stringify({ message: TOO_MANY_CONNECTIONS, code: 'transport.tooManyConnections' }),
      ),
    ).toBe(true);
    expect(refused.closedByServer).toBe(true);

    await held[0]!.close();
    await settle();
    const served = await health();
    expect(served.response).toMatch(/^HTTP\/1\.1 200 /);
    await Promise.all(held.map((c) => c.close()));
  });

  it('a connection past the cap that sends nothing is closed within about a second', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => openIdleConnection(port)));
    const extra = await openIdleConnection(port);
    const started = performance.now();
    const closed = await Promise.race([
      extra.closed.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000)),
    ]);
    expect(closed).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
    // The connections within the cap are left alone.
    expect(held.every((c) => !c.socket.destroyed)).toBe(true);
    await Promise.all([...held, extra].map((c) => c.close()));
  });

  it('behind a trusted proxy every client shares its address: the socket cap is left to the proxy', async () => {
    const proxied = await createTestApp({ maxConnectionsPerIp: 1, trustProxy: true });
    try {
      const proxiedPort = Number(new URL(await proxied.app.listen({ host: '127.0.0.1', port: 0 })).port);
      const held = await openIdleConnection(proxiedPort);
      const served = await health(proxiedPort);
      expect(served.response).toMatch(/^HTTP\/1\.1 200 /);
      await held.close();
    } finally {
      await proxied.close();
    }
  });
});
