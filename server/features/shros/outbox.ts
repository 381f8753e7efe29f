import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { ReactionEmoji } from '../../../contract/shros';
import type { Db } from '../../db/client';
import { outbox, shros } from '../../db/schema/index';
import { bumpStats } from '../achievements/stats';
import { markNotificationsReadAbout, upsertGroupedNotifications } from '../notifications/queries';
import type { ShroDeps } from './access';
import { afterShroWrite, notifyUsers } from './events';
import { publicStateOf } from './present';

/**
 * Picks and reactions off the hot row (docs/decisions/119-picks-off-the-hot-row.md). The action's
 * transaction holds only what makes it atomic and writes one outbox row; everything that follows
 * from it (the Shro's participant count, both people's stats, streaks and achievements, the
 * creator's grouped notification, the live events) is applied after the commit, by whichever
 * instance claims the row first (`FOR UPDATE SKIP LOCKED`), in one transaction that also deletes
 * the row: each row takes effect exactly once, however many instances run, crash or replay.
 */

/** A pick, as its effects need it (the Shro may be deleted before they apply). */
export interface PickEffects {
  userId: string;
  username: string;
  creatorId: string;
  title: string;
  position: number;
  /** Null when the Shro has no winning box. */
  isCorrect: boolean | null;
  /** Sent to chosen friends (only they had a "sent you a Shro" notification to mark read). */
  isPrivate?: boolean;
  at: string;
}

/** A reaction; `changed` is false when the stored one was the same (only the streak day counts). */
export interface ReactionEffects {
  userId: string;
  username: string;
  creatorId: string;
  title: string;
  emoji: ReactionEmoji;
  changed: boolean;
  at: string;
}

type Entry =
  | { id: number; kind: 'shro.pick'; shroId: string; payload: PickEffects }
  | { id: number; kind: 'shro.reaction'; shroId: string; payload: ReactionEffects };

/** Writes the effects still to apply; call inside the action's transaction. Returns the row's id. */
export async function enqueueEffects(
  tx: Db,
  entry:
    | { kind: 'shro.pick'; shroId: string; payload: PickEffects }
    | { kind: 'shro.reaction'; shroId: string; payload: ReactionEffects },
): Promise<number> {
  const [row] = await tx.insert(outbox).values(entry).returning({ id: outbox.id });
  return row!.id;
}

/** The creator's notification texts (decision 120): the spec's for one event, grouped for more. */
const others = (n: number) => (n === 1 ? '1 other' : `${n} others`);
const pickNotification = {
  title: 'Box opened!',
  one: (p: Pick<PickEffects, 'username' | 'position' | 'title'>) =>
    `@${p.username} opened Box #${p.position} in "${p.title}"`,
  group: (p: Pick<PickEffects, 'username' | 'title'>, n: number) =>
    `@${p.username} and ${others(n)} opened a box in "${p.title}"`,
};
const reactionNotification = {
  title: 'New reaction!',
  one: (r: Pick<ReactionEffects, 'username' | 'emoji' | 'title'>) =>
    `@${r.username} reacted ${r.emoji} to "${r.title}"`,
  group: (r: Pick<ReactionEffects, 'username' | 'title'>, n: number) =>
    `@${r.username} and ${others(n)} reacted to "${r.title}"`,
};

/** Rows one processing transaction claims at most. */
const BATCH = 200;
/** How long a run waits before claiming, so that picks committing meanwhile share its batch. */
const GATHER_MS = 3;
/** The sweep: rows left by a failed run or a crashed instance, and another instance's kicks. */
const SWEEP_MS = 1000;
/**
 * Fault-drill hook (tests/faults/outbox-crash.test.ts): nothing is processed, so a `kill -9`
 * lands between a pick's commit and its effects. Never set outside that drill.
 */
const STALL_FOR_DRILL = process.env.OUTBOX_STALL_FOR_DRILL === '1';

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** What one processing transaction did, to publish once it committed. */
interface Applied {
  ids: number[];
  states: {
    shroId: string;
    type: 'shro.box.opened' | 'shro.reaction.added';
    row: { participantCount: number; expiresAt: Date | null };
  }[];
  notify: string[];
}

/**
 * The outbox processor of one app instance (one per database handle). Kicked right after each
 * commit, swept every second and at start-up; `settled(id)` resolves once that row's effects
 * have committed, here or on another instance.
 */
export class OutboxProcessor {
  private readonly runs = new Set<Promise<void>>();
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiters = new Map<number, Waiter[]>();

  /**
   * `concurrency`: runs at once on this instance. On PostgreSQL several connections process
   * disjoint batches side by side (SKIP LOCKED); the embedded database has one connection.
   */
  constructor(
    private readonly deps: ShroDeps,
    private log: Logger,
    private readonly concurrency = 1,
  ) {}

