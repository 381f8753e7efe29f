import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shroShares, shros } from '../../db/schema/index';
import { createSignedInUser, type TestContext } from '../../test/test-app';
import {
  createEngineTestApp,
  createShro,
  seedStats,
  share,
  statsRow,
  unlockNotifications,
} from '../achievements/test-fixtures';
import { makeFriends } from '../shros/test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createEngineTestApp();
});
afterAll(() => ctx.close());

describe('POST /api/sessions/:id/share', () => {
  it('counts one share per person and Shro, for the Shro and its creator', async () => {
    const creator = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true });
    expect((await share(ctx, other.cookie, shro.id)).json()).toEqual({ success: true, counted: true, shareCount: 1 });
    expect((await share(ctx, other.cookie, shro.id)).json()).toEqual({ success: true, counted: false, shareCount: 1 });
    expect((await share(ctx, creator.cookie, shro.id)).json()).toEqual({ success: true, counted: true, shareCount: 2 });
    const [row] = await ctx.database.db.select({ n: shros.shareCount }).from(shros).where(eq(shros.id, shro.id));
    expect(row!.n).toBe(2);
    expect((await statsRow(ctx, creator.user.id))!.shares).toBe(2);
    // Sharing is the sharer's activity (a streak day), not a share of theirs.
    expect(await statsRow(ctx, other.user.id)).toMatchObject({ shares: 0, streakDays: 1 });
  });

  it('follows who may see the Shro: private ones are 404 to strangers, fine for recipients', async () => {
    const creator = await createSignedInUser(ctx);
    const friend = await createSignedInUser(ctx);
    const stranger = await createSignedInUser(ctx);
    await makeFriends(ctx, creator.user, friend.user);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, recipients: [friend.user.id] });
    const refused = await share(ctx, stranger.cookie, shro.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: "This Shro doesn't exist or you don't have access to it." });
    expect((await share(ctx, friend.cookie, shro.id)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(shroShares).where(eq(shroShares.shroId, shro.id));
    expect(rows.map((r) => r.userId)).toEqual([friend.user.id]);
  });

  it('is 410 for an expired link, 404 for an unknown id, 401 for visitors', async () => {
    const creator = await createSignedInUser(ctx);
    const shro = await createShro(ctx, creator.cookie);
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shros.id, shro.id));
    const expired = await share(ctx, creator.cookie, shro.id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This Shro has expired' });
    expect((await share(ctx, creator.cookie, 'no-such-shro')).statusCode).toBe(404);
    const visitor = await ctx.app.inject({ method: 'POST', url: `/api/sessions/${shro.id}/share` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('live notice of an unlock', () => {
  it('tells the creator live when a share unlocks Trendsetter, and nobody when nothing unlocked', async () => {
    const creator = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const another = await createSignedInUser(ctx);
    const shro = await createShro(ctx, creator.cookie, { isShareable: false, isPublic: true });
    await seedStats(ctx, creator.user.id, { shares: 18 });
    const heard: { type: string; users: string[] }[] = [];
    const stop = ctx.app.bus.subscribe(({ event, audience }) => {
      if (event.type === 'notification.created' && 'users' in audience) {
        heard.push({ type: event.type, users: audience.users });
      }
    });
    try {
      expect((await share(ctx, other.cookie, shro.id)).statusCode).toBe(200); // 19: nothing unlocked
      await new Promise((r) => setTimeout(r, 50));
      expect(heard.filter((h) => h.users.includes(creator.user.id))).toEqual([]);
      expect((await share(ctx, another.cookie, shro.id)).statusCode).toBe(200); // 20: Trendsetter
      await expect.poll(() => heard.some((h) => h.users.includes(creator.user.id))).toBe(true);
      expect((await unlockNotifications(ctx, creator.user.id)).map((n) => n.message).join(' ')).toContain(
        'Trendsetter',
      );
    } finally {
      stop();
    }
  });
});
