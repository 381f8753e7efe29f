import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { SseClient } from '../../test/sse-client';
import { createTestApp, type TestConfigOverrides, type TestContext } from '../../test/test-app';

/**
 * Issue 10 item 3: visitors (no auth cookie) could hold any number of live channels from one
 * address. They are capped per IP (LIVE_MAX_VISITOR_CHANNELS_PER_IP), counted across instances
 * through Redis when REDIS_URL is set and per instance when Redis is away; signed-in users keep
 * their own per-user cap and do not use up the address's visitor slots.
 */
const CAP = 3;
const redisUrl = process.env.REDIS_URL;
const started: TestContext[] = [];
const clients: SseClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  for (const ctx of started) await ctx.close();
});

async function start(overrides: TestConfigOverrides = {}) {
  const ctx = await createTestApp({ liveMaxVisitorChannelsPerIp: CAP, ...overrides });
  started.push(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, base: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}` };
}

async function live(base: string, cookie?: string) {
  const client = await SseClient.open(`${base}/api/live`, cookie ? { cookie } : {});
  clients.push(client);
  return client;
}

/** A refused open, read whole: status, Retry-After and the `{message}` body. */
async function refusedOpen(base: string) {
  const response = await fetch(`${base}/api/live`, {
    headers: { accept: 'text/event-stream' },
    // An accepted channel never ends: give up instead of waiting for it.
    signal: AbortSignal.timeout(3000),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

/** The server sees a closed channel when the socket closes; give it a moment (and Redis a round trip). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function expectRefused(base: string) {
  const refused = await refusedOpen(base);
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect(refused.body).toEqual({ message: 'Too many open live channels', code: expect.any(String) });
}

describe('visitor live channels per address', () => {
  it('past the cap a visitor gets 429 with Retry-After; a signed-in user still gets a channel; a closed channel frees its slot', async () => {
    const { ctx, base } = await start();
    const open = [];
    for (let i = 0; i < CAP; i++) {
      const client = await live(base);
      expect(client.status).toBe(200);
      open.push(client);
    }
    await expectRefused(base);

    const member = await createUser(ctx);
    expect((await live(base, member.cookie)).status).toBe(200);

    await open[0]!.close();
    await settle();
    expect((await live(base)).status).toBe(200);
    await expectRefused(base);
  });

  it('with Redis unreachable each instance still holds visitors to the cap on its own', async () => {
    const { base } = await start({ redisUrl: 'redis://127.0.0.1:1' });
    for (let i = 0; i < CAP; i++) expect((await live(base)).status).toBe(200);
    await expectRefused(base);
  });

  describe.skipIf(!redisUrl)(
    redisUrl ? 'two instances on one Redis' : 'two instances on one Redis (skipped: set REDIS_URL to run it)',
    () => {
      it('channels on either instance count against the same cap, and a close on one frees a slot on the other', async () => {
        // Two instances of one deployment: same Redis, same key prefix, each with its own database.
        const redisPrefix = `shro-test-${randomUUID().slice(0, 8)}`;
        const a = await start({ redisUrl, redisPrefix });
        const b = await start({ redisUrl, redisPrefix });
        const onA = [await live(a.base), await live(a.base)];
        expect(onA.map((c) => c.status)).toEqual([200, 200]);
        expect((await live(b.base)).status).toBe(200);
        await expectRefused(b.base);
        await expectRefused(a.base);

        await onA[0]!.close();
        await settle();
        expect((await live(b.base)).status).toBe(200);
        await expectRefused(a.base);
      });
    },
  );
});