  /**
   * Processes what is waiting now (a crashed instance's leftovers: resolves once done), then
   * sweeps every second until `stop`.
   */
  async start(log?: Logger): Promise<void> {
    if (log) this.log = log;
    this.timer ??= setInterval(() => this.kick(), SWEEP_MS);
    this.timer.unref();
    this.kick();
    await Promise.all(this.runs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.runs);
  }

  /** Resolves once the row's effects committed (the caller's answer is built after them). */
  settled(id: number): Promise<void> {
    if (STALL_FOR_DRILL) {
      this.log.warn({ outboxId: id }, 'outbox stalled after commit (fault drill)');
      return new Promise(() => {});
    }
    const done = new Promise<void>((resolve, reject) => {
      const list = this.waiters.get(id) ?? [];
      list.push({ resolve, reject });
      this.waiters.set(id, list);
    });
    this.kick();
    return done;
  }

  /** Starts a run (up to `concurrency`), or asks the running ones to look again. */
  kick(): void {
    if (STALL_FOR_DRILL) return;
    if (this.runs.size >= this.concurrency) {
      this.again = true;
      return;
    }
    const run: Promise<void> = this.run().finally(() => {
      this.runs.delete(run);
      if (this.again && this.runs.size === 0) this.kick();
    });
    this.runs.add(run);
  }

  /** Until nothing this instance can claim is left and every awaited row is settled. */
  private async run(): Promise<void> {
    let failures = 0;
    for (;;) {
      this.again = false;
      try {
        // A moment for the commits already under way to join this batch: one batch per burst
        // of picks, not one per pick (the batch's fixed cost is most of a lone pick's).
        await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
        const claimed = await this.processBatch();
        this.settle(claimed);
        if (claimed.length === BATCH || this.again) continue;
        // Awaited rows this run could not claim are locked by another instance: wait for its
        // transaction (a plain FOR UPDATE), and apply them here if it ended without doing so.
        const pending = [...this.waiters.keys()];
        if (pending.length > 0) {
          await this.processBatch(pending);
          this.settle(pending);
        }
        failures = 0;
        if (!this.again) return;
      } catch (error) {
        failures += 1;
        this.log.error({ err: error }, 'outbox processing failed');
        if (failures >= 5) {
          // Left to the sweep; the requests waiting for their effects answer with an error.
          for (const [id, list] of this.waiters) {
            this.waiters.delete(id);
            for (const waiter of list) waiter.reject(error);
          }
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20 * failures));
      }
    }
  }

  private settle(ids: number[]): void {
    for (const id of ids) {
      const list = this.waiters.get(id);
      if (!list) continue;
      this.waiters.delete(id);
      for (const waiter of list) waiter.resolve();
    }
  }

  /**
   * One transaction: claims the oldest rows no other instance holds (or exactly `ids`, waiting
   * for them), applies their effects, deletes them; then publishes. Returns the ids applied.
   */
  private async processBatch(ids?: number[]): Promise<number[]> {
    const applied = await this.deps.db.transaction(async (tx) => {
      const query = tx
        .select({ id: outbox.id, kind: outbox.kind, shroId: outbox.shroId, payload: outbox.payload })
        .from(outbox);
      const rows = (
        ids
          ? await query.where(inArray(outbox.id, ids)).orderBy(asc(outbox.id)).for('update')
          : await query.orderBy(asc(outbox.id)).limit(BATCH).for('update', { skipLocked: true })
      ) as Entry[];
      if (rows.length === 0) return undefined;
      const result = await applyEffects(tx, rows);
      await tx.delete(outbox).where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
      return result;
    });
    if (!applied) return [];
    const now = new Date();
    for (const state of applied.states) {
      await afterShroWrite(this.deps, { type: state.type, shroId: state.shroId, ...publicStateOf(state.row, now) });
    }
    await notifyUsers(this.deps, applied.notify);
    return applied.ids;
  }
}

type StatDeltas = Parameters<typeof bumpStats>[2];
type BumpOptions = NonNullable<Parameters<typeof bumpStats>[3]>;

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The effects of a batch, in one order for every processor (the actors' rows by id, then Shro
 * rows by id, creators' rows by id, then the creators' notifications). Two batches can still
 * cross when one's picker is the other's creator: PostgreSQL then aborts one, which is retried.
 */
