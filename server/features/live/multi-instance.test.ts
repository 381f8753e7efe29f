import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { buildApp } from '../../app';
import { type AppConfig, loadConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import { befriend, createShro, createUser, type SignedInUser } from '../../test/factories';
import { SseClient } from '../../test/sse-client';
import { createTestDatabase, type TestContext } from '../../test/test-app';
import type { RedisBus } from '../live/bus';

/**
 * Issue 6: two instances behind one load balancer, sharing PostgreSQL and Redis, behave as one.
 * Each instance is a real server on its own port with its own database pool; every write goes
 * through one and every read or watch through the other.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const enabled = Boolean(databaseUrl && redisUrl);
const title = enabled
  ? 'two instances sharing PostgreSQL and Redis'
  : 'two instances sharing PostgreSQL and Redis (skipped: set DATABASE_URL and REDIS_URL to run it)';

interface Instance {
  app: FastifyInstance;
  base: string;
}

let drop: () => Promise<void>;
let database: Database;
let a: Instance;
let b: Instance;
const clients: SseClient[] = [];

async function startInstance(db: Database, ownsDatabase: boolean): Promise<Instance> {
  const base = loadConfig({ ...process.env, DATA_DIR: ':memory:', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const config: AppConfig = {
    ...base,
    redisUrl,
    webDist: '/nonexistent',
    rateLimits: { ...base.rateLimits, writesPerUser: 100_000, writesPerIp: 100_000 },
  };
  const app = await buildApp({ config, database: db, closeDatabase: ownsDatabase });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Caches and resumes are only trusted once the Redis subscription is up.
  for (let i = 0; i < 100 && !app.bus.coherent; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(app.bus.coherent).toBe(true);
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  if (!enabled) return;
  const created = await createTestDatabase();
  database = created.database;
  drop = created.drop;
  a = await startInstance(database, false);
  b = await startInstance(await openDatabase({ dataDir: ':memory:', databaseUrl: created.url!, poolSize: 5 }), true);
});

afterAll(async () => {
  if (!enabled) return;
  await Promise.all(clients.map((c) => c.close()));
  await a.app.close();
  await b.app.close();
  await drop();
});

/** The factories take a test context; instance A plays it. */
const onA = (): TestContext => ({ app: a.app, database, close: async () => {} });
const user = () => createUser(onA());
type User = SignedInUser;

async function watch(on: Instance, who: User | null, shroIds: string[] = [], headers: Record<string, string> = {}) {
  const query = shroIds.length ? `?watch=${shroIds.join(',')}` : '';
  const client = await SseClient.open(`${on.base}/api/live${query}`, {
    ...(who ? { cookie: who.cookie } : {}),
    ...headers,
  });
  clients.push(client);
  return client;
}

const call = (on: Instance, who: User, method: string, url: string, body?: unknown) =>
  fetch(`${on.base}${url}`, {
    method,
    headers: { cookie: who.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const read = async (on: Instance, who: User, shroId: string): Promise<Shro> =>
  (await call(on, who, 'GET', `/api/sessions/${shroId}`)).json();

const createOnA = (creator: User, fields: Record<string, string> = {}) => createShro(onA(), creator.cookie, fields);

describe.skipIf(!enabled)(title, () => {
  it('a creator watching on A sees a pick made through B well under a second later', async () => {
    const creator = await user();
    const picker = await user();
    const shro = await createOnA(creator);
    const channel = await watch(a, creator, [shro.id]);

    const response = await call(b, picker, 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    const answeredAt = performance.now();
    expect(response.status).toBe(200);
    const opened = await channel.next((m) => m.json.type === 'shro.picked', 1000);
    expect(opened.receivedAt - answeredAt).toBeLessThan(500);
    expect(opened.json).toEqual({
      type: 'shro.picked',
      shroId: shro.id,
      participantCount: 1,
      status: 'waiting',
      expiresAt: shro.expiresAt,
    });
    await channel.next((m) => m.json.type === 'notification.created', 1000);
    for (const m of channel.messages)
      for (const word of ['Pizza', 'Sushi', 'Tacos', 'Curry']) expect(m.data).not.toContain(word);
  });

  it('resumes on the other instance: an event missed while away is replayed there', async () => {
    const creator = await user();
    const shro = await createOnA(creator);
    const first = await watch(a, creator, [shro.id]);
    await call(b, await user(), 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    await first.next((m) => m.json.type === 'shro.picked');
    const lastSeen = first.lastEventId!;
    await first.close();

    await call(a, await user(), 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[1]!.id });
    const resumed = await watch(b, creator, [shro.id], { 'last-event-id': lastSeen });
    const replayed = await resumed.next((m) => m.json.type === 'shro.picked');
    expect(Number(replayed.id)).toBeGreaterThan(Number(lastSeen));
    expect(resumed.ofType('resync')).toEqual([]);
  });

  it('never serves a stale read: written through B, read through A, fresh every time', async () => {
    const creator = await user();
    const picker = await user();
    const shro = await createOnA(creator);
    expect((await read(a, creator, shro.id)).participantCount).toBe(0);
    expect((await read(a, picker, shro.id)).hasSelected).toBe(false);

    await call(b, picker, 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[2]!.id });
    const creatorView = await read(a, creator, shro.id);
    expect(creatorView.participantCount).toBe(1);
    expect(creatorView.participants.map((p) => p.userId)).toEqual([picker.id]);
    const pickerView = await read(a, picker, shro.id);
    expect(pickerView).toMatchObject({ hasSelected: true, selectedBoxId: shro.boxes[2]!.id });
    expect(pickerView.boxes[2]!.textContent).toBe('Tacos');

    await call(b, picker, 'POST', `/api/sessions/${shro.id}/react`, { emoji: '😍' });
    expect((await read(a, creator, shro.id)).reactions).toEqual([{ emoji: '😍', count: 1 }]);
    expect((await read(a, picker, shro.id)).myReaction).toBe('😍');

    // A renamed creator shows renamed on A at once (the cached session and Shro both carried the old name).
    const renamed = `renamed_${creator.id.slice(0, 6)}`;
    expect((await call(b, creator, 'PUT', '/api/auth/username', { username: renamed })).status).toBe(200);
    expect((await read(a, picker, shro.id)).creator.username).toBe(renamed);
    expect((await (await call(a, creator, 'GET', '/api/auth/user')).json()).username).toBe(renamed);

    // Deleted through B: gone on A.
    expect((await call(b, creator, 'DELETE', `/api/sessions/${shro.id}`)).status).toBe(200);
    expect((await call(a, picker, 'GET', `/api/sessions/${shro.id}`)).status).toBe(404);

    // SignedInUser out through B: the cookie stops working on A at once.
    expect((await call(a, picker, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await call(b, picker, 'POST', '/api/logout')).status).toBe(200);
    expect((await call(a, picker, 'GET', '/api/auth/user')).status).toBe(401);
  });

  it('a chat message sent through B reaches its recipient on A only', async () => {
    const sender = await user();
    const recipient = await user();
    const bystander = await user();
    await befriend({ database }, sender, recipient);
    const theirs = await watch(a, recipient);
    const other = await watch(a, bystander);
    const alsoOther = await watch(b, bystander);
    const sent = await call(b, sender, 'POST', '/api/chat/send', { recipientId: recipient.id, content: 'hi' });
    expect(sent.status).toBe(201);
    await theirs.next((m) => m.json.type === 'chat.message.sent', 1000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([...other.messages, ...alsoOther.messages].filter((m) => m.json.type.startsWith('chat.'))).toEqual([]);
  });

  it('a private Shro watched through either instance by a stranger yields nothing', async () => {
    const creator = await user();
    const friend = await user();
    const stranger = await user();
    await befriend({ database }, creator, friend);
    const shro = await createOnA(creator, { isShareable: 'false', friendId: friend.id });
    const snoops = [await watch(a, stranger, [shro.id]), await watch(b, null, [shro.id])];
    const creatorChannel = await watch(b, creator, [shro.id]);
    await call(a, friend, 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    await creatorChannel.next((m) => m.json.type === 'shro.picked');
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (const snoop of snoops) expect(snoop.messages.map((m) => m.json)).toEqual([{ type: 'ready', watching: [] }]);
  });

  it('a block made through A ends the blocked person’s watch of the blocker’s Shro on B', async () => {
    const blocker = await user();
    const blocked = await user();
    const bystander = await user();
    const shro = await createOnA(blocker, { isPublic: 'true', isShareable: 'false' });
    const theirs = await watch(b, blocked, [shro.id]);
    const others = await watch(b, bystander, [shro.id]);
    expect((await call(a, blocker, 'POST', `/api/blocks/${blocked.id}`)).status).toBe(200);
    await call(a, await user(), 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    await others.next((m) => m.json.type === 'shro.picked', 1000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(theirs.messages.filter((m) => m.json.type.startsWith('shro.'))).toEqual([]);
  });

  it('after losing Redis, an instance resyncs its watchers, and its caches stay correct', async () => {
    const creator = await user();
    const shro = await createOnA(creator);
    const channel = await watch(a, creator, [shro.id]);
    expect((await read(a, creator, shro.id)).participantCount).toBe(0);

    // Cut A's subscriber connection; ioredis reconnects on its own.
    const admin = new Redis(redisUrl!);
    const name = (a.app.bus as RedisBus).subscriberName;
    const line = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
    const id = line
      .split('\n')
      .find((l) => l.includes(`name=${name} `))
      ?.match(/\bid=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await admin.call('CLIENT', 'KILL', 'ID', id!);
    await admin.quit();

    // Meanwhile a write through B: A bypasses its cache until it is subscribed again.
    await call(b, await user(), 'POST', `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    expect((await read(a, creator, shro.id)).participantCount).toBe(1);
    await channel.next((m) => m.json.type === 'resync', 5000);
    expect(a.app.bus.coherent).toBe(true);
    expect((await read(a, creator, shro.id)).participantCount).toBe(1);
  });
});
