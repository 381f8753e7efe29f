import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { outbox, participations, shros } from '../../db/schema/index';
import {
  block,
  createShro,
  createUser,
  gameWorld,
  getShro,
  notificationsOf,
  type SignedInUser,
  select,
  selectBox,
  statsRow,
} from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import type { ShroDeps } from './access';
import { enqueueEffects, OutboxProcessor } from './outbox';
import { insertParticipation } from './queries';

// Picks off the hot row (decision 119) and grouped notifications (decision 120).

let ctx: TestContext;
let creator: SignedInUser;

beforeAll(async () => {
  [ctx, creator] = await gameWorld(1);
});
afterAll(() => ctx.close());

const depsOf = (): ShroDeps => ({ db: ctx.database.db, cache: ctx.app.shroCache, live: ctx.app.bus });
const outboxRows = async () => (await ctx.database.db.select({ n: count() }).from(outbox))[0]!.n;
const storedCount = async (shroId: string) =>
  (await ctx.database.db.select().from(shros).where(eq(shros.id, shroId)))[0]!.participantCount;
const pickRows = async (shroId: string) =>
  (await ctx.database.db.select({ n: count() }).from(participations).where(eq(participations.shroId, shroId)))[0]!.n;
const picksToCreator = async (shroId: string) =>
  (await notificationsOf(ctx, creator.id, 'shro_selected')).filter((n) => n.shroId === shroId);
const quietLog = { warn: () => {}, error: () => {} };

describe('a pick commits the participation and an outbox row; its effects follow exactly once', () => {
  it('30 users at once: every answer counts its own pick, and the counters are exact afterwards', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false, title: 'Busy' });
    const before = (await statsRow(ctx, creator.id))?.totalParticipants ?? 0;
    const pickers = await Promise.all(Array.from({ length: 30 }, () => createUser(ctx)));
    const answers = await Promise.all(pickers.map((p, i) => select(ctx, shro.id, p.cookie, shro.boxes[i % 4]!.id)));
    const counts = answers.map((a) => {
      expect(a.statusCode, a.body).toBe(200);
      return (a.json() as Shro).participantCount;
    });
    // Each answer is built after its own pick's effects: it includes that pick (and maybe others').
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counts)).toBe(30);
    expect(await pickRows(shro.id)).toBe(30);
    expect(await storedCount(shro.id)).toBe(30);
    expect((await getShro(ctx, shro.id)).json().participantCount).toBe(30);
    expect((await statsRow(ctx, creator.id))!.totalParticipants).toBe(before + 30);
    for (const p of pickers) expect((await statsRow(ctx, p.id))!.shrosParticipated).toBe(1);
    expect(await outboxRows()).toBe(0);
  });

  it('one pick after another: each answer shows the exact count', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'In turn' });
    for (let i = 1; i <= 3; i++) {
      const view = await selectBox(ctx, (await createUser(ctx)).cookie, shro, i);
      expect(view.participantCount).toBe(i);
    }
  });

  it('a row left by a crash is applied once, however many processors race for it', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Crashed' });
    const picker = await createUser(ctx);
    const box = shro.boxes[0]!;
    const at = new Date();
    // What a pick's transaction commits; the instance then died before applying it.
    const id = await ctx.database.db.transaction(async (tx) => {
      await insertParticipation(tx, {
        shroId: shro.id,
        userId: picker.id,
        boxId: box.id,
        isCorrect: null,
        createdAt: at,
      });
      return enqueueEffects(tx, {
        kind: 'shro.pick',
        shroId: shro.id,
        payload: {
          userId: picker.id,
          username: picker.username,
          creatorId: creator.id,
          title: shro.title,
          position: box.position,
          isCorrect: null,
          at: at.toISOString(),
        },
      });
    });
    const creatorBefore = (await statsRow(ctx, creator.id))!.totalParticipants;
    const a = new OutboxProcessor(depsOf(), quietLog);
    const b = new OutboxProcessor(depsOf(), quietLog);
    await Promise.all([a.settled(id), b.settled(id), a.settled(id)]);
    a.kick();
    b.kick();
    await Promise.all([a.stop(), b.stop()]);
    expect(await storedCount(shro.id)).toBe(1);
    expect((await statsRow(ctx, picker.id))!.shrosParticipated).toBe(1);
    expect((await statsRow(ctx, creator.id))!.totalParticipants).toBe(creatorBefore + 1);
    expect(await picksToCreator(shro.id)).toHaveLength(1);
    expect(await outboxRows()).toBe(0);
  });

  it('a Shro deleted before its picks applied: the people keep their stats, nothing fails', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Gone' });
    const picker = await createUser(ctx);
    const id = await ctx.database.db.transaction(async (tx) => {
      await insertParticipation(tx, {
        shroId: shro.id,
        userId: picker.id,
        boxId: shro.boxes[1]!.id,
        isCorrect: null,
        createdAt: new Date(),
      });
      return enqueueEffects(tx, {
        kind: 'shro.pick',
        shroId: shro.id,
        payload: {
          userId: picker.id,
          username: picker.username,
          creatorId: creator.id,
          title: shro.title,
          position: 2,
          isCorrect: null,
          at: new Date().toISOString(),
        },
      });
    });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${shro.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const processor = new OutboxProcessor(depsOf(), quietLog);
    await processor.settled(id);
    expect((await statsRow(ctx, picker.id))!.shrosParticipated).toBe(1);
    expect(await picksToCreator(shro.id)).toHaveLength(0);
    expect(await outboxRows()).toBe(0);
  });
});

