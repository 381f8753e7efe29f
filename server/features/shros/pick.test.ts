import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { notifications, picks, shros, userStats } from '../../db/schema/index';
import {
  createShro,
  createUser,
  gameRowCounts,
  gameWorld,
  getShro,
  type SignedInUser,
  select,
  signedIn,
  textOptions,
} from '../../test/factories';
import type { TestContext } from '../../test/test-app';

let ctx: TestContext;
let creator: SignedInUser;
let friend: SignedInUser;
let friend2: SignedInUser;

beforeAll(async () => {
  [ctx, creator, friend, friend2] = await gameWorld(2);
});
afterAll(() => ctx.close());

const statsOf = async (userId: string) =>
  (await ctx.database.db.select().from(userStats).where(eq(userStats.userId, userId)))[0];

const pickCount = async (shroId: string) =>
  (await ctx.database.db.select({ n: count() }).from(picks).where(eq(picks.shroId, shroId)))[0]!.n;

/** A refused select: the status and message, and no row anywhere changed. */
async function expectRefused(send: () => Promise<LightMyRequestResponse>, status: number, message: string) {
  const before = await gameRowCounts(ctx);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ message, code: expect.any(String) });
  expect(await gameRowCounts(ctx)).toEqual(before);
}

const privateTo = (...friends: SignedInUser[]) => ({
  isShareable: 'false',
  recipients: JSON.stringify(friends.map((f) => f.id)),
});

