import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  friendRequests,
  friendships,
  notifications,
  picks,
  reactions,
  shros,
  userAchievements,
  userStats,
} from '../../server/db/schema/index';
import { befriend, createShro, createUser, type SignedInUser, signedIn } from '../../server/test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../server/test/test-app';
import { recordFigure } from '../support/figures';

/**
 * Races: many identical or crossing requests at once, then the rows are counted. On PostgreSQL
 * (DATABASE_URL) they really run in parallel over a connection pool; on PGlite they interleave
 * at every await.
 */
let ctx: TestContext;
let races = 0;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(async () => {
  recordFigure('concurrency', { races });
  await ctx?.close();
});

const db = () => ctx.database.db;
const rows = async (table: PgTable, where?: SQL) => (await db().select({ n: count() }).from(table).where(where))[0]!.n;

const select = (member: SignedInUser, shroId: string, boxId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${shroId}/select`,
    headers: { cookie: member.cookie },
    payload: { boxId },
  });

const statsOf = async (userId: string) => (await db().select().from(userStats).where(eq(userStats.userId, userId)))[0];

describe('selecting a box', () => {
  it('50 parallel selects by one user → one participation, 49 answers saying "already"', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { title: 'race', isShareable: true });
    const picker = await createUser(ctx);
    const boxes = shro.boxes.map((b) => b.id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => select(picker, shro.id, boxes[i % boxes.length]!)),
    );
    races++;
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of responses.filter((r) => r.statusCode === 409)) expect(r.json().message).toMatch(/already/);
    expect(await rows(picks, eq(picks.shroId, shro.id))).toBe(1);
    // Everything the pick bumps moved exactly once.
    expect((await statsOf(picker.id))?.shrosParticipated).toBe(1);
    expect((await statsOf(creator.id))?.totalParticipants).toBe(1);
    expect(
      await rows(notifications, and(eq(notifications.shroId, shro.id), eq(notifications.type, 'shro_selected'))),
    ).toBe(1);
  });

  it('one recipient racing from two devices on a single-recipient Shro → one pick, the other told "already"', async () => {
    const creator = await createUser(ctx);
    const recipient = await createUser(ctx);
    await befriend(ctx, creator, recipient);
    const shro = await createShro(ctx, creator.cookie, {
      title: 'for you',
      isShareable: false,
      recipients: [recipient.id],
    });
    // A second auth session of the same user (phone and laptop).
    const otherDevice = { ...recipient, cookie: await signedIn(ctx, recipient) };
    const stranger = await createUser(ctx);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        select(i % 2 ? otherDevice : recipient, shro.id, shro.boxes[i % 4]!.id),
      ).concat([select(stranger, shro.id, shro.boxes[0]!.id)]),
    );
    races++;
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(statuses.at(-1)).toBe(404);
    const [row] = await db().select().from(shros).where(eq(shros.id, shro.id));
    expect(row!.status).toBe('selected');
    expect(row!.selectedByUserId).toBe(recipient.id);
    expect(await rows(picks, eq(picks.shroId, shro.id))).toBe(1);
  });

  it('two recipients racing on one private Shro: each gets their own one pick (decision 045), the first pick is recorded once', async () => {
    const creator = await createUser(ctx);
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await befriend(ctx, creator, a);
    await befriend(ctx, creator, b);
    const shro = await createShro(ctx, creator.cookie, {
      title: 'for two',
      isShareable: false,
      recipients: [a.id, b.id],
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => select(i % 2 ? a : b, shro.id, shro.boxes[i % 4]!.id)),
    );
    races++;
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(18);
    expect(await rows(picks, eq(picks.shroId, shro.id))).toBe(2);
    const [row] = await db().select().from(shros).where(eq(shros.id, shro.id));
    expect([a.id, b.id]).toContain(row!.selectedByUserId);
    expect((await statsOf(creator.id))?.totalParticipants).toBe(2);
  });
});

describe('reacting', () => {
  const react = (member: SignedInUser, shroId: string, emoji: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/sessions/${shroId}/react`,
      headers: { cookie: member.cookie },
      payload: { emoji },
    });
  const reactionNotes = (shroId: string) =>
    rows(notifications, and(eq(notifications.shroId, shroId), eq(notifications.type, 'reaction')));

  it('20 parallel identical reactions → one reaction row, one "New reaction!" for the creator', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { title: 'react race', isShareable: true });
    const picker = await createUser(ctx);
    expect((await select(picker, shro.id, shro.boxes[0]!.id)).statusCode).toBe(200);
    const responses = await Promise.all(Array.from({ length: 20 }, () => react(picker, shro.id, '🔥')));
    races++;
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await rows(reactions, eq(reactions.shroId, shro.id))).toBe(1);
    expect(await reactionNotes(shro.id)).toBe(1);
    // Exactly one answer created the reaction; every other one found it already there.
    expect(responses.filter((r) => r.json().replaced === false)).toHaveLength(1);

    // Changing it updates the creator's unread notification (grouped per Shro, decision 120): still one.
    const changes = await Promise.all(Array.from({ length: 10 }, () => react(picker, shro.id, '😂')));
    races++;
    expect(changes.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await reactionNotes(shro.id)).toBe(1);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.shroId, shro.id), eq(notifications.type, 'reaction')));
    expect(note!.message).toBe(`@${picker.username} reacted 😂 to "react race"`);
    const [row] = await db().select().from(reactions).where(eq(reactions.shroId, shro.id));
    expect(row!.emoji).toBe('😂');
  });
});

