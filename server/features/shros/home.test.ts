import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeInbox } from '../../../contract/home';
import type { Shro } from '../../../contract/shro-views';
import { shros } from '../../db/schema/index';
import { befriend, block, createShro, createUser, pickBox, type SignedInUser } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;
let carol: SignedInUser;

const home = async (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/home', headers: cookie ? { cookie } : {} });
const inboxOf = async (user: SignedInUser): Promise<HomeInbox> => {
  const response = await home(user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const stamp = (shro: Shro, minutesAgo: number) =>
  ctx.database.db
    .update(shros)
    .set({ createdAt: ago(minutesAgo) })
    .where(eq(shros.id, shro.id));
const shareInChat = async (from: SignedInUser, to: SignedInUser, shro: Shro) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/chat/send',
    headers: { cookie: from.cookie },
    payload: { recipientId: to.id, content: shro.title, messageType: 'shro_share', shroSessionId: shro.id },
  });
  expect(response.statusCode, response.body).toBe(201);
};

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  alice = await createUser(ctx);
  bob = await createUser(ctx);
  carol = await createUser(ctx);
  await befriend(ctx, alice, bob);
  await befriend(ctx, alice, carol);
  await befriend(ctx, bob, carol);
});
afterAll(() => ctx.close());

describe('GET /api/home', () => {
  it('answers 401 to a visitor', async () => {
    const response = await home();
    expect(response.statusCode).toBe(401);
    expect(Object.keys(response.json())).toEqual(['message', 'code']);
  });

  it('leaves out Shros from someone either side blocked, received or shared in a chat', async () => {
    const [erin, finn] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, erin, finn);
    await createShro(ctx, erin.cookie, { title: 'Sent before the block', isShareable: false, friendId: finn.id });
    const link = await createShro(ctx, erin.cookie, { title: 'Shared before the block' });
    await shareInChat(erin, finn, link);
    expect((await inboxOf(finn)).waiting.map((item) => item.title).sort()).toEqual([
      'Sent before the block',
      'Shared before the block',
    ]);
    await block(ctx, finn, erin);
    expect((await inboxOf(finn)).waiting).toEqual([]);
  });

  it('is empty for a new user', async () => {
    const dora = await createUser(ctx);
    expect(await inboxOf(dora)).toEqual({ waiting: [], live: [], hasCreated: false });
  });

  it('lists received Shros not opened yet, newest first, without box content, and drops one once opened', async () => {
    const older = await createShro(ctx, bob.cookie, {
      title: 'Older for Alice',
      isShareable: false,
      friendId: alice.id,
    });
    await stamp(older, 30);
    const newer = await createShro(ctx, carol.cookie, {
      title: 'Newer for Alice',
      isShareable: false,
      friendId: alice.id,
    });
    await stamp(newer, 10);
    // Sent to Carol only: never in Alice's inbox.
    await createShro(ctx, bob.cookie, { title: 'For Carol', isShareable: false, friendId: carol.id });

    const inbox = await inboxOf(alice);
    const titles = inbox.waiting.map((item) => item.title);
    expect(titles).toEqual(['Newer for Alice', 'Older for Alice']);
    const first = inbox.waiting[0]!;
    expect(first).toMatchObject({
      id: newer.id,
      direction: 'received',
      status: 'waiting',
      hasSelected: false,
      from: { id: carol.id, username: carol.username },
      creator: { id: carol.id, username: carol.username },
      recipients: [{ id: alice.id, username: alice.username }],
      expiresAt: null,
    });
    // A list card: no boxes at all, so nothing of their content.
    expect(JSON.stringify(inbox)).not.toMatch(/Pizza|Sushi|Tacos|Curry/);
    expect(first).not.toHaveProperty('boxes');

    await pickBox(ctx, alice.cookie, newer, 1);
    expect((await inboxOf(alice)).waiting.map((item) => item.title)).toEqual(['Older for Alice']);
    // Removed from her history: gone from the inbox too.
    await ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${older.id}`, headers: { cookie: alice.cookie } });
    expect((await inboxOf(alice)).waiting).toEqual([]);
  });

  it('lists a link shared with the user in a chat with its expiry, once, until it is opened or expires', async () => {
    const expiresAt = new Date(Date.now() + 3 * 3600_000).toISOString();
    const link = await createShro(ctx, bob.cookie, { title: 'Bob link', expiresAt });
    await shareInChat(bob, carol, link);
    // Carol passes it on to Alice, twice: one item, from Carol (the latest share).
    await shareInChat(bob, alice, link);
    await shareInChat(carol, alice, link);
    const expiring = await createShro(ctx, carol.cookie, { title: 'About to close', expiresAt });
    await shareInChat(carol, alice, expiring);
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: ago(1) })
      .where(eq(shros.id, expiring.id));
    // Her own link shared back to her is not "waiting for her".
    const own = await createShro(ctx, alice.cookie, { title: 'Alice own link' });
    await shareInChat(bob, alice, own);

    const waiting = (await inboxOf(alice)).waiting;
    expect(waiting.map((item) => item.title)).toEqual(['Bob link']);
    expect(waiting[0]).toMatchObject({
      id: link.id,
      isShareable: true,
      status: 'waiting',
      expiresAt: new Date(expiresAt).toISOString(),
      from: { id: carol.id, username: carol.username },
      creator: { id: bob.id, username: bob.username },
      recipients: [],
    });

    await pickBox(ctx, alice.cookie, link, 2);
    expect((await inboxOf(alice)).waiting).toEqual([]);
  });

  it('lists the user’s own open Shros with their opened counts; expired and fully opened ones leave', async () => {
    const erin = await createUser(ctx);
    const frank = await createUser(ctx);
    const gina = await createUser(ctx);
    await befriend(ctx, erin, frank);
    await befriend(ctx, erin, gina);
    const link = await createShro(ctx, erin.cookie, { title: 'Erin link' });
    await stamp(link, 20);
    const toTwo = await createShro(ctx, erin.cookie, {
      title: 'Erin to two',
      isShareable: false,
      recipients: [frank.id, gina.id],
    });
    await stamp(toTwo, 10);
    const gone = await createShro(ctx, erin.cookie, { title: 'Erin expired' });
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: ago(1) })
      .where(eq(shros.id, gone.id));
    await pickBox(ctx, frank.cookie, link, 1);
    await pickBox(ctx, gina.cookie, link, 2);
    await pickBox(ctx, frank.cookie, toTwo, 1);

    const live = (await inboxOf(erin)).live;
    expect(live.map((item) => [item.title, item.participantCount, item.direction])).toEqual([
      ['Erin to two', 1, 'sent'],
      ['Erin link', 2, 'sent'],
    ]);
    expect(live[0]!.recipientCount).toBe(2);
    expect((await inboxOf(erin)).hasCreated).toBe(true);
    // Frank's and Gina's homes never list Erin's Shros as theirs.
    expect((await inboxOf(frank)).live).toEqual([]);

    await pickBox(ctx, gina.cookie, toTwo, 2);
    expect((await inboxOf(erin)).live.map((item) => item.title)).toEqual(['Erin link']);
  });
});
