import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { shros } from '../../db/schema/index';
import {
  befriend,
  createShro,
  createUser,
  getShro,
  notificationsOf,
  pickBox,
  type SignedInUser,
  select,
} from '../../test/factories';
import { createTestApp, type TestContext, withoutWriteLimits } from '../../test/test-app';
import { sweepDeadlines } from './deadlines';

/** Issue 40: deadlines for every delivery, a reminder an hour before, a summary at the deadline. */
let ctx: TestContext;
let creator: SignedInUser;
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestApp(withoutWriteLimits);
  creator = await createUser(ctx);
});
afterAll(() => ctx.close());

const sweep = (at: number) => sweepDeadlines({ db: ctx.database.db, live: ctx.app.bus }, new Date(at));

async function friends(n: number) {
  const made: SignedInUser[] = [];
  for (let i = 0; i < n; i++) {
    const friend = await createUser(ctx);
    await befriend(ctx, creator, friend);
    made.push(friend);
  }
  return made;
}

/** A private Shro to `recipients` whose deadline is two hours away; its deadline in ms. */
async function privateShro(recipients: SignedInUser[], title = 'Friday dinner') {
  const shro: Shro = await createShro(ctx, creator.cookie, {
    title,
    isShareable: false,
    recipients: recipients.map((r) => r.id),
    expiresAt: new Date(Date.now() + 120 * MINUTE).toISOString(),
  });
  return { shro, deadline: Date.parse(shro.expiresAt!) };
}

describe('the deadline of a private Shro', () => {
  it('an hour before it, reminds once each recipient who has not opened it and has not silenced the creator', async () => {
    const [ana, ben, cleo] = await friends(3);
    const { shro, deadline } = await privateShro([ana!, ben!, cleo!]);
    await pickBox(ctx, ben!.cookie, shro, 1);
    await ctx.app.inject({ method: 'POST', url: `/api/mutes/users/${creator.id}`, headers: { cookie: cleo!.cookie } });

    expect(await sweep(deadline - 90 * MINUTE)).toEqual([]);
    expect(await sweep(deadline - 30 * MINUTE)).toEqual([ana!.id]);
    const [reminder] = await notificationsOf(ctx, ana!.id, 'shro_nudge');
    expect(reminder).toMatchObject({
      shroId: shro.id,
      title: 'Closing soon',
      message: '"Friday dinner" closes in less than an hour. Open a box before it does!',
    });
    expect(await notificationsOf(ctx, ben!.id, 'shro_nudge')).toEqual([]);
    expect(await notificationsOf(ctx, cleo!.id, 'shro_nudge')).toEqual([]);
    // Once: later sweeps, on this instance or another, find it claimed.
    await sweep(deadline - 20 * MINUTE);
    expect(await notificationsOf(ctx, ana!.id, 'shro_nudge')).toHaveLength(1);
  });

  it('at the deadline, tells the creator once how many of the recipients opened it', async () => {
    const [ana, ben, cleo] = await friends(3);
    const { shro, deadline } = await privateShro([ana!, ben!, cleo!], 'Movie night');
    await pickBox(ctx, ben!.cookie, shro, 2);
    await sweep(deadline - MINUTE);
    expect(await notificationsOf(ctx, creator.id, 'shro_closed')).toEqual([]);
    // Two instances at once: one claims it.
    await Promise.all([sweep(deadline + MINUTE), sweep(deadline + MINUTE)]);
    await sweep(deadline + 2 * MINUTE);
    const closed = (await notificationsOf(ctx, creator.id, 'shro_closed')).filter((n) => n.shroId === shro.id);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({
      title: 'Your Shro has closed',
      message: '"Movie night" has closed: 1 of 3 opened a box',
    });
  });

  it('closes it for everyone: status expired, picks refused as the spec says', async () => {
    const [ana] = await friends(1);
    const { shro } = await privateShro([ana!]);
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(shros.id, shro.id));
    ctx.app.shroCache.clear();
    expect((await getShro(ctx, shro.id, ana!.cookie)).json().status).toBe('expired');
    const pick = await select(ctx, shro.id, ana!.cookie, shro.boxes[0]!.id);
    expect(pick.statusCode).toBe(410);
    expect(pick.json().message).toBe(SHRO_MESSAGES.expired);
  });
});

describe('the deadline of a public or link Shro', () => {
  it('sends no reminder (nobody was sent it) and a summary counting the people who opened it', async () => {
    const expiresAt = new Date(Date.now() + 120 * MINUTE).toISOString();
    const published: Shro = await createShro(ctx, creator.cookie, {
      title: 'Pizza poll',
      isShareable: false,
      isPublic: true,
      expiresAt,
    });
    const deadline = Date.parse(expiresAt);
    await sweep(deadline - 30 * MINUTE);
    expect((await notificationsOf(ctx, creator.id)).filter((n) => n.shroId === published.id)).toEqual([]);
    await sweep(deadline + MINUTE);
    const closed = (await notificationsOf(ctx, creator.id, 'shro_closed')).filter((n) => n.shroId === published.id);
    expect(closed.map((n) => n.message)).toEqual(['"Pizza poll" has closed: no one opened a box']);
  });

  it('a deadline missed by more than a day (the app was down) gets no summary', async () => {
    const link: Shro = await createShro(ctx, creator.cookie, { title: 'Old link' });
    await ctx.database.db
      .update(shros)
      .set({ expiresAt: new Date(Date.now() - 25 * 60 * MINUTE) })
      .where(eq(shros.id, link.id));
    await sweep(Date.now());
    expect((await notificationsOf(ctx, creator.id, 'shro_closed')).filter((n) => n.shroId === link.id)).toEqual([]);
  });
});