describe('notifications to the creator are grouped per Shro', () => {
  it('picks: one unread notification, updated; once read, the next pick starts a new one', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Tacos?' });
    const [ana, bo, cy, dee] = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));
    await selectBox(ctx, ana!.cookie, shro, 2);
    let notes = await picksToCreator(shro.id);
    expect(notes.map((n) => [n.title, n.message, n.isRead])).toEqual([
      ['Box opened!', `@${ana!.username} opened Box #2 in "Tacos?"`, false],
    ]);
    const first = notes[0]!;

    await selectBox(ctx, bo!.cookie, shro, 3);
    notes = await picksToCreator(shro.id);
    expect(notes.map((n) => n.message)).toEqual([`@${bo!.username} and 1 other opened a box in "Tacos?"`]);
    expect(notes[0]!.id).toBe(first.id);
    expect(notes[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime());

    await selectBox(ctx, cy!.cookie, shro, 1);
    notes = await picksToCreator(shro.id);
    expect(notes.map((n) => [n.message, n.isRead])).toEqual([
      [`@${cy!.username} and 2 others opened a box in "Tacos?"`, false],
    ]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: creator.cookie },
    });
    expect(list.json().filter((n: { sessionId: string }) => n.sessionId === shro.id)).toHaveLength(1);

    const read = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${first.id}/read`,
      headers: { cookie: creator.cookie },
    });
    expect(read.statusCode).toBe(200);
    await selectBox(ctx, dee!.cookie, shro, 4);
    notes = await picksToCreator(shro.id);
    expect(notes.map((n) => [n.message, n.isRead])).toEqual([
      [`@${cy!.username} and 2 others opened a box in "Tacos?"`, true],
      [`@${dee!.username} opened Box #4 in "Tacos?"`, false],
    ]);
  });

  it('reactions group the same way; someone the creator blocked is neither named nor counted', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Pizza?' });
    const [ana, bo, blocked] = await Promise.all([1, 2, 3].map(() => createUser(ctx)));
    for (const [i, user] of [ana!, bo!, blocked!].entries()) await selectBox(ctx, user.cookie, shro, i + 1);
    const react = (user: SignedInUser, emoji: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/react`,
        payload: { emoji },
        headers: { cookie: user.cookie },
      });
    expect((await react(ana!, '😍')).statusCode).toBe(200);
    expect((await react(blocked!, '🔥')).statusCode).toBe(200);
    // Blocked after reacting: from now on the group neither names nor counts them.
    await block(ctx, creator, blocked!);
    expect((await react(bo!, '😂')).statusCode).toBe(200);
    const notes = (await notificationsOf(ctx, creator.id, 'reaction')).filter((n) => n.shroId === shro.id);
    expect(notes.map((n) => [n.title, n.message])).toEqual([
      ['New reaction!', `@${bo!.username} and 1 other reacted to "Pizza?"`],
    ]);
  });
});
