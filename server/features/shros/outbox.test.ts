import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shro } from '../../../contract/shro-views';
import { notifications, outbox, picks, shros, userBlocks, userMutes } from '../../db/schema/index';
import {
  block,
  createShro,
  createUser,
  gameWorld,
  getShro,
  notificationsOf,
  pickBox,
  type SignedInUser,
  select,
  statsRow,
} from '../../test/factories';
import { countStatements } from '../../test/statement-counter';
import type { TestContext } from '../../test/test-app';
import type { ShroDeps } from './access';
import { enqueueEffects, OutboxProcessor } from './outbox';
import { insertPick } from './queries';
import { getShroForViewer } from './view';

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
  (await ctx.database.db.select({ n: count() }).from(picks).where(eq(picks.shroId, shroId)))[0]!.n;
const picksToCreator = async (shroId: string) =>
  (await notificationsOf(ctx, creator.id, 'shro_selected')).filter((n) => n.shroId === shroId);
const quietLog = { warn: () => {}, error: () => {} };
const outboxRow = async (id: number) => (await ctx.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Makes every change to this user's stats fail, as a bug in one effect would: a poison row. */
async function breakStatsOf(userId: string) {
  if (!/^[0-9a-f-]+$/.test(userId)) throw new Error(`unexpected user id ${userId}`);
  await ctx.database.db.execute(
    sql.raw(`create or replace function outbox_test_poison() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${userId}' then raise exception 'poisoned stats row for %', new.user_id; end if;
        return new;
      end $$`),
  );
  await ctx.database.db.execute(sql`drop trigger if exists outbox_test_poison on user_stats`);
  await ctx.database.db.execute(
    sql`create trigger outbox_test_poison before insert or update on user_stats for each row execute function outbox_test_poison()`,
  );
}
const repairStats = () => ctx.database.db.execute(sql`drop trigger if exists outbox_test_poison on user_stats`);

/** The outbox payload of `picker` opening the box at `position` of a Shro by `creator`. */
const pickPayload = (shro: Shro, picker: SignedInUser, position: number, at: Date) => ({
  userId: picker.id,
  username: picker.username,
  creatorId: creator.id,
  title: shro.title,
  position,
  boxId: shro.boxes.find((b) => b.position === position)!.id,
  isCorrect: null,
  at: at.toISOString(),
});

/** What a pick's transaction commits (the participation and its outbox row), its effects not yet applied; the row's id. */
const commitPickOnly = (shro: Shro, picker: SignedInUser, position: number, at = new Date()) =>
  ctx.database.db.transaction(async (tx) => {
    const payload = pickPayload(shro, picker, position, at);
    await insertPick(tx, {
      shroId: shro.id,
      userId: picker.id,
      boxId: payload.boxId,
      isCorrect: null,
      createdAt: at,
    });
    return enqueueEffects(tx, { kind: 'shro.pick', shroId: shro.id, payload });
  });

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
    // The k-th smallest count is at least k: the answers counting at most that many include k
    // picks applied one after another, each answer's count at least its own pick's place.
    const sorted = [...counts].sort((x, y) => x - y);
    for (const [i, n] of sorted.entries())
      expect(n, `answer ${i + 1} of ${sorted.join(',')}`).toBeGreaterThanOrEqual(i + 1);
    expect(sorted.at(-1)).toBe(30);
    expect(await pickRows(shro.id)).toBe(30);
    expect(await storedCount(shro.id)).toBe(30);
    expect((await getShro(ctx, shro.id)).json().participantCount).toBe(30);
    expect((await statsRow(ctx, creator.id))!.totalParticipants).toBe(before + 30);
    for (const p of pickers) expect((await statsRow(ctx, p.id))!.shrosParticipated).toBe(1);
    // Each row is deleted after its effects are told (decision 128): soon, not before the answers.
    await until(async () => (await outboxRows()) === 0, 'the applied rows deleted');
  });

  it('one pick after another: each answer shows the exact count', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'In turn' });
    for (let i = 1; i <= 3; i++) {
      const view = await pickBox(ctx, (await createUser(ctx)).cookie, shro, i);
      expect(view.participantCount).toBe(i);
    }
  });

  it('a row left by a crash is applied once, however many processors race for it', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Crashed' });
    const picker = await createUser(ctx);
    // What a pick's transaction commits; the instance then died before applying it.
    const id = await commitPickOnly(shro, picker, 1);
    const creatorBefore = (await statsRow(ctx, creator.id))!.totalParticipants;
    const a = new OutboxProcessor(depsOf(), quietLog);
    const b = new OutboxProcessor(depsOf(), quietLog);
    await Promise.all([a.settled(id, shro.id), b.settled(id, shro.id), a.settled(id, shro.id)]);
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
    const id = await commitPickOnly(shro, picker, 2);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${shro.id}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const processor = new OutboxProcessor(depsOf(), quietLog);
    await processor.settled(id, shro.id);
    // The row is deleted after its effects are told: stop() waits for that delete.
    await processor.stop();
    expect((await statsRow(ctx, picker.id))!.shrosParticipated).toBe(1);
    expect(await picksToCreator(shro.id)).toHaveLength(0);
    expect(await outboxRows()).toBe(0);
  });
});