describe('friendships', () => {
  it('parallel requests both ways, 10 pairs at once → exactly one friendship per pair, no requests left', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => [await createUser(ctx), await createUser(ctx)] as const),
    );
    const ask = (from: SignedInUser, to: SignedInUser) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/friends/request',
        headers: { cookie: from.cookie },
        payload: { friendId: to.id },
      });
    const responses = await Promise.all(pairs.flatMap(([a, b]) => [ask(a, b), ask(b, a), ask(a, b), ask(b, a)]));
    races += pairs.length;
    for (const response of responses) expect([201, 409]).toContain(response.statusCode);
    for (const [a, b] of pairs) {
      const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
      expect(await rows(friendships, and(eq(friendships.userLowId, low), eq(friendships.userHighId, high)))).toBe(1);
      expect(await rows(friendRequests, eq(friendRequests.fromUserId, a.id))).toBe(0);
      expect(await rows(friendRequests, eq(friendRequests.fromUserId, b.id))).toBe(0);
    }
  });

  it('accepting and declining the same request at once → one outcome', async () => {
    const [a, b] = [await createUser(ctx), await createUser(ctx)];
    await ctx.database.db.insert(friendRequests).values({ fromUserId: a.id, toUserId: b.id });
    const act = (action: 'accept' | 'decline') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/friends/${action}`,
        headers: { cookie: b.cookie },
        payload: { friendId: a.id },
      });
    const responses = await Promise.all([act('accept'), act('decline'), act('accept'), act('decline')]);
    races++;
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 404)).toHaveLength(3);
    expect(await rows(friendRequests, eq(friendRequests.fromUserId, a.id))).toBe(0);
  });
});

describe('achievements', () => {
  const unlockedOnce = async (userId: string, achievementId: string, name: string) => {
    const [row] = await db()
      .select()
      .from(userAchievements)
      .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)));
    expect(row?.unlockedAt, `${achievementId} unlocked`).toBeTruthy();
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'achievement_unlocked')));
    expect(
      notes.filter((n) => n.message.includes(name)),
      `${name} notifications`,
    ).toHaveLength(1);
    const events = await db()
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, userId), eq(analyticsEvents.label, achievementId)));
    expect(events, `${achievementId} analytics events`).toHaveLength(1);
  };

  it('12 parallel creates → First Shro and Shro Master each unlocked once, the counter exact', async () => {
    const creator = await createUser(ctx);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/sessions',
          headers: { cookie: creator.cookie },
          payload: {
            title: `n${i}`,
            type: 'text',
            isShareable: true,
            textOptions: [{ content: 'a' }, { content: 'b' }],
          },
        }),
      ),
    );
    races++;
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect((await statsOf(creator.id))?.shrosCreated).toBe(12);
    await unlockedOnce(creator.id, 'first-shro', 'First Shro');
    await unlockedOnce(creator.id, 'shro-master', 'Shro Master');
  });

  it('first picks in 8 Shros at once → Curious Mind unlocked once; 10 pickers at once → Popular Choice once', async () => {
    const creator = await createUser(ctx);
    const list = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createShro(ctx, creator.cookie, { title: `p${i}`, isShareable: true })),
    );
    const picker = await createUser(ctx);
    const first = await Promise.all(list.map((s) => select(picker, s.id, s.boxes[0]!.id)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    await unlockedOnce(picker.id, 'curious-mind', 'Curious Mind');

    const pickers = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx)));
    const target = list[0]!;
    const answers = await Promise.all(pickers.map((p) => select(p, target.id, target.boxes[1]!.id)));
    races += 2;
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await statsOf(creator.id))?.totalParticipants).toBe(18);
    await unlockedOnce(creator.id, 'popular-choice', 'Popular Choice');
  });
});
