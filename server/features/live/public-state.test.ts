import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, createShro, createUser, getShro, pickBox, type SignedInUser } from '../../test/factories';
import { SseClient } from '../../test/sse-client';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { SHRO_EVENT_WINDOW_MS } from './coalesce';

/** docs/decisions/100-events-carry-public-state.md: what a Shro's events carry, and how often. */

let ctx: TestContext;
let base: string;
const clients: SseClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await ctx.close();
});

async function live(who: SignedInUser | null, watch: string[]) {
  const client = await SseClient.open(`${base}/api/live?watch=${watch.join(',')}`, who ? { cookie: who.cookie } : {});
  clients.push(client);
  return client;
}

/** Longer than a window, so whatever was held back has gone out. */
const windowPassed = () => new Promise((resolve) => setTimeout(resolve, SHRO_EVENT_WINDOW_MS + 150));
const CONTENT = ['Pizza', 'Sushi', 'Tacos', 'Curry'];

describe('Shro events carry the public state', () => {
  it('exactly the fields a visitor’s read shows: never a box, a per-box figure or who picked', async () => {
    const creator = await createUser(ctx);
    const picker = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const visitor = await live(null, [shro.id]);
    const creatorTab = await live(creator, [shro.id]);

    await pickBox(ctx, picker.cookie, shro, 2);
    const opened = await visitor.next((m) => m.json.type === 'shro.picked');
    const asVisitor = (await getShro(ctx, shro.id)).json();
    expect(opened.json).toEqual({
      type: 'shro.picked',
      shroId: shro.id,
      participantCount: asVisitor.participantCount,
      status: asVisitor.status,
      expiresAt: asVisitor.expiresAt,
    });
    expect(opened.json.participantCount).toBe(1);
    // The creator's tab gets the very same frame: whatever they see beyond it, they refetch.
    expect((await creatorTab.next((m) => m.json.type === 'shro.picked')).data).toBe(opened.data);

    await windowPassed();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${shro.id}/react`,
      headers: { cookie: picker.cookie },
      payload: { emoji: '🔥' },
    });
    const reacted = await visitor.next((m) => m.json.type === 'shro.reaction.added');
    expect(reacted.json).toEqual({ ...opened.json, type: 'shro.reaction.added' });

    for (const message of [...visitor.messages, ...creatorTab.messages]) {
      for (const secret of [...CONTENT, picker.username, picker.id, '🔥', ...shro.boxes.map((b) => b.commitment)])
        expect(message.data).not.toContain(secret);
    }
  });

  it('a recipient of a private Shro gets the count and nothing of another recipient’s pick', async () => {
    const creator = await createUser(ctx);
    const [ada, bob] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, creator, ada);
    await befriend(ctx, creator, bob);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, recipients: [ada.id, bob.id] });
    const bobTab = await live(bob, [shro.id]);
    expect(bobTab.messages[0]!.json).toEqual({ type: 'ready', watching: [shro.id] });

    await pickBox(ctx, ada.cookie, shro, 3);
    const opened = await bobTab.next((m) => m.json.type === 'shro.picked');
    const asBob = (await getShro(ctx, shro.id, bob.cookie)).json();
    expect(asBob.status).toBe('waiting');
    expect(opened.json).toEqual({
      type: 'shro.picked',
      shroId: shro.id,
      participantCount: 1,
      status: asBob.status,
      expiresAt: asBob.expiresAt,
    });
    for (const secret of [...CONTENT, ada.username, ada.id]) expect(opened.data).not.toContain(secret);
  });
});

describe('coalescing: at most one event per Shro every 250 ms', () => {
  it('10 picks inside one window give 2 events, the last with the final count', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const visitor = await live(null, [shro.id]);
    // Straight through the bus, so all ten surely land inside one window whatever the machine's speed.
    for (let count = 1; count <= 10; count++) {
      await ctx.app.bus.publish(
        { type: 'shro.picked', shroId: shro.id, participantCount: count, status: 'waiting', expiresAt: null },
        { shro: shro.id },
      );
    }
    await windowPassed();
    const events = visitor.ofType('shro.picked').map((m) => m.json.participantCount);
    expect(events).toEqual([1, 10]);
  });

  it('real picks in parallel: never more events than windows, and the last holds the final count', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const pickers = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx)));
    const visitor = await live(null, [shro.id]);
    const started = performance.now();
    await Promise.all(pickers.map((p, i) => pickBox(ctx, p.cookie, shro, (i % 4) + 1)));
    const took = performance.now() - started;
    await windowPassed();
    const events = visitor.ofType('shro.picked');
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.length).toBeLessThanOrEqual(Math.ceil(took / SHRO_EVENT_WINDOW_MS) + 1);
    expect(events.at(-1)!.json.participantCount).toBe(10);
    // Each frame keeps an id a reconnecting tab can resume from.
    for (const event of events) expect(event.id).toMatch(/^\d+$/);
  });

  it('a count never goes down, even when picks publish in the other order than they committed', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const visitor = await live(null, [shro.id]);
    const state = { shroId: shro.id, status: 'waiting', expiresAt: null } as const;
    await ctx.app.bus.publish({ type: 'shro.picked', ...state, participantCount: 1 }, { shro: shro.id });
    await ctx.app.bus.publish({ type: 'shro.picked', ...state, participantCount: 3 }, { shro: shro.id });
    await ctx.app.bus.publish({ type: 'shro.reaction.added', ...state, participantCount: 2 }, { shro: shro.id });
    await windowPassed();
    expect(visitor.ofType('shro.picked').map((m) => m.json.participantCount)).toEqual([1, 3]);
    expect(visitor.ofType('shro.reaction.added')).toEqual([]);
  });

  it('a deleted Shro’s held-back event is dropped; the deletion goes out at once', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isPublic: true });
    const visitor = await live(null, [shro.id]);
    const state = { shroId: shro.id, status: 'waiting', expiresAt: null } as const;
    await ctx.app.bus.publish({ type: 'shro.picked', ...state, participantCount: 1 }, { shro: shro.id });
    await ctx.app.bus.publish({ type: 'shro.picked', ...state, participantCount: 2 }, { shro: shro.id });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${shro.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    await visitor.next((m) => m.json.type === 'shro.deleted');
    await windowPassed();
    expect(visitor.messages.map((m) => m.json.type)).toEqual(['ready', 'shro.picked', 'shro.deleted']);
  });
});
