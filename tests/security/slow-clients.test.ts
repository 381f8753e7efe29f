import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openIdleConnection, requestHead, trickle } from '../../server/test/raw-http';
import { SseClient } from '../../server/test/sse-client';
import { createTestApp, type TestContext } from '../../server/test/test-app';
import { recordFigure } from '../support/figures';

/**
 * The outside test's slow and greedy clients (issue 10, items 2 and 3), replayed against an app
 * at its shipped defaults: a JSON login trickling one byte a second, and one address opening more
 * visitor live channels and more connections than it may. The feature tests prove each bound
 * with small numbers; this proves the defaults bound them, and records the figures.
 */
const defaults = loadConfig({});
let ctx: TestContext;
let port: number;
const figures: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({
    bodyTimeoutMs: defaults.bodyTimeoutMs,
    liveMaxVisitorChannelsPerIp: defaults.liveMaxVisitorChannelsPerIp,
    maxConnectionsPerIp: defaults.maxConnectionsPerIp,
  });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  recordFigure('slowClients', {
    bodyDeadlineMs: defaults.bodyTimeoutMs,
    visitorChannelsPerIp: defaults.liveMaxVisitorChannelsPerIp,
    connectionsPerIp: defaults.maxConnectionsPerIp,
    ...figures,
  });
  await ctx?.close();
});

describe('slow and greedy clients at the default settings', () => {
  it('a JSON login sending one byte a second is answered 408 at the body deadline and signs nobody in', async () => {
    const body = JSON.stringify({ username: 'slowpoke', password: 'x'.repeat(60) }).padEnd(100, ' ');
    const head = requestHead('POST', '/api/login', {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    const exchange = await trickle(port, head, body, {
      chunkSize: 1,
      intervalMs: 1000,
      giveUpMs: defaults.bodyTimeoutMs + 10_000,
    });
    expect(exchange.closedByServer).toBe(true);
    expect(exchange.response).toMatch(/^HTTP\/1\.1 408 /);
    expect(exchange.response).toContain('"message"');
    expect(exchange.response.toLowerCase()).not.toContain('set-cookie');
    expect(exchange.elapsedMs).toBeGreaterThanOrEqual(defaults.bodyTimeoutMs - 100);
    expect(exchange.elapsedMs).toBeLessThan(defaults.bodyTimeoutMs + 3000);
    figures.slowLoginAnsweredAfterMs = Math.round(exchange.elapsedMs);
    figures.slowLoginBytesSent = exchange.bodyBytesSent;
  }, 40_000);

  it('one address gets its visitor live channels up to the cap, then 429', async () => {
    const base = `http://127.0.0.1:${port}`;
    const channels: SseClient[] = [];
    try {
      for (let i = 0; i < defaults.liveMaxVisitorChannelsPerIp; i++) {
        channels.push(await SseClient.open(`${base}/api/live`, {}));
      }
      const refused = await fetch(`${base}/api/live`, {
        headers: { accept: 'text/event-stream' },
        signal: AbortSignal.timeout(5000),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
      figures.visitorChannelsHeld = channels.length;
    } finally {
      await Promise.all(channels.map((channel) => channel.close()));
    }
  }, 60_000);

  it('one address gets its connections up to the cap, then 429 and a closed socket', async () => {
    // Let the channels of the test before close on the server's side.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const held = await Promise.all(
      Array.from({ length: defaults.maxConnectionsPerIp }, () => openIdleConnection(port)),
    );
    try {
      const refused = await trickle(port, requestHead('GET', '/healthz', { connection: 'close' }), '', {
        chunkSize: 1,
        intervalMs: 10,
        giveUpMs: 5000,
      });
      expect(refused.response).toMatch(/^HTTP\/1\.1 429 /);
      expect(refused.closedByServer).toBe(true);
      figures.connectionsHeld = held.length;
    } finally {
      await Promise.all(held.map((connection) => connection.close()));
    }
  }, 60_000);
});
