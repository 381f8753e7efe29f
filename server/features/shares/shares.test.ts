import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shroShares, shros } from '../../db/schema/index';
import { befriend, createShro, createUser, notificationsOf, seedStats, share, statsRow } from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
});
afterAll(() => ctx.close());

describe('POST /api/sessions/:id/share', () => {
  it('counts one share per person and Shro, for the Shro and its creator', async () => {
    const creator = await createUser(ctx);
    const other = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true });
    expect((await share(ctx, other.cookie, shro.id)).json()).toEqual({ success: true, counted: true, shareCount: 1 });
    expect((await share(ctx, other.cookie, shro.id)).json()).toEqual({ success: true, counted: false, shareCount: 1 });
    expect((await share(ctx, creator.cookie, shro.id)).json()).toEqual({ success: true, counted: true, shareCount: 2 });
    const [row] = await ctx.database.db.select({ n: shros.shareCount }).from(shros).where(eq(shros.id, shro.id));
    expect(row!.n).toBe(2);
    expect((await statsRow(ctx, creator.id))!.shares).toBe(2);
    // Sharing is the sharer's activity (a streak day), not a share of theirs.
    expect(await statsRow(ctx, other.id)).toMatchObject({ shares: 0, streakDays: 1 });
  });

  it('follows who may see the Shro: private ones are 404 to strangers, fine for recipients', async () => {
    const creator = await createUser(ctx);
    const friend = await createUser(ctx);
    const stranger = await createUser(ctx);
    await befriend(ctx, creator, friend);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, recipients: [friend.id] });
    const refused = await share(ctx, stranger.cookie, shro.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      message: "This Shro doesn't exist or you don't have access to it.",
      code: expect.any(String),
    });
    expect((await share(ctx, friend.cookie, shro.id)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(shroShares).where(eq(shroShares.shroId, shro.id));
    expect(rows.map((r) => r.userId)).toEqual([friend.id]);
  });

  it('is 410 for an expired link, 404 for an unknown id, 401 for visitors', async () => {
    const creator = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie);
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shros.id, shro.id));
    // Changed behind the app's back: its read cache (which shares reads through) must forget the Shro.
    ctx.app.shroCache.clear();
    const expired = await share(ctx, creator.cookie, shro.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This Shro has expired', code: expect.any(String) });
    expect((await share(ctx, creator.cookie, 'no-such-shro')).statusCode).toBe(404);
    const visitor = await ctx.app.inject({ method: 'POST', url: `/api/sessions/${shro.id}/share` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('live notice of an unlock', () => {
  it('tells the creator live when a share unlocks Trendsetter, and nobody when nothing unlocked', async () => {
    const creator = await createUser(ctx);
    const other = await createUser(ctx);
    const another = await createUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true });
    await seedStats(ctx, creator.id, { shares: 18 });
    const heard: { type: string; users: string[] }[] = [];
    const stop = ctx.app.bus.subscribe(({ event, audience }) => {
      if (event.type === 'notification.created' && 'users' in audience) {
        heard.push({ type: event.type, users: audience.users });
      }
    });
    try {
      expect((await share(ctx, other.cookie, shro.id)).statusCode).toBe(200); // 19: nothing unlocked
      await new Promise((r) => setTimeout(r, 50));
      expect(heard.filter((h) => h.users.includes(creator.id))).toEqual([]);
      expect((await share(ctx, another.cookie, shro.id)).statusCode).toBe(200); // 20: Trendsetter
      await expect.poll(() => heard.some((h) => h.users.includes(creator.id))).toBe(true);
      expect(
        (await notificationsOf(ctx, creator.id, 'achievement_unlocked')).map((n) => n.message).join(' '),
      ).toContain('Trendsetter');
    } finally {
      stop();
    }
  });
});