describe('POST /api/sessions/:id/select on a shareable Shro', () => {
  let shro: Shro;
  let picker: SignedInUser;

  beforeAll(async () => {
    shro = await createShro(ctx, creator.cookie, { winningBoxPosition: '2' });
    picker = await createUser(ctx);
  });

  it('opens one box: its content and salt come back, the others stay hidden, the winner is revealed', async () => {
    const response = await select(ctx, shro.id, picker.cookie, shro.boxes[1]!.id);
    expect(response.statusCode, response.body).toBe(200);
    const view: Shro = response.json();
    expect(view).toMatchObject({
      id: shro.id,
      status: 'waiting',
      viewerRole: 'participant',
      hasSelected: true,
      selectedBoxId: shro.boxes[1]!.id,
      selectedByUser: picker.username,
      winningBoxId: shro.boxes[1]!.id,
      winningBoxPosition: 2,
      isCorrect: true,
      participantCount: 1,
    });
    expect(view.winningSalt).toMatch(/^[0-9a-f]{32}$/);
    const opened = view.boxes[1]!;
    expect(opened).toMatchObject({ label: 'Option B', textContent: 'Sushi', isSelected: true, isRevealed: true });
    expect(opened.salt).toMatch(/^[0-9a-f]{32}$/);
    for (const box of [view.boxes[0]!, view.boxes[2]!, view.boxes[3]!]) {
      expect(box).toMatchObject({ label: null, textContent: null, imageUrl: null, salt: null, isSelected: false });
    }
    expect(view.participants).toEqual([
      expect.objectContaining({ userId: picker.id, username: picker.username, selectedBoxPosition: 2 }),
    ]);
  });

  it('notifies the creator with shro_selected and the spec wording', async () => {
    const [note] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.shroId, shro.id), eq(notifications.type, 'shro_selected')));
    expect(note).toMatchObject({
      userId: creator.id,
      title: 'Box opened!',
      message: `@${picker.username} opened Box #2 in "Where do we eat?"`,
      actorId: picker.id,
      isRead: false,
    });
  });

  it("counts the pick in both users' stats, with the correct guess", async () => {
    expect(await statsOf(picker.id)).toMatchObject({
      shrosParticipated: 1,
      correctGuesses: 1,
      consecutiveCorrect: 1,
    });
    expect((await statsOf(creator.id))!.totalParticipants).toBeGreaterThanOrEqual(1);
  });

  it('a second pick answers 409 with the spec message ("already")', async () => {
    await expectRefused(
      () => select(ctx, shro.id, picker.cookie, shro.boxes[0]!.id),
      409,
      SHRO_MESSAGES.alreadySelected,
    );
    expect(SHRO_MESSAGES.alreadySelected).toBe('You already selected a box! You can only choose one.');
  });

  it('a wrong guess resets the streak of correct guesses', async () => {
    const other = await createShro(ctx, creator.cookie, { winningBoxPosition: '4' });
    const response = await select(ctx, other.id, picker.cookie, other.boxes[0]!.id);
    expect(response.json().isCorrect).toBe(false);
    expect(await statsOf(picker.id)).toMatchObject({
      shrosParticipated: 2,
      correctGuesses: 1,
      consecutiveCorrect: 0,
    });
  });

  it('without a winning box, no guess is counted', async () => {
    const plain = await createShro(ctx, creator.cookie);
    const response = await select(ctx, plain.id, picker.cookie, plain.boxes[0]!.id);
    expect(response.json()).toMatchObject({ isCorrect: null, winningBoxId: null, winningBoxPosition: null });
    expect(response.json().winningSalt).toMatch(/^[0-9a-f]{32}$/);
    expect(await statsOf(picker.id)).toMatchObject({ shrosParticipated: 3, correctGuesses: 1 });
  });

  it('the creator cannot open a box of their own Shro (403)', async () => {
    await expectRefused(
      () => select(ctx, shro.id, creator.cookie, shro.boxes[0]!.id),
      403,
      SHRO_MESSAGES.ownShroSelect,
    );
  });

  it('bad box ids are 400; unknown Shros 404; signed-out 401', async () => {
    const another = await createShro(ctx, creator.cookie);
    const someone = await createUser(ctx);
    await expectRefused(
      () => select(ctx, shro.id, someone.cookie, another.boxes[0]!.id),
      400,
      SHRO_MESSAGES.boxInvalid,
    );
    await expectRefused(() => select(ctx, shro.id, someone.cookie, 999_999_999), 400, SHRO_MESSAGES.boxInvalid);
    for (const boxId of ['x', null, -1, 1.5, { id: 1 }]) {
      await expectRefused(() => select(ctx, shro.id, someone.cookie, boxId), 400, 'Please choose a box.');
    }
    await expectRefused(
      () => select(ctx, '00000000-0000-0000-0000-000000000000', someone.cookie, 1),
      404,
      SHRO_MESSAGES.notFound,
    );
    await expectRefused(
      () => ctx.app.inject({ method: 'POST', url: `/api/sessions/${shro.id}/select`, payload: { boxId: 1 } }),
      401,
      'Unauthorized',
    );
  });

  it('the box id must be a JSON integer, and the body holds nothing else (issue 10, item 13)', async () => {
    const someone = await createUser(ctx);
    const real = shro.boxes[0]!.id;
    for (const boxId of [String(real), ` ${real}`, `${real}.0`]) {
      await expectRefused(() => select(ctx, shro.id, someone.cookie, boxId), 400, 'Please choose a box.');
    }
    const withExtra = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/select`,
        headers: { cookie: someone.cookie },
        payload: { boxId: real, userId: creator.id },
      });
    await expectRefused(withExtra, 400, 'Unknown field "userId".');
    // The same pick without the stray field goes through.
    expect((await select(ctx, shro.id, someone.cookie, real)).statusCode).toBe(200);
  });

  it('an empty box cannot be opened', async () => {
    const two = await createShro(ctx, creator.cookie, { textOptions: textOptions('Heads', 'Tails') });
    const someone = await createUser(ctx);
    expect(two.boxes[2]!.isEmpty).toBe(true);
    await expectRefused(() => select(ctx, two.id, someone.cookie, two.boxes[2]!.id), 400, SHRO_MESSAGES.boxEmpty);
  });

  it('after expiry: 410 "This Shro has expired", and the status reads expired', async () => {
    const link = await createShro(ctx, creator.cookie, {
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shros.id, link.id));
    // Changed behind the app's back: its read cache must forget the Shro.
    ctx.app.shroCache.clear();
    const someone = await createUser(ctx);
    await expectRefused(() => select(ctx, link.id, someone.cookie, link.boxes[0]!.id), 410, 'This Shro has expired');
    expect((await getShro(ctx, link.id, someone.cookie)).json().status).toBe('expired');
    expect((await getShro(ctx, link.id, creator.cookie)).json().status).toBe('expired');
  });
});

describe('selection under concurrency', () => {
  it('20 simultaneous picks by one user: exactly one succeeds and one row exists', async () => {
    const shro = await createShro(ctx, creator.cookie);
    const { cookie, ...user } = await createUser(ctx);
    const creatorStatsBefore = await statsOf(creator.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => select(ctx, shro.id, cookie, shro.boxes[i % 4]!.id)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().message).toMatch(/already/);
    expect(await pickCount(shro.id)).toBe(1);
    const [row] = await ctx.database.db.select().from(shros).where(eq(shros.id, shro.id));
    expect(row!.participantCount).toBe(1);
    expect((await statsOf(user.id))!.shrosParticipated).toBe(1);
    expect((await statsOf(creator.id))!.totalParticipants).toBe(creatorStatsBefore!.totalParticipants + 1);
    const notes = await ctx.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.shroId, shro.id), eq(notifications.type, 'shro_selected')));
    expect(notes[0]!.n).toBe(1);
  });

  it('many different users on one link: everyone gets their own box, the count is exact', async () => {
    const shro = await createShro(ctx, creator.cookie);
    const users = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
    const responses = await Promise.all(users.map((u, i) => select(ctx, shro.id, u.cookie, shro.boxes[i % 4]!.id)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const [row] = await ctx.database.db.select().from(shros).where(eq(shros.id, shro.id));
    expect(row!.participantCount).toBe(8);
    expect(row!.status).toBe('waiting');
  });

  it('two users racing on a single-recipient Shro: the recipient wins, the stranger gets 404', async () => {
    const shro = await createShro(ctx, creator.cookie, privateTo(friend));
    const stranger = await createUser(ctx);
    const [mine, theirs] = await Promise.all([
      select(ctx, shro.id, friend.cookie, shro.boxes[0]!.id),
      select(ctx, shro.id, stranger.cookie, shro.boxes[1]!.id),
    ]);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: SHRO_MESSAGES.notFound, code: expect.any(String) });
    expect(await pickCount(shro.id)).toBe(1);
  });

  it('the recipient in two browsers at once: one pick wins, the other is 409', async () => {
    const shro = await createShro(ctx, creator.cookie, privateTo(friend));
    const secondBrowser = await signedIn(ctx, friend);
    const responses = await Promise.all([
      select(ctx, shro.id, friend.cookie, shro.boxes[0]!.id),
      select(ctx, shro.id, secondBrowser, shro.boxes[3]!.id),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = responses.find((r) => r.statusCode === 200)!.json() as Shro;
    const [row] = await ctx.database.db.select().from(shros).where(eq(shros.id, shro.id));
    expect(row).toMatchObject({
      status: 'selected',
      selectedBoxId: winner.selectedBoxId,
      selectedByUserId: friend.id,
    });
    expect(await pickCount(shro.id)).toBe(1);
  });
});

describe('private Shros', () => {
  it('only recipients may open one; a stranger gets 404 for reading and opening', async () => {
    const shro = await createShro(ctx, creator.cookie, privateTo(friend));
    const stranger = await createUser(ctx);
    await expectRefused(() => select(ctx, shro.id, stranger.cookie, shro.boxes[0]!.id), 404, SHRO_MESSAGES.notFound);
    expect((await getShro(ctx, shro.id, stranger.cookie)).statusCode).toBe(404);
    expect((await getShro(ctx, shro.id)).statusCode).toBe(404);
  });

  it('waiting → selected on the pick → revealed after the reveal delay, persisted', async () => {
    const shro = await createShro(ctx, creator.cookie, privateTo(friend));
    expect(shro.status).toBe('waiting');
    const picked = await select(ctx, shro.id, friend.cookie, shro.boxes[2]!.id);
    expect(picked.json()).toMatchObject({
      status: 'selected',
      viewerRole: 'recipient',
      selectedBoxId: shro.boxes[2]!.id,
    });

    const creatorView: Shro = (await getShro(ctx, shro.id, creator.cookie)).json();
    expect(creatorView).toMatchObject({
      status: 'selected',
      selectedBoxId: shro.boxes[2]!.id,
      selectedByUser: friend.username,
    });

    // Three seconds later (moved back in the database rather than waiting).
    const past = new Date(Date.now() - 5000);
    await ctx.database.db.update(shros).set({ selectedAt: past }).where(eq(shros.id, shro.id));
    await ctx.database.db.update(picks).set({ createdAt: past }).where(eq(picks.shroId, shro.id));
    ctx.app.shroCache.clear();
    expect((await getShro(ctx, shro.id, friend.cookie)).json().status).toBe('revealed');
    const [row] = await ctx.database.db.select().from(shros).where(eq(shros.id, shro.id));
    expect(row!.status).toBe('revealed');
    expect(row!.revealedAt).not.toBeNull();
    expect((await getShro(ctx, shro.id, creator.cookie)).json().status).toBe('revealed');
  });

  it('several recipients: each opens one box of their own; the first pick moves the status', async () => {
    const shro = await createShro(ctx, creator.cookie, privateTo(friend, friend2));
    const first = await select(ctx, shro.id, friend.cookie, shro.boxes[0]!.id);
    expect(first.statusCode).toBe(200);

    const secondBefore: Shro = (await getShro(ctx, shro.id, friend2.cookie)).json();
    expect(secondBefore).toMatchObject({
      status: 'waiting',
      hasSelected: false,
      selectedBoxId: null,
      winningBoxId: null,
    });
    expect(secondBefore.boxes.every((b) => b.label === null && b.textContent === null)).toBe(true);
    expect(JSON.stringify(secondBefore)).not.toContain('Pizza');

    const second = await select(ctx, shro.id, friend2.cookie, shro.boxes[3]!.id);
    expect(second.statusCode).toBe(200);
    const view: Shro = second.json();
    expect(view.boxes.map((b) => b.textContent)).toEqual([null, null, null, 'Curry']);

    const creatorView: Shro = (await getShro(ctx, shro.id, creator.cookie)).json();
    expect(creatorView.selectedBoxId).toBe(shro.boxes[0]!.id);
    expect(creatorView.selectedByUser).toBe(friend.username);
    expect(creatorView.participants.map((p) => p.username).sort()).toEqual([friend.username, friend2.username].sort());
    expect(creatorView.participantCount).toBe(2);
  });
});
