import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNotificationSettings } from '../../../contract/push';
import { NUDGE_INTERVAL_HOURS, NUDGE_MESSAGES } from '../../../contract/shro-nudge';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { shroNudges, shros } from '../../db/schema/index';
import {
  befriend,
  block,
  createShro,
  createUser,
  notificationsOf,
  pickBox,
  type SignedInUser,
} from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';

/** Issue 40: the creator of a private Shro nudges the recipients who have not opened it. */
let ctx: TestContext;
let creator: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  creator = await createUser(ctx);
});
afterAll(() => ctx.close());

async function friends(n: number) {
  const made: SignedInUser[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await createUser(ctx);
    await befriend(ctx, creator, friend);
    made.push(friend);
  }
  return made;
}

const privateShro = (recipients: SignedInUser[], fields: Record<string, unknown> = {}) =>
  createShro(ctx, creator.cookie, { isShareable: false, recipients: recipients.map((r) => r.id), ...fields });

const nudge = (id: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/sessions/${id}/nudge`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const nudgesOf = (user: SignedInUser) => notificationsOf(ctx, user.id, 'shro_nudge');
const nudgeRow = async (shroId: string) =>
  (await ctx.database.db.select().from(shroNudges).where(eq(shroNudges.shroId, shroId)))[0];

describe('POST /api/sessions/:id/nudge', () => {
  it('tells each recipient who has not opened it, in the app, and answers 202 with the count', async () => {
    const [ana, ben, cleo] = await friends(3);
    const shro: Shro = await privateShro([ana!, ben!, cleo!]);
    await pickBox(ctx, cleo!.cookie, shro, 1);

    const answer = await nudge(shro.id, creator.cookie);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ nudged: 2 });
    for (const waiting of [ana!, ben!]) {
      const [row] = await nudgesOf(waiting);
      expect(row).toMatchObject({ shroId: shro.id, actorId: creator.id, title: 'Waiting for you' });
      expect(row!.message).toBe(`@${creator.username} is waiting for you to open a box in "${shro.title}"`);
    }
    expect(await nudgesOf(cleo!)).toEqual([]);
    // The recipient's list shows it, with the Shro to open.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: ana!.cookie } });
    expect(list.json()[0]).toMatchObject({ type: 'shro_nudge', sessionId: shro.id, session: { status: 'waiting' } });
  });

  it('once per Shro per 12 hours: a second nudge is 429 with Retry-After and tells nobody', async () => {
    const [ana] = await friends(1);
    const shro = await privateShro([ana!]);
    expect((await nudge(shro.id, creator.cookie)).statusCode).toBe(202);
    const again = await nudge(shro.id, creator.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(NUDGE_MESSAGES.tooSoon);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(NUDGE_INTERVAL_HOURS * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(NUDGE_INTERVAL_HOURS * 3600);
    expect(await nudgesOf(ana!)).toHaveLength(1);

    // Twelve hours later it may nudge again.
    const earlier = new Date(Date.now() - NUDGE_INTERVAL_HOURS * 3600_000 - 1000);
    await ctx.database.db.update(shroNudges).set({ nudgedAt: earlier }).where(eq(shroNudges.shroId, shro.id));
    expect((await nudge(shro.id, creator.cookie)).json()).toEqual({ nudged: 1 });
    expect(await nudgesOf(ana!)).toHaveLength(2);
  });

  it('two nudges at once: one passes, one is refused', async () => {
    const [ana] = await friends(1);
    const shro = await privateShro([ana!]);
    const answers = await Promise.all([nudge(shro.id, creator.cookie), nudge(shro.id, creator.cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429]);
    expect(await nudgesOf(ana!)).toHaveLength(1);
  });

  it('when everyone has opened it: nudged 0, and the next nudge is still allowed', async () => {
    const [ana] = await friends(1);
    const shro = await privateShro([ana!]);
    await pickBox(ctx, ana!.cookie, shro, 2);
    expect((await nudge(shro.id, creator.cookie)).json()).toEqual({ nudged: 0 });
    expect(await nudgeRow(shro.id)).toBeUndefined();
  });

  it('never reaches someone who blocked or muted the creator, or turned received Shros off', async () => {
    const [blocker, muter, quiet, open] = await friends(4);
    const shro = await privateShro([blocker!, muter!, quiet!, open!]);
    await block(ctx, blocker!, creator);
    const muted = await ctx.app.inject({
      method: 'POST',
      url: `/api/mutes/users/${creator.id}`,
      headers: { cookie: muter!.cookie },
    });
    expect(muted.statusCode, muted.body).toBeLessThan(300);
    const settings = defaultNotificationSettings();
    settings.kinds.shroReceived = { inApp: false, push: false };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { cookie: quiet!.cookie },
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
    const answer = await nudge(shro.id, creator.cookie);
    expect(answer.json()).toEqual({ nudged: 1 });
    expect(await nudgesOf(open!)).toHaveLength(1);
    for (const silent of [blocker!, muter!, quiet!]) expect(await nudgesOf(silent)).toEqual([]);
  });

  it('opening the Shro marks its nudge read', async () => {
    const [ana] = await friends(1);
    const shro = await privateShro([ana!]);
    await nudge(shro.id, creator.cookie);
    expect((await nudgesOf(ana!))[0]!.isRead).toBe(false);
    await pickBox(ctx, ana!.cookie, shro, 1);
    await expect.poll(async () => (await nudgesOf(ana!))[0]!.isRead).toBe(true);
  });

  describe('refusals change nothing', () => {
    it('a visitor is 401; a recipient 403; a stranger and an unknown id 404', async () => {
      const [ana] = await friends(1);
      const stranger = await createUser(ctx);
      const shro = await privateShro([ana!]);
      expect((await nudge(shro.id)).statusCode).toBe(401);
      const asRecipient = await nudge(shro.id, ana!.cookie);
      expect(asRecipient.statusCode).toBe(403);
      expect(asRecipient.json().message).toBe(NUDGE_MESSAGES.notCreator);
      const asStranger = await nudge(shro.id, stranger.cookie);
      expect(asStranger.statusCode).toBe(404);
      expect(asStranger.json().message).toBe(SHRO_MESSAGES.notFound);
      expect((await nudge('no-such-shro', creator.cookie)).statusCode).toBe(404);
      expect(await nudgesOf(ana!)).toEqual([]);
      expect(await nudgeRow(shro.id)).toBeUndefined();
    });

    it('a public or link Shro is 400; an expired one 410', async () => {
      for (const fields of [{ isPublic: true, isShareable: false }, { isShareable: true }]) {
        const shro = await createShro(ctx, creator.cookie, fields);
        const answer = await nudge(shro.id, creator.cookie);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toBe(NUDGE_MESSAGES.notPrivate);
      }
      const [ana] = await friends(1);
      const shro = await privateShro([ana!]);
      await ctx.database.db
        .update(shros)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(shros.id, shro.id));
      ctx.app.shroCache.clear();
      const expired = await nudge(shro.id, creator.cookie);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().message).toBe(SHRO_MESSAGES.expired);
      expect(await nudgesOf(ana!)).toEqual([]);
    });

    it('a body is 400; a malformed id 404, as every Shro route answers it', async () => {
      const [ana] = await friends(1);
      const shro = await privateShro([ana!]);
      const withBody = await nudge(shro.id, creator.cookie, { to: [ana!.id] });
      expect(withBody.statusCode).toBe(400);
      expect(withBody.json().message).toEqual(expect.any(String));
      const malformed = await nudge('bad id!', creator.cookie);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json().message).toBe(SHRO_MESSAGES.notFound);
      expect(await nudgesOf(ana!)).toEqual([]);
    });
  });
});
