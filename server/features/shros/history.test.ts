import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro, ShroListResponse } from '../../../contract/shro-views';
import { notifications, picks, shroBoxes, shros, uploads } from '../../db/schema/index';
import {
  befriend,
  createShro,
  createUser,
  gameRowCounts,
  getShro,
  imageFile,
  png,
  postShro,
  type SignedInUser,
  select,
} from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;
let carol: SignedInUser;
/** Alice's: a link, a private one to Bob, a public one. Carol's link Alice joined; Bob's private one to Alice. */
let aliceLink: Shro;
let aliceToBob: Shro;
let alicePublic: Shro;
let carolLink: Shro;
let bobToAlice: Shro;
let carolUnseen: Shro;

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  alice = await createUser(ctx);
  bob = await createUser(ctx);
  carol = await createUser(ctx);
  await befriend(ctx, alice, bob);
  // Distinct creation times, oldest first, so "newest first" is checkable.
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const stamp = async (shro: Shro, minutesAgo: number) =>
    ctx.database.db
      .update(shros)
      .set({ createdAt: at(minutesAgo) })
      .where(eq(shros.id, shro.id));

  aliceLink = await createShro(ctx, alice.cookie, { title: 'Alice link' });
  await stamp(aliceLink, 60);
  aliceToBob = await createShro(ctx, alice.cookie, {
    title: 'Alice to Bob',
    isShareable: 'false',
    friendId: bob.id,
  });
  await stamp(aliceToBob, 50);
  alicePublic = await createShro(ctx, alice.cookie, { title: 'Alice public', isPublic: 'true' });
  await stamp(alicePublic, 40);
  carolLink = await createShro(ctx, carol.cookie, { title: 'Carol link' });
  await stamp(carolLink, 30);
  await select(ctx, carolLink.id, alice.cookie, carolLink.boxes[0]!.id);
  bobToAlice = await createShro(ctx, bob.cookie, {
    title: 'Bob to Alice',
    isShareable: 'false',
    friendId: alice.id,
  });
  await stamp(bobToAlice, 20);
  // Alice only looks at this one: looking is not taking part.
  carolUnseen = await createShro(ctx, carol.cookie, { title: 'Carol unseen' });
  await getShro(ctx, carolUnseen.id, alice.cookie);
});
afterAll(() => ctx.close());

const history = async (cookie: string, query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/sessions${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ShroListResponse;
};

const remove = (id: string, cookie?: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/sessions/${id}`, headers: cookie ? { cookie } : {} });

describe('GET /api/sessions', () => {
  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/sessions' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: expect.any(String) });
  });

  it('without parameters: page 1 of everything, newest first, with counts per tab', async () => {
    const list = await history(alice.cookie);
    expect(list).toMatchObject({ page: 1, pageSize: 10, total: 5, counts: { all: 5, sent: 3, received: 2 } });
    expect(list.items.map((i) => i.title)).toEqual([
      'Bob to Alice',
      'Carol link',
      'Alice public',
      'Alice to Bob',
      'Alice link',
    ]);
    expect(list.items.map((i) => i.direction)).toEqual(['received', 'received', 'sent', 'sent', 'sent']);
  });

  it('cards carry what the history needs: recipient line, "From @", status, type', async () => {
    const { items } = await history(alice.cookie);
    const byTitle = Object.fromEntries(items.map((i) => [i.title, i]));
    expect(byTitle['Alice to Bob']).toMatchObject({
      isPublic: false,
      isShareable: false,
      recipient: { username: bob.username },
      recipients: [{ id: bob.id, username: bob.username }],
      recipientCount: 1,
      status: 'waiting',
      type: 'text',
    });
    expect(byTitle['Alice public']).toMatchObject({ isPublic: true, recipient: null, recipientCount: 0 });
    expect(byTitle['Alice link']).toMatchObject({ isShareable: true, recipient: null });
    expect(byTitle['Carol link']).toMatchObject({
      creator: { id: carol.id, username: carol.username },
      hasSelected: true,
      participantCount: 1,
      status: 'waiting',
    });
    expect(byTitle['Bob to Alice']).toMatchObject({
      creator: { username: bob.username },
      recipients: [{ id: alice.id, username: alice.username }],
      hasSelected: false,
    });
    expect(byTitle['Bob to Alice']!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('list items describe the creator exactly as the detail view does (creatorId and creator)', async () => {
    const { items } = await history(alice.cookie);
    for (const item of items) {
      const detail = (
        await ctx.app.inject({ method: 'GET', url: `/api/sessions/${item.id}`, headers: { cookie: alice.cookie } })
      ).json();
      expect({ creatorId: item.creatorId, creator: item.creator }, item.title).toEqual({
        creatorId: detail.creatorId,
        creator: detail.creator,
      });
    }
  });

  it('tabs and pages', async () => {
    const sent = await history(alice.cookie, '?tab=sent&pageSize=2');
    expect(sent).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(sent.items.map((i) => i.title)).toEqual(['Alice public', 'Alice to Bob']);
    const page2 = await history(alice.cookie, '?tab=sent&pageSize=2&page=2');
    expect(page2.items.map((i) => i.title)).toEqual(['Alice link']);
    const received = await history(alice.cookie, '?tab=received');
    expect(received.items.map((i) => i.title)).toEqual(['Bob to Alice', 'Carol link']);
    expect((await history(alice.cookie, '?page=9')).items).toEqual([]);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['?pageSize=51', '?pageSize=0', '?page=0', '?page=abc', '?tab=mine']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/sessions${query}`,
        headers: { cookie: alice.cookie },
      });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
    }
  });

  it("a received private Shro shows the viewer's own progress", async () => {
    await select(ctx, bobToAlice.id, alice.cookie, bobToAlice.boxes[1]!.id);
    const { items } = await history(alice.cookie, '?tab=received');
    expect(items.find((i) => i.id === bobToAlice.id)).toMatchObject({ status: 'selected', hasSelected: true });
    const bobs = await history(bob.cookie, '?tab=sent');
    expect(bobs.items.find((i) => i.id === bobToAlice.id)).toMatchObject({ status: 'selected' });
  });
});