describe('notifications to the creator are grouped per Shro', () => {
  it('picks: one unread notification, updated; once read, the next pick starts a new one', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Tacos?' });
    const [ana, bo, cy, dee] = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx)));
    await pickBox(ctx, ana!.cookie, shro, 2);
    let notes = await picksToCreator(shro.id);
    expect(notes.map((n) => [n.title, n.message, n.isRead])).toEqual([
      ['Box opened!', `@${ana!.username} opened Box #2 in "Tacos?"`, false],
    ]);
    const first = notes[0]!;

    await pickBox(ctx, bo!.cookie, shro, 3);
    notes = await picksToCreator(shro.id);
    expect(notes.map((n) => n.message)).toEqual([`@${bo!.username} and 1 other opened a box in "Tacos?"`]);
    expect(notes[0]!.id).toBe(first.id);
    expect(notes[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime());

    await pickBox(ctx, cy!.cookie, shro, 1);
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
    await pickBox(ctx, dee!.cookie, shro, 4);
    notes = await picksToCreator(shro.id);
    expect(notes.map((n) => [n.message, n.isRead])).toEqual([
      [`@${cy!.username} and 2 others opened a box in "Tacos?"`, true],
      [`@${dee!.username} opened Box #4 in "Tacos?"`, false],
    ]);
  });

  it('picks: someone the creator silenced, before or after their pick, is neither named nor counted; heard again, counted again', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Ramen?' });
    const [ana, bo, cy, dee, eve] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(ctx)));
    const message = async () => (await picksToCreator(shro.id)).map((n) => n.message);
    await ctx.database.db.insert(userMutes).values({ userId: creator.id, mutedId: dee!.id });
    await pickBox(ctx, ana!.cookie, shro, 1);
    expect(await message()).toEqual([`@${ana!.username} opened Box #1 in "Ramen?"`]);
    // Muted before picking: the pick counts on the Shro, not in the creator's group.
    await pickBox(ctx, dee!.cookie, shro, 2);
    expect(await message()).toEqual([`@${ana!.username} opened Box #1 in "Ramen?"`]);
    await pickBox(ctx, bo!.cookie, shro, 3);
    expect(await message()).toEqual([`@${bo!.username} and 1 other opened a box in "Ramen?"`]);
    // Blocked after picking: no longer counted.
    await block(ctx, creator, ana!);
    await pickBox(ctx, cy!.cookie, shro, 4);
    expect(await message()).toEqual([`@${cy!.username} and 1 other opened a box in "Ramen?"`]);
    // Heard again: both are counted at the next pick.
    await ctx.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, creator.id));
    await ctx.database.db.delete(userMutes).where(eq(userMutes.userId, creator.id));
    await pickBox(ctx, eve!.cookie, shro, 1);
    expect(await message()).toEqual([`@${eve!.username} and 4 others opened a box in "Ramen?"`]);
    expect(await storedCount(shro.id)).toBe(5);
  });

  it('picks: a silenced pick made before the group began but applied after it is not counted', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Curry?' });
    const [ana, muted, bo] = await Promise.all([1, 2, 3].map(() => createUser(ctx)));
    await ctx.database.db.insert(userMutes).values({ userId: creator.id, mutedId: muted!.id });
    const processor = new OutboxProcessor(depsOf(), quietLog);
    const started = Date.now();
    await processor.settled(await commitPickOnly(shro, ana!, 1, new Date(started)), shro.id);
    // Made a second earlier (its request was slower to commit), applied in a batch of its own.
    await processor.settled(await commitPickOnly(shro, muted!, 2, new Date(started - 1000)), shro.id);
    expect(await storedCount(shro.id)).toBe(2);
    await pickBox(ctx, bo!.cookie, shro, 3);
    expect((await picksToCreator(shro.id)).map((n) => n.message)).toEqual([
      `@${bo!.username} and 1 other opened a box in "Curry?"`,
    ]);
  });

  it('picks: a group begun before its base was kept (decision 153) counts on from its picks', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Sushi?' });
    const [ana, bo, cy] = await Promise.all([1, 2, 3].map(() => createUser(ctx)));
    await pickBox(ctx, ana!.cookie, shro, 1);
    await pickBox(ctx, bo!.cookie, shro, 2);
    const [group] = await picksToCreator(shro.id);
    expect(group!.groupBase).toBe(0);
    await ctx.database.db.update(notifications).set({ groupBase: null }).where(eq(notifications.id, group!.id));
    await pickBox(ctx, cy!.cookie, shro, 3);
    const [after] = await picksToCreator(shro.id);
    expect(after!.message).toBe(`@${cy!.username} and 2 others opened a box in "Sushi?"`);
    expect(after!.groupBase).toBe(0);
  });

  it('reactions group the same way; someone the creator blocked, who blocked them or whom they muted is neither named nor counted', async () => {
    const shro = await createShro(ctx, creator.cookie, { title: 'Pizza?' });
    const [ana, bo, blocked, blocker, muted] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(ctx)));
    for (const [i, user] of [ana!, bo!, blocked!, blocker!, muted!].entries()) {
      await pickBox(ctx, user.cookie, shro, (i % 4) + 1);
    }
    const react = (user: SignedInUser, emoji: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/sessions/${shro.id}/react`,
        payload: { emoji },
        headers: { cookie: user.cookie },
      });
    for (const user of [ana!, blocked!, blocker!, muted!]) expect((await react(user, '🔥')).statusCode).toBe(200);
    // Silenced after reacting: from now on the group neither names nor counts them.
    await block(ctx, creator, blocked!);
    await block(ctx, blocker!, creator);
    await ctx.database.db.insert(userMutes).values({ userId: creator.id, mutedId: muted!.id });
    expect((await react(bo!, '😂')).statusCode).toBe(200);
    const notes = (await notificationsOf(ctx, creator.id, 'reaction')).filter((n) => n.shroId === shro.id);
    expect(notes.map((n) => [n.title, n.message])).toEqual([
      ['New reaction!', `@${bo!.username} and 1 other reacted to "Pizza?"`],
    ]);
  });
});

describe('one bad row holds nothing back (decision 129)', () => {
  it('a pick whose effects always fail: the others apply, its picker gets their view, it is set aside after 5 lone failures; cleared, it applies once', async () => {
    const errors = vi.spyOn(ctx.app.log, 'error');
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false, title: 'Poison' });
    const creatorBefore = (await statsRow(ctx, creator.id))?.totalParticipants ?? 0;
    const pickers = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
    const poisoned = pickers[0]!;
    await breakStatsOf(poisoned.id);
    try {
      const answers = await Promise.all(pickers.map((p, i) => select(ctx, shro.id, p.cookie, shro.boxes[i % 4]!.id)));
      // Every pick is stored and answered with the picker's own view, the poisoned one's too
      // (its count then is the Shro's picks themselves, its own included).
      for (const [i, answer] of answers.entries()) {
        expect(answer.statusCode, answer.body).toBe(200);
        const view = answer.json() as Shro;
        expect(view.hasSelected).toBe(true);
        expect(view.selectedBoxId).toBe(shro.boxes[i % 4]!.id);
        expect(view.participantCount).toBeGreaterThanOrEqual(1);
      }
      // The seven others' effects applied; the poisoned row waits on its own.
      await until(async () => (await storedCount(shro.id)) === 7, 'the other picks to apply');
      for (const p of pickers.slice(1)) expect((await statsRow(ctx, p.id))!.shrosParticipated).toBe(1);
      const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.shroId, shro.id));
      expect(row).toMatchObject({ appliedAt: null });
      expect(row!.attempts).toBeGreaterThanOrEqual(1);
      expect(row!.lastError).toContain('poisoned stats row');

      // Later picks are not held up by it.
      const late = await createUser(ctx);
      const lateView = (await pickBox(ctx, late.cookie, shro, 1)) as Shro;
      expect(lateView.participantCount).toBe(8);

      // The creator's board counts the picks themselves, and agrees with itself.
      const board = (await getShro(ctx, shro.id, creator.cookie)).json() as Shro;
      expect(board.participantCount).toBe(9);
      expect(board.participants).toHaveLength(9);
      expect(board.boxes.reduce((sum, b) => sum + (b.selectionCount ?? 0), 0)).toBe(9);

      // Alone it keeps failing: set aside after 5 attempts (one per sweep), its error logged.
      await until(async () => (await outboxRow(row!.id))?.failedAt != null, 'the row to be set aside');
      expect(await outboxRow(row!.id)).toMatchObject({ attempts: 5, appliedAt: null });
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ outboxId: row!.id, kind: 'shro.pick', shroId: shro.id, attempts: 5 }),
        'outbox row set aside after repeated failures (dead letter)',
      );
      expect(await storedCount(shro.id)).toBe(8);

      // Repaired, and the row cleared by an operator: applied once, like any other.
      await repairStats();
      await ctx.database.db.update(outbox).set({ failedAt: null, attempts: 0 }).where(eq(outbox.id, row!.id));
      await until(async () => (await outboxRow(row!.id)) === undefined, 'the cleared row to apply');
      expect(await storedCount(shro.id)).toBe(9);
      expect((await statsRow(ctx, poisoned.id))!.shrosParticipated).toBe(1);
      expect((await statsRow(ctx, creator.id))!.totalParticipants).toBe(creatorBefore + 9);
      expect((await getShro(ctx, shro.id)).json().participantCount).toBe(9);
    } finally {
      await repairStats();
      errors.mockRestore();
    }
  });
});

describe('events a crash left unpublished (decision 128)', () => {
  /** What a processor that died after its commit leaves: a pick applied, its row marked, no event out. */
  async function appliedButUnpublished(appliedAgoMs: number) {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false, title: 'Stranded' });
    const picker = await createUser(ctx);
    // This instance's cache holds the Shro before the pick: only an event would tell it.
    expect((await getShro(ctx, shro.id)).json().participantCount).toBe(0);
    const at = new Date();
    const id = await ctx.database.db.transaction(async (tx) => {
      await insertPick(tx, {
        shroId: shro.id,
        userId: picker.id,
        boxId: shro.boxes[0]!.id,
        isCorrect: null,
        createdAt: at,
      });
      await tx
        .update(shros)
        .set({ participantCount: sql`${shros.participantCount} + 1` })
        .where(eq(shros.id, shro.id));
      const [row] = await tx
        .insert(outbox)
        .values({
          kind: 'shro.pick',
          shroId: shro.id,
          payload: pickPayload(shro, picker, 1, at),
          appliedAt: new Date(Date.now() - appliedAgoMs),
        })
        .returning({ id: outbox.id });
      return row!.id;
    });
    const events: { type: string; shroId?: string; participantCount?: number }[] = [];
    const stop = ctx.app.bus.subscribe((envelope) => events.push(envelope.event as (typeof events)[number]));
    return { shro, picker, id, events, stop };
  }

  it('another instance’s sweep publishes them (the state as it is now) and deletes the row; nothing is applied again', async () => {
    const { shro, picker, id, events, stop } = await appliedButUnpublished(10_000);
    try {
      await until(async () => (await outboxRow(id)) === undefined, 'the stranded row to be published');
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'shro.picked', shroId: shro.id, participantCount: 1 }),
      );
      expect(events.map((e) => e.type)).toContain('notification.created');
      expect((await getShro(ctx, shro.id)).json().participantCount).toBe(1);
      // Its effects were applied by the instance that died: not again.
      expect(await storedCount(shro.id)).toBe(1);
      expect(await statsRow(ctx, picker.id)).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('at start-up, applied rows of any age are published before the processor reports done', async () => {
    const { shro, id, events, stop } = await appliedButUnpublished(0);
    const processor = new OutboxProcessor(depsOf(), quietLog);
    try {
      await processor.start();
      expect(await outboxRow(id)).toBeUndefined();
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'shro.picked', shroId: shro.id, participantCount: 1 }),
      );
      expect((await getShro(ctx, shro.id)).json().participantCount).toBe(1);
    } finally {
      await processor.stop();
      stop();
    }
  });
});

describe('what a pick costs (issue 12 item 5)', () => {
  it('a burst of picks on one public Shro: 2 statements per pick, each table written once per batch', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false, title: 'Counted' });
    const pickers = await Promise.all(Array.from({ length: 41 }, () => createUser(ctx)));
    // The first pick loads what every later one finds in the cache.
    await pickBox(ctx, pickers[40]!.cookie, shro, 1);
    const counter = countStatements(ctx.database);
    try {
      const answers = await Promise.all(
        pickers.slice(0, 40).map((p, i) => select(ctx, shro.id, p.cookie, shro.boxes[i % 4]!.id)),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      await until(async () => (await outboxRows()) === 0, 'the batches to finish');
      const kinds = [...counter.byKind];
      const ofKind = (start: string) => kinds.filter(([k]) => k.startsWith(start)).reduce((n, [, c]) => n + c, 0);
      // A batch that applied picks writes the Shro's count once; a claim that found nothing (a run
      // looking again while picks commit) is its BEGIN, claim and COMMIT, and nothing else.
      const batches = ofKind('update "shros" set "participant_count"');
      const claims = ofKind('update "outbox" set "applied_at"');
      const statsUpserts = ofKind('with v (user_id, "shros_created"');
      // Each pick: the session, then the pick with its block check and outbox row (decision 144).
      expect(ofKind('with blocked as')).toBe(40);
      expect(ofKind('select 1 from "user_blocks"')).toBe(0);
      // Per batch: the pickers' and the creator's stats in one statement (decision 144), their
      // unlocks in one more, and no look-up of the pickers' zones, which the picks carry; nothing
      // stores the progress of an achievement still locked (decision 147).
      expect(statsUpserts).toBe(batches);
      expect(ofKind('with v (user_id, metric, value, at)')).toBe(batches);
      expect(ofKind('select "id", "time_zone" from "users"')).toBe(0);
      expect(ofKind('with v (user_id, metric, value)')).toBe(0);
      // An unlock's analytics event is in the unlock's statement; a notification's block and mute
      // filter in its routing's (decision 144, amended 2026-11-29).
      expect(ofKind('insert into "analytics_events"')).toBe(0);
      expect(ofKind("select 'block'")).toBe(0);
      // Per batch: BEGIN, claim, stats, unlocks, the unlocks' notifications (routing, insert), the
      // Shro's count, the group's (routing, upsert, text), COMMIT and the delete after it: 12, and
      // one more when a group's window moves back. This test's own polls of the outbox aside.
      const statements = counter.count - ofKind('select count(*) from "outbox"');
      expect(
        statements,
        `statements: ${statements} for 40 picks in ${batches} batches and ${claims - batches} empty claims (${(statements / 40).toFixed(1)} per pick)`,
      ).toBeLessThanOrEqual(2 * 40 + 13 * batches + 3 * (claims - batches));
    } finally {
      counter.stop();
    }
    expect(await storedCount(shro.id)).toBe(41);
  });

  it('the picker’s answer after the effects: read from this instance’s copy, updated in place', async () => {
    const shro = await createShro(ctx, creator.cookie, { isPublic: true, isShareable: false, title: 'In place' });
    const [first, second] = await Promise.all([createUser(ctx), createUser(ctx)]);
    await pickBox(ctx, first.cookie, shro, 1);
    // A visitor's read keeps the Shro in the cache; the next pick updates that copy.
    expect((await getShro(ctx, shro.id)).json().participantCount).toBe(1);
    const before = ctx.app.shroCache.stats();
    const view = await pickBox(ctx, second.cookie, shro, 2);
    expect(view.participantCount).toBe(2);
    expect(view.selectedBoxId).toBe(shro.boxes[1]!.id);
    expect(ctx.app.shroCache.stats().misses).toBe(before.misses);
    // Everyone's view reads the new count, the first picker's own pick still there.
    expect((await getShro(ctx, shro.id)).json().participantCount).toBe(2);
    const firstView = await getShroForViewer(depsOf(), shro.id, first);
    expect([firstView.participantCount, firstView.selectedBoxId]).toEqual([2, shro.boxes[0]!.id]);
    const board = (await getShro(ctx, shro.id, creator.cookie)).json() as Shro;
    expect(board.participants.map((p) => p.userId).sort()).toEqual([first.id, second.id].sort());
  });
});
