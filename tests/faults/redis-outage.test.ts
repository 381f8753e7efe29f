import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../server/test/sse-client';
import { recordFigure } from '../support/figures';
import { PrivateCluster } from '../support/postgres-cluster';
import { PrivateRedis } from '../support/redis-server';
import { HttpUser, ServerProcess } from '../support/server-process';

/**
 * Two real servers behind one (imaginary) load balancer, sharing a private PostgreSQL and a
 * private Redis. Redis is killed: both keep serving reads and writes (live push across
 * instances degrades to the browsers' polling); Redis returns: pushes cross instances again.
 */
let cluster: PrivateCluster;
let redis: PrivateRedis;
let a: ServerProcess;
let b: ServerProcess;
let aliceOnA: HttpUser;
let bobOnB: HttpUser;
let aliceId: string;
let bobId: string;
const survived: string[] = [];

beforeAll(async () => {
  cluster = await PrivateCluster.create();
  redis = await PrivateRedis.start();
  const env = {
    DATABASE_URL: await cluster.createDatabase('shro_redis_faults'),
    REDIS_URL: redis.url,
    RATE_LIMIT_WRITES_PER_USER: '1000000',
    RATE_LIMIT_WRITES_PER_IP: '1000000',
  };
  a = await ServerProcess.start(env);
  b = await ServerProcess.start(env);
  aliceOnA = new HttpUser(a.url);
  bobOnB = new HttpUser(b.url);
  aliceId = (await aliceOnA.register('redis_alice')).id;
  bobId = (await bobOnB.register('redis_bob')).id;
  expect((await aliceOnA.call('POST', '/api/friends/request', { friendId: bobId })).status).toBe(201);
  expect((await bobOnB.call('POST', '/api/friends/accept', { friendId: aliceId })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  recordFigure('faults.redis', { survived });
  await a?.stop();
  await b?.stop();
  await redis?.stop();
  cluster?.destroy();
});

/** Bob's live channel on server B sees a message Alice sends through server A, within `within` ms. */
async function pushCrossesInstances(label: string, within = 2000): Promise<boolean> {
  const stream = await SseClient.open(`${b.url}/api/live`, { cookie: bobOnB.cookie });
  try {
    expect(stream.status).toBe(200);
    const sent = await aliceOnA.call('POST', '/api/chat/send', { recipientId: bobId, content: label });
    expect(sent.status).toBe(201);
    const messageId = (sent.json as { id: number }).id;
    await stream.next((m) => m.json.type === 'chat.message.sent' && m.json.messageId === messageId, within);
    return true;
  } catch {
    return false;
  } finally {
    await stream.close();
  }
}

describe('Redis stopped and restarted under two instances', () => {
  it('keeps serving while Redis is down and pushes across instances again once it is back', async () => {
    expect(await pushCrossesInstances('before the outage')).toBe(true);

    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(
        (await aliceOnA.call('POST', '/api/chat/send', { recipientId: bobId, content: `outage-${i}` })).status,
      );
      statuses.push((await bobOnB.call('GET', `/api/chat/${aliceId}`)).status);
      statuses.push((await bobOnB.call('GET', '/api/notifications')).status);
      statuses.push((await aliceOnA.call('GET', '/api/auth/user')).status);
    }
    const created = await aliceOnA.call('POST', '/api/sessions', {
      title: 'made while Redis was down',
      type: 'text',
      isShareable: true,
      textOptions: [{ content: 'a' }, { content: 'b' }],
    });
    statuses.push(created.status);
    // The Shro made on A is read fresh on B (no cache may serve stale data while invalidations are lost).
    const shroId = (created.json as { id: string }).id;
    statuses.push(
      (
        await bobOnB.call('POST', `/api/sessions/${shroId}/select`, {
          boxId: (created.json as { boxes: { id: number }[] }).boxes[0]!.id,
        })
      ).status,
    );
    const seenOnA = await aliceOnA.call('GET', `/api/sessions/${shroId}`);
    expect((seenOnA.json as { participantCount: number }).participantCount).toBe(1);
    expect(
      statuses.filter((s) => s >= 500),
      'no 5xx while Redis is down',
    ).toEqual([]);
    expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
    // Each instance still opens live channels (its own events still flow locally).
    const local = await SseClient.open(`${b.url}/api/live`, { cookie: bobOnB.cookie });
    expect(local.status).toBe(200);
    await local.close();

    await redis.restart();
    const deadline = Date.now() + 20_000;
    let recovered = false;
    for (let attempt = 0; !recovered && Date.now() < deadline; attempt++) {
      recovered = await pushCrossesInstances(`after the outage ${attempt}`, 1500);
    }
    expect(recovered, 'live push crosses instances again after Redis returns').toBe(true);
    console.log(`faults: Redis outage: ${statuses.length} requests served while down, push recovered after restart`);
    survived.push('redis-outage');
  });
});