async function applyEffects(tx: Db, rows: Entry[]): Promise<Applied> {
  const picksPerShro = new Map<string, number>();
  const reactedShros = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'shro.pick') picksPerShro.set(row.shroId, (picksPerShro.get(row.shroId) ?? 0) + 1);
    else if (row.payload.changed) reactedShros.add(row.shroId);
  }

  // 1. The actors' own rows: stats, streak days and achievements, each person's in outbox order.
  // Rows nobody else's batch touches, so batches side by side do this part in parallel.
  const notify = new Set<string>();
  const perUser = new Map<string, { deltas: StatDeltas; options: BumpOptions }[]>();
  const add = (userId: string, deltas: StatDeltas, options: BumpOptions) => {
    const list = perUser.get(userId) ?? [];
    list.push({ deltas, options });
    perUser.set(userId, list);
  };
  const creatorPicks = new Map<string, { n: number; at: Date }>();
  for (const row of rows) {
    const at = new Date(row.payload.at);
    if (row.kind === 'shro.pick') {
      const p = row.payload;
      const guess = p.isCorrect === null ? undefined : p.isCorrect ? 'correct' : 'wrong';
      add(p.userId, { shrosParticipated: 1, correctGuesses: p.isCorrect ? 1 : 0 }, { guess, activity: true, now: at });
      const seen = creatorPicks.get(p.creatorId);
      creatorPicks.set(p.creatorId, { n: (seen?.n ?? 0) + 1, at: seen && seen.at > at ? seen.at : at });
    } else {
      add(row.payload.userId, {}, { activity: true, now: at });
    }
  }
  const bump = async (userId: string, ops: { deltas: StatDeltas; options: BumpOptions }[]) => {
    for (const op of ops) {
      const unlocked = await bumpStats(tx, userId, op.deltas, op.options);
      if (unlocked.length > 0) notify.add(userId);
    }
  };
  for (const userId of [...perUser.keys()].sort(byId)) await bump(userId, perUser.get(userId)!);

  // 2. The shared rows, last and briefly: the Shros' participant counts (the batch's picks in
  // one statement per Shro), then the creators' counters. A Shro deleted meanwhile is missing:
  // its people keep their stats, nobody gets a notification. The key-share lock keeps it from
  // being deleted until this commits.
  const states: Applied['states'] = [];
  const shroIds = [...new Set([...picksPerShro.keys(), ...reactedShros])].sort(byId);
  for (const shroId of shroIds) {
    const picks = picksPerShro.get(shroId) ?? 0;
    const [row] =
      picks > 0
        ? await tx
            .update(shros)
            .set({ participantCount: sql`${shros.participantCount} + ${picks}` })
            .where(eq(shros.id, shroId))
            .returning({ participantCount: shros.participantCount, expiresAt: shros.expiresAt })
        : await tx
            .select({ participantCount: shros.participantCount, expiresAt: shros.expiresAt })
            .from(shros)
            .where(eq(shros.id, shroId))
            .for('key share');
    if (row) states.push({ shroId, type: picks > 0 ? 'shro.box.opened' : 'shro.reaction.added', row });
  }
  const existing = new Set(states.map((s) => s.shroId));
  for (const creatorId of [...creatorPicks.keys()].sort(byId)) {
    const { n, at } = creatorPicks.get(creatorId)!;
    await bump(creatorId, [{ deltas: { totalParticipants: n }, options: { now: at } }]);
  }

  // 3. Notifications: a picker's "sent you a Shro" is answered; the creator's group is updated.
  const events: Parameters<typeof upsertGroupedNotifications>[1] = [];
  for (const row of rows) {
    if (!existing.has(row.shroId)) continue;
    const at = new Date(row.payload.at);
    if (row.kind === 'shro.pick') {
      const p = row.payload;
      // Only a private Shro's recipients were sent one.
      if (p.isPrivate) await markNotificationsReadAbout(tx, p.userId, { types: ['shro_received'], shroId: row.shroId });
      notify.add(p.userId).add(p.creatorId);
      events.push({
        userId: p.creatorId,
        type: 'shro_selected',
        shroId: row.shroId,
        actorId: p.userId,
        title: pickNotification.title,
        message: pickNotification.one(p),
        groupMessage: (n) => pickNotification.group(p, n),
        at,
      });
    } else if (row.payload.changed) {
      const r = row.payload;
      notify.add(r.userId).add(r.creatorId);
      events.push({
        userId: r.creatorId,
        type: 'reaction',
        shroId: row.shroId,
        actorId: r.userId,
        title: reactionNotification.title,
        message: reactionNotification.one(r),
        groupMessage: (n) => reactionNotification.group(r, n),
        at,
      });
    } else {
      notify.add(row.payload.userId);
    }
  }
  await upsertGroupedNotifications(tx, events);
  return { ids: rows.map((r) => r.id), states, notify: [...notify] };
}

const processors = new WeakMap<Db, OutboxProcessor>();

/** The processor of this database handle (one per app instance). */
export function outboxOf(deps: ShroDeps, log?: Logger, concurrency = 1): OutboxProcessor {
  let processor = processors.get(deps.db);
  if (!processor) {
    processor = new OutboxProcessor(deps, log ?? console, concurrency);
    processors.set(deps.db, processor);
  }
  return processor;
}
