import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { befriend, createShro, createUser, type SignedInUser } from '../../test/factories';
import { dechunk, openRawStream } from '../../test/raw-http';
import { SseClient } from '../../test/sse-client';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { LocalBus } from './bus';
import { chunkOf, DEFAULT_HUB_OPTIONS, type HubOptions, LiveHub } from './hub';

let ctx: TestContext;
let base: string;
let port: number;
const clients: SseClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ctx.close();
});

/** Opens a live channel as this user (or a visitor), watching these Shros. */
async function live(who: SignedInUser | null, watch: string[] = [], headers: Record<string, string> = {}) {
  const query = watch.length ? `?watch=${watch.join(',')}` : '';
  const client = await SseClient.open(`${base}/api/live${query}`, {
    ...(who ? { cookie: who.cookie } : {}),
    ...headers,
  });
  clients.push(client);
  return client;
}

const post = (who: SignedInUser, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Waits long enough for an event that is not coming to have arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

const CONTENT = ['Pizza', 'Sushi', 'Tacos', 'Curry'];

describe('GET /api/live', () => {
  it('a creator watching sees a pick well under a second later, and the event holds no box content', async () => {
    const creator = await createUser(ctx);
    const picker = await createUser(ctx);
    const shro: Shro = await createShro(ctx, creator.cookie);
    const channel = await live(creator, [shro.id]);
    expect(channel.messages[0]!.json).toEqual({ type: 'ready', watching: [shro.id] });

    const response = await post(picker, `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[1]!.id });
    const answeredAt = performance.now();
    expect(response.status).toBe(200);
    const opened = await channel.next((m) => m.json.type === 'shro.picked');
    expect(opened.json).toEqual({
      type: 'shro.picked',
      shroId: shro.id,
      participantCount: 1,
      status: 'waiting',
      expiresAt: shro.expiresAt,
    });
    expect(opened.receivedAt - answeredAt).toBeLessThan(500);
    expect(opened.id).toMatch(/^\d+$/);
    await channel.next((m) => m.json.type === 'notification.created');
    await post(picker, `/api/sessions/${shro.id}/react`, { emoji: '🔥' });
    await channel.next((m) => m.json.type === 'shro.reaction.added');

    // Change notices only: whatever a watcher receives, no box content is in it.
    for (const message of channel.messages) for (const word of CONTENT) expect(message.data).not.toContain(word);
  });

  it('visitors may watch a public Shro; nobody learns of a private Shro they may not see', async () => {
    const creator = await createUser(ctx);
    const friend = await createUser(ctx);
    const stranger = await createUser(ctx);
    await befriend(ctx, creator, friend);
    const publicShro = await createShro(ctx, creator.cookie, { isPublic: 'true' });
    const privateShro = await createShro(ctx, creator.cookie, { isShareable: 'false', friendId: friend.id });

    const visitor = await live(null, [publicShro.id, privateShro.id]);
    const snoop = await live(stranger, [privateShro.id, 'no-such-shro']);
    const recipient = await live(friend, [privateShro.id]);
    expect(visitor.messages[0]!.json).toEqual({ type: 'ready', watching: [publicShro.id] });
    expect(snoop.messages[0]!.json).toEqual({ type: 'ready', watching: [] });
    expect(recipient.messages[0]!.json).toEqual({ type: 'ready', watching: [privateShro.id] });

    await post(friend, `/api/sessions/${privateShro.id}/select`, { boxId: privateShro.boxes[0]!.id });
    await post(stranger, `/api/sessions/${publicShro.id}/select`, { boxId: publicShro.boxes[0]!.id });
    await recipient.next((m) => m.json.type === 'shro.picked' && m.json.shroId === privateShro.id);
    await visitor.next((m) => m.json.type === 'shro.picked' && m.json.shroId === publicShro.id);
    await settle();
    expect(visitor.ofType('shro.picked').map((m) => m.json.shroId)).toEqual([publicShro.id]);
    // The stranger hears of their own pick's notification, never of the private Shro.
    expect(snoop.messages.filter((m) => m.json.type.startsWith('shro.'))).toEqual([]);
  });

  it('a chat message reaches the recipient (and the sender’s own tabs), never a third user', async () => {
    const sender = await createUser(ctx);
    const recipient = await createUser(ctx);
    const bystander = await createUser(ctx);
    await befriend(ctx, sender, recipient);
    await befriend(ctx, sender, bystander);
    const theirs = await live(recipient);
    const mine = await live(sender);
    const other = await live(bystander);

    const response = await post(sender, '/api/chat/send', { recipientId: recipient.id, content: 'secret plans' });
    expect(response.status).toBe(201);
    const message = await response.json();
    const event = await theirs.next((m) => m.json.type === 'chat.message.sent');
    expect(event.json).toEqual({
      type: 'chat.message.sent',
      messageId: message.id,
      senderId: sender.id,
      recipientId: recipient.id,
    });
    expect(event.data).not.toContain('secret');
    await mine.next((m) => m.json.type === 'chat.message.sent');

    // Opening the chat (a GET) reads nothing; marking it read does: the sender hears of it once
    // (no echo back and forth).
    const opened = await fetch(`${base}/api/chat/${sender.id}`, { headers: { cookie: recipient.cookie } });
    expect(opened.status).toBe(200);
    await settle();
    expect(mine.ofType('chat.message.read')).toHaveLength(0);
    expect((await post(recipient, `/api/chat/${sender.id}/read`, {})).status).toBe(200);
    await mine.next((m) => m.json.type === 'chat.message.read');
    await post(recipient, `/api/chat/${sender.id}/read`, {});
    await settle();
    expect(mine.ofType('chat.message.read')).toHaveLength(1);
    expect(other.messages.filter((m) => m.json.type.startsWith('chat.'))).toEqual([]);
  });

  it('friend requests and presence reach both people', async () => {
    const ada = await createUser(ctx);
    const bob = await createUser(ctx);
    const adaChannel = await live(ada);
    const bobChannel = await live(bob);
    await post(ada, '/api/friends/request', { friendId: bob.id });
    await bobChannel.next((m) => m.json.type === 'friend.request.changed' && m.json.userId === ada.id);
    await bobChannel.next((m) => m.json.type === 'notification.created');
    await post(bob, '/api/friends/accept', { friendId: ada.id });
    await adaChannel.next((m) => m.json.type === 'friend.request.changed' && m.json.userId === bob.id);

    // Now friends: Bob opening another tab changes nothing, a first channel of Bob's would.
    const carol = await createUser(ctx);
    await befriend(ctx, ada, carol);
    const carolChannel = await live(carol);
    await adaChannel.next((m) => m.json.type === 'presence.changed' && m.json.userId === carol.id);
    const status = await fetch(`${base}/api/users/online-status?userIds=${carol.id}`, {
      headers: { cookie: ada.cookie },
    });
    expect(await status.json()).toEqual({ [carol.id]: true });
    expect(carolChannel.status).toBe(200);
  });

  it('resumes with Last-Event-ID: a missed event is replayed; an unknown id gets a resync', async () => {
    const creator = await createUser(ctx);
    const picker = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie);
    const first = await live(creator, [shro.id]);
    await post(picker, `/api/sessions/${shro.id}/react`, { emoji: '🔥' }); // 403, nothing published
    const other = await createUser(ctx);
    await post(other, `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id });
    await first.next((m) => m.json.type === 'shro.picked');
    const lastSeen = first.lastEventId!;
    await first.close();

    // Missed while disconnected.
    await post(picker, `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[2]!.id });

    const resumed = await live(creator, [shro.id], { 'last-event-id': lastSeen });
    const replayed = await resumed.next((m) => m.json.type === 'shro.picked');
    expect(Number(replayed.id)).toBeGreaterThan(Number(lastSeen));
    expect(resumed.ofType('resync')).toEqual([]);

    // The same works for a new EventSource that carries the id in the query.
    const viaQuery = await SseClient.open(`${base}/api/live?watch=${shro.id}&lastEventId=${lastSeen}`, {
      cookie: creator.cookie,
    });
    clients.push(viaQuery);
    await viaQuery.next((m) => m.json.type === 'shro.picked');

    // Unparsable, from a later epoch (a restart, a flushed Redis), or older than anything this
    // instance can vouch for (on a brand-new Redis nothing is older: the counter starts at 0).
    const stale = ['-5', 'abc', '99999999999999999', String(Number(lastSeen) + 1_000_000)];
    if (ctx.app.bus.floor >= 1) stale.push(String(ctx.app.bus.floor - 1));
    for (const bad of stale) {
      const stale = await live(creator, [shro.id], { 'last-event-id': bad });
      await stale.next((m) => m.json.type === 'resync');
    }
  });

  it('rejects a bad watch list with 400, never a 500', async () => {
    const tooMany = Array.from({ length: 21 }, (_, i) => `id${i}`).join(',');
    for (const query of [`watch=${tooMany}`, `watch=${'x'.repeat(120)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/live?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
  });

  it('a signed-out tab’s channel closes', async () => {
    const user = await createUser(ctx);
    const channel = await live(user);
    const logout = await fetch(`${base}/api/logout`, { method: 'POST', headers: { cookie: user.cookie } });
    expect(logout.status).toBe(200);
    await channel.ended;
    const me = await fetch(`${base}/api/auth/user`, { headers: { cookie: user.cookie } });
    expect(me.status).toBe(401);
  });
});

/** A hub on its own bus, for what the hub itself decides (no server, no database). */
function testHub(options: Partial<HubOptions> = {}) {
  const bus = new LocalBus({ warn: () => {}, info: () => {} });
  const presence = { cameOnline: async () => {}, wentAway: async () => {}, stillHere: async () => {} };
  const hub = new LiveHub(bus, presence, { warn: () => {} }, { ...DEFAULT_HUB_OPTIONS, ...options });
  const close = () => {
    hub.closeAll();
    void bus.close();
  };
  return { bus, hub, close };
}

/**
 * A channel whose response is a stand-in: what went through the response (`frames`) and what
 * went straight to its socket (`chunks`). `chunked: false` is a response without chunked
 * coding (an HTTP/1.0 client's).
 */
function mockChannel(userId: string | null, watched: Record<string, string>, { chunked = false } = {}) {
  const frames: string[] = [];
  const chunks: Buffer[] = [];
  const socket = { writable: true, write: (chunk: Buffer) => chunks.push(chunk) > 0 };
  const res = {
    chunkedEncoding: chunked,
    writableEnded: false,
    writableLength: 0,
    destroyed: false,
    socket,
    write: (frame: string) => frames.push(frame) > 0,
    on: () => res,
    end: () => {},
    destroy: () => {
      res.destroyed = true;
    },
  };
  const watchedCreators = new Map(Object.entries(watched));
  return {
    res,
    socket,
    frames,
    chunks,
    channel: {
      res: res as unknown as ServerResponse,
      userId,
      authSessionId: null,
      watches: [...watchedCreators.keys()],
      watchedCreators,
    },
  };
}

const opened = (shroId: string, participantCount: number) =>
  ({ type: 'shro.picked', shroId, participantCount, status: 'waiting', expiresAt: null }) as const;

describe('the wire (decision 161: one chunk per event, encoded once, straight to each socket)', () => {
  it('a frame is one HTTP chunk whose size counts its bytes, not its characters; an empty one is refused', () => {
    expect(chunkOf('data: {"a":"é🔥"}\n\n').toString('utf8')).toBe('16\r\ndata: {"a":"é🔥"}\n\n\r\n');
    expect(() => chunkOf('')).toThrow();
  });

  it('every watcher of an event gets the same chunk, on its socket; a user audience shares it too', () => {
    const { bus, hub, close } = testHub();
    try {
      const a = mockChannel(null, { s1: 'c' }, { chunked: true });
      const b = mockChannel('ann', { s1: 'c' }, { chunked: true });
      const c = mockChannel('ben', {}, { chunked: true });
      for (const w of [a, b, c]) hub.open(w.channel, undefined);
      // The headers and `ready` went through the response, before anything else.
      for (const w of [a, b, c]) expect(w.frames).toHaveLength(1);
      void bus.publish(opened('s1', 3), { shro: 's1' });
      expect(a.chunks).toHaveLength(1);
      expect(a.chunks[0]).toBe(b.chunks[0]);
      expect(a.chunks[0]!.toString('utf8')).toMatch(
        /^[0-9a-f]+\r\nid: \d+\ndata: \{"type":"shro.picked","shroId":"s1","participantCount":3,/,
      );
      expect(c.chunks).toHaveLength(0);
      void bus.publish({ type: 'notification.created' }, { users: ['ann', 'ben'] });
      expect(b.chunks).toHaveLength(2);
      expect(b.chunks[1]).toBe(c.chunks[0]);
      // Nothing else went through the responses.
      for (const w of [a, b, c]) expect(w.frames).toHaveLength(1);
    } finally {
      close();
    }
  });

  it('a response without chunked coding, with its socket gone, or ended gets no chunk', () => {
    const { bus, hub, close } = testHub();
    try {
      const plain = mockChannel(null, { s1: 'c' });
      const gone = mockChannel(null, { s1: 'c' }, { chunked: true });
      const ended = mockChannel(null, { s1: 'c' }, { chunked: true });
      for (const w of [plain, gone, ended]) hub.open(w.channel, undefined);
      gone.socket.writable = false;
      ended.res.writableEnded = true;
      void bus.publish(opened('s1', 4), { shro: 's1' });
      for (const w of [plain, gone, ended]) expect(w.chunks).toHaveLength(0);
      expect(plain.frames[1]).toMatch(/^id: \d+\ndata: \{"type":"shro.picked","shroId":"s1","participantCount":4,/);
      expect(gone.frames[1]).toBe(plain.frames[1]);
      expect(ended.frames).toHaveLength(1);
    } finally {
      close();
    }
  });

  it('a watcher too far behind is cut off and not written to', () => {
    const { bus, hub, close } = testHub({ maxQueuedBytes: 1000 });
    try {
      const keeping = mockChannel(null, { s1: 'c' }, { chunked: true });
      const behind = mockChannel(null, { s1: 'c' }, { chunked: true });
      for (const w of [keeping, behind]) hub.open(w.channel, undefined);
      behind.res.writableLength = 1001;
      void bus.publish(opened('s1', 5), { shro: 's1' });
      expect(keeping.chunks).toHaveLength(1);
      expect(behind.chunks).toHaveLength(0);
      expect(behind.res.destroyed).toBe(true);
      expect(hub.size).toBe(1);
    } finally {
      close();
    }
  });

  it('a real client that stops reading is cut off once its socket queue passes the limit', async () => {
    const { bus, hub, close } = testHub({ maxQueuedBytes: 64 * 1024 });
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      hub.open({ res, userId: null, authSessionId: null, watches: ['s1'], watchedCreators: new Map() }, undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const stream = openRawStream((server.address() as AddressInfo).port, '/', '1.1');
    try {
      await expect.poll(() => dechunk(stream.body()).payload.includes('"ready"')).toBe(true);
      stream.socket.pause();
      // The kernel's buffers take the first megabytes; then the socket's own queue grows. (Events
      // that go out one by one: a Shro's state events would be coalesced.)
      let events = 0;
      while (hub.size > 0 && events < 500_000) {
        events++;
        void bus.publish({ type: 'shro.deleted', shroId: 's1' }, { shro: 's1' });
        if (events % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(hub.size).toBe(0);
      expect(events).toBeGreaterThan(1);
    } finally {
      stream.socket.destroy();
      close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an HTTP/1.1 watcher gets every event as well-formed chunks; an HTTP/1.0 one gets the frames as they are', async () => {
    const creator = await createUser(ctx);
    const picker = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isPublic: 'true' });
    const path = `/api/live?watch=${shro.id}`;
    const headers = { Accept: 'text/event-stream' };
    const modern = openRawStream(port, path, '1.1', headers);
    const old = openRawStream(port, path, '1.0', headers);
    try {
      await expect.poll(() => dechunk(modern.body()).payload.includes('"ready"')).toBe(true);
      await expect.poll(() => old.body().toString('utf8').includes('"ready"')).toBe(true);
      expect(modern.head()).toMatch(/\r\ntransfer-encoding: chunked/i);
      expect(old.head()).not.toMatch(/transfer-encoding/i);

      const answer = await post(picker, `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[2]!.id });
      expect(answer.status).toBe(200);
      const event = `"type":"shro.picked","shroId":"${shro.id}","participantCount":1`;
      await expect.poll(() => dechunk(modern.body()).payload.includes(event)).toBe(true);
      await expect.poll(() => old.body().toString('utf8').includes(event)).toBe(true);
      const chunked = dechunk(modern.body());
      expect(chunked.wellFormed).toBe(true);
      expect(chunked.complete).toBe(true);
      // The same event stream either way, frame for frame.
      const frames = (stream: string) => stream.split('\n\n').filter((frame) => frame.includes('shro.picked'));
      expect(frames(chunked.payload)).toEqual(frames(old.body().toString('utf8')));
      expect(frames(chunked.payload)).toHaveLength(1);
      expect(frames(chunked.payload)[0]).toMatch(/^id: \d+\ndata: \{"type":"shro\.picked"/);
    } finally {
      modern.socket.destroy();
      old.socket.destroy();
    }
  });
});

describe('a block', () => {
  it('ends both people’s watches of each other’s Shros at once; their other watches and everyone else’s stay', async () => {
    const blocker = await createUser(ctx);
    const blocked = await createUser(ctx);
    const bystander = await createUser(ctx);
    const picker = await createUser(ctx);
    const blockersShro = await createShro(ctx, blocker.cookie, { isPublic: 'true', isShareable: 'false' });
    const blockedsShro = await createShro(ctx, blocked.cookie, { isPublic: 'true', isShareable: 'false' });
    const blockedWatches = await live(blocked, [blockersShro.id, blockedsShro.id]);
    const blockerWatches = await live(blocker, [blockedsShro.id, blockersShro.id]);
    const bystanderWatches = await live(bystander, [blockersShro.id, blockedsShro.id]);
    expect(blockedWatches.messages[0]!.json).toEqual({ type: 'ready', watching: [blockersShro.id, blockedsShro.id] });

    expect((await post(blocker, `/api/blocks/${blocked.id}`, {})).status).toBe(200);
    for (const shro of [blockersShro, blockedsShro]) {
      expect((await post(picker, `/api/sessions/${shro.id}/select`, { boxId: shro.boxes[0]!.id })).status).toBe(200);
    }
    const openedOn = async (channel: SseClient, shroId: string) =>
      channel.next((m) => m.json.type === 'shro.picked' && m.json.shroId === shroId);
    // Each still hears of their own Shro, and the bystander of both.
    await openedOn(blockedWatches, blockedsShro.id);
    await openedOn(blockerWatches, blockersShro.id);
    await openedOn(bystanderWatches, blockersShro.id);
    await openedOn(bystanderWatches, blockedsShro.id);
    await settle();
    const shroEvents = (channel: SseClient) =>
      channel.messages.filter((m) => m.json.type.startsWith('shro.')).map((m) => m.json.shroId);
    expect(shroEvents(blockedWatches)).toEqual([blockedsShro.id]);
    expect(shroEvents(blockerWatches).filter((id) => id === blockedsShro.id)).toEqual([]);
    // Nothing on the channel says so, and it stays open for everything else.
    expect(blockedWatches.messages.map((m) => m.json.type)).not.toContain('resync');
    await post(picker, '/api/friends/request', { friendId: blocked.id });
    await blockedWatches.next((m) => m.json.type === 'friend.request.changed');
    // A new channel no longer watches it either.
    const again = await live(blocked, [blockersShro.id]);
    expect(again.messages[0]!.json).toEqual({ type: 'ready', watching: [] });
  });

  it('also ends a watch that was checked before the block but registered after its event', () => {
    const { bus, hub, close } = testHub();
    try {
      // The block's event arrives while the blocked person's channel is still being set up.
      void bus.publish({ type: 'user.block.added', blockerId: 'ann', blockedId: 'ben' }, { servers: true });
      const late = mockChannel('ben', { 'shro-of-ann': 'ann', 'shro-of-cat': 'cat' });
      const other = mockChannel('dan', { 'shro-of-ann': 'ann' });
      hub.open(late.channel, undefined);
      hub.open(other.channel, undefined);
      expect(late.frames[0]).toContain('"watching":["shro-of-cat"]');
      expect(other.frames[0]).toContain('"watching":["shro-of-ann"]');
      void bus.publish({ type: 'shro.deleted', shroId: 'shro-of-ann' }, { shro: 'shro-of-ann' });
      expect(late.frames.some((frame) => frame.includes('shro.deleted'))).toBe(false);
      expect(other.frames.some((frame) => frame.includes('shro.deleted'))).toBe(true);
    } finally {
      close();
    }
  });
});

describe('channel limit', () => {
  it('refuses a user more open channels than the limit with 429, and allows one again once a tab closes', async () => {
    const user = await createUser(ctx);
    const max = ctx.app.config.liveMaxChannelsPerUser;
    const open: SseClient[] = [];
    for (let i = 0; i < max; i++) open.push(await live(user));
    const refused = await fetch(`${base}/api/live`, { headers: { cookie: user.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many open live channels', code: expect.any(String) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await createUser(ctx);
    await live(other);
    await open[0]!.close();
    await expect
      .poll(async () => {
        const again = await fetch(`${base}/api/live`, { headers: { cookie: user.cookie } });
        await again.body?.cancel();
        return again.status;
      })
      .toBe(200);
  });
});
