import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createShro, createUser } from '../../test/factories';
import { SseClient } from '../../test/sse-client';
import { createTestApp, type TestContext } from '../../test/test-app';

/** REDIS_URL points at nothing: the instance must keep working on its own. */
let ctx: TestContext;
let base: string;

beforeAll(async () => {
  ctx = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

it('with Redis unreachable, publishing never fails a write and watchers here still get events', async () => {
  expect(ctx.app.bus.kind).toBe('redis');
  expect(ctx.app.bus.coherent).toBe(false);
  const creator = await createUser(ctx);
  const picker = await createUser(ctx);
  const shro = await createShro(ctx, creator.cookie);
  const channel = await SseClient.open(`${base}/api/live?watch=${shro.id}`, { cookie: creator.cookie });
  const response = await fetch(`${base}/api/sessions/${shro.id}/select`, {
    method: 'POST',
    headers: { cookie: picker.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ boxId: shro.boxes[0]!.id }),
  });
  expect(response.status).toBe(200);
  const opened = await channel.next((m) => m.json.type === 'shro.picked');
  // Delivered locally, without an id: it could not be resumed from, so none is claimed.
  expect(opened.id).toBeUndefined();
  // Caches are bypassed while the bus cannot reach other instances: reads are fresh.
  const view = await ctx.app.inject({
    method: 'GET',
    url: `/api/sessions/${shro.id}`,
    headers: { cookie: creator.cookie },
  });
  expect(view.json().participantCount).toBe(1);
  // A resume cannot be vouched for: the client is told to refetch.
  const resumed = await SseClient.open(`${base}/api/live`, { cookie: creator.cookie, 'last-event-id': '5' });
  await resumed.next((m) => m.json.type === 'resync');
  await Promise.all([channel.close(), resumed.close()]);
});