describe('DELETE /api/sessions/:id', () => {
  it('needs a signed-in user; strangers and unknown ids get 404 and nothing changes', async () => {
    const stranger = await createUser(ctx);
    const before = await gameRowCounts(ctx);
    expect((await remove(aliceLink.id)).statusCode).toBe(401);
    for (const id of [aliceLink.id, aliceToBob.id, '00000000-0000-0000-0000-000000000000']) {
      const response = await remove(id, stranger.cookie);
      expect(response.statusCode).toBe(404);
      expect(Object.keys(response.json())).toEqual(['message', 'code']);
    }
    expect(await gameRowCounts(ctx)).toEqual(before);
  });

  it('a recipient removes it from their own history only', async () => {
    const response = await remove(aliceToBob.id, bob.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, result: 'hidden' });
    expect((await history(bob.cookie)).items.map((i) => i.id)).not.toContain(aliceToBob.id);
    expect((await history(bob.cookie)).counts.received).toBe(0);
    expect((await history(alice.cookie, '?tab=sent')).items.map((i) => i.id)).toContain(aliceToBob.id);
    expect((await getShro(ctx, aliceToBob.id, alice.cookie)).statusCode).toBe(200);
  });

  it('a participant of a link removes it from their own history; the creator still sees the pick', async () => {
    const response = await remove(carolLink.id, alice.cookie);
    expect(response.json()).toEqual({ success: true, result: 'hidden' });
    expect((await history(alice.cookie)).items.map((i) => i.id)).not.toContain(carolLink.id);
    const carolView: Shro = (await getShro(ctx, carolLink.id, carol.cookie)).json();
    expect(carolView.participantCount).toBe(1);
    // Hiding is not un-picking: still one box per person.
    expect((await select(ctx, carolLink.id, alice.cookie, carolLink.boxes[2]!.id)).statusCode).toBe(409);
  });

  it('someone who only looked at a link Shro cannot delete it (404)', async () => {
    expect((await remove(carolUnseen.id, alice.cookie)).statusCode).toBe(404);
  });

  it('the creator deletes it for everyone: boxes, picks and notifications go', async () => {
    const picker = await createUser(ctx);
    await select(ctx, aliceLink.id, picker.cookie, aliceLink.boxes[0]!.id);
    const response = await remove(aliceLink.id, alice.cookie);
    expect(response.json()).toEqual({ success: true, result: 'deleted' });
    const { db } = ctx.database;
    expect(await db.select().from(shros).where(eq(shros.id, aliceLink.id))).toEqual([]);
    expect((await db.select({ n: count() }).from(shroBoxes).where(eq(shroBoxes.shroId, aliceLink.id)))[0]!.n).toBe(0);
    expect((await db.select({ n: count() }).from(picks).where(eq(picks.shroId, aliceLink.id)))[0]!.n).toBe(0);
    expect(
      (await db.select({ n: count() }).from(notifications).where(eq(notifications.shroId, aliceLink.id)))[0]!.n,
    ).toBe(0);
    expect((await getShro(ctx, aliceLink.id, alice.cookie)).statusCode).toBe(404);
    expect((await history(picker.cookie)).items).toEqual([]);
    expect((await remove(aliceLink.id, alice.cookie)).statusCode).toBe(404);
  });

  it('deleting an image Shro deletes its files and upload rows', async () => {
    const created = await postShro(ctx, alice.cookie, { title: 'Pics', type: 'image', isPublic: 'true' }, [
      imageFile(await png()),
      imageFile(await png()),
    ]);
    const shro: Shro = created.json();
    const keys = shro.boxes.slice(0, 2).map((b) => b.imageUrl!.split('/').pop()!);
    const stored = (key: string) => ctx.app.uploadStorage.read(key);
    for (const key of keys) expect(await stored(key)).not.toBeNull();

    expect((await remove(shro.id, alice.cookie)).json()).toEqual({ success: true, result: 'deleted' });
    for (const key of keys) {
      expect(await stored(key)).toBeNull();
      expect(await ctx.database.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
      const served = await ctx.app.inject({
        method: 'GET',
        url: `/api/uploads/${key}`,
        headers: { cookie: alice.cookie },
      });
      expect(served.statusCode).toBe(404);
    }
  });
});
