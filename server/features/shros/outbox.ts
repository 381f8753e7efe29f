import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, shros } from '../../db/schema/index';
import { anyOf } from '../../db/unnest';
import type { ShroDeps } from './access';
import { notifyUsers } from './events';
import { type Applied, applyEffects, type Effects, type Entry } from './outbox-effects';
import { publicStateOf } from './present';

/**
 * Picks and reactions off the hot row (docs/decisions/119-picks-off-the-hot-row.md). The action's
 * transaction holds only what makes it atomic and writes one outbox row; everything that follows
 * from it (the Shro's participant count, both people's stats, streaks and achievements, the
 * creator's grouped notification, the live events) is applied after the commit, by whichever
 * instance claims the row first (`FOR UPDATE SKIP LOCKED`), in one transaction that also marks
 * the row applied: each row takes effect exactly once, however many instances run, crash or
 * replay. Its events are published after that commit and the row deleted after them; events a
 * crash left unpublished are published by the next instance that finds the row
 * (docs/decisions/128-outbox-publish-after-crash.md). What a row changes is outbox-effects.ts;
 * this module claims rows, retries them and publishes their events.
 */

/** Writes the effects still to apply; call inside the action's transaction. Returns the row's id. */
export async function enqueueEffects(tx: Db, entry: Effects): Promise<number> {
  const [row] = await tx.insert(outbox).values(entry).returning({ id: outbox.id });
  return row!.id;
}

/** Rows one processing transaction claims at most. */
const BATCH = 200;
/** How long a run waits before claiming, so that picks committing meanwhile share its batch. */
const GATHER_MS = 3;
/** The sweep: rows left by a failed run or a crashed instance, and another instance's kicks. */
const SWEEP_MS = 1000;
/**
 * Fault-drill hook (tests/faults/outbox-crash.test.ts), never set outside the drills. `1`: nothing
 * is processed, so a `kill -9` lands between a pick's commit and its effects. `applied`: effects
 * are applied and committed, but never published nor their rows deleted (nor stranded events
 * published), so a `kill -9` lands between the effects' commit and their events.
 */
const DRILL = process.env.OUTBOX_STALL_FOR_DRILL;
const STALL_FOR_DRILL = DRILL === '1';
const STALL_AFTER_APPLY_FOR_DRILL = DRILL === 'applied';

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * How a request's wait for its row ended: `applied` once the effects committed (here or on
 * another instance); `delayed` when they could not be applied now (the row failed, the database
 * stopped answering, or the wait ran too long): the action itself is stored, the effects follow.
 */
export type Settled = 'applied' | 'delayed';

interface Waiter {
  shroId: string;
  resolve(outcome: Settled): void;
}

export interface OutboxOptions {
  /** Lone failures after which a row is set aside as failed (dead letter). */
  maxAttempts?: number;
  /** Applied rows older than this whose events are unpublished lost their publisher: published by the sweep. */
  strandedAfterMs?: number;
  /** Longest a request waits for its effects before answering without them. */
  waitLimitMs?: number;
}

/** One claim's outcome: the rows it locked, and what it applied (nothing when all were applied elsewhere). */
interface Claimed {
  rows: Entry[];
  applied?: Applied;
}

const entryColumns = {
  id: outbox.id,
  kind: outbox.kind,
  shroId: outbox.shroId,
  payload: outbox.payload,
  appliedAt: outbox.appliedAt,
  failedAt: outbox.failedAt,
};

/** Rows nobody applied yet, never failed alone. */
const fresh = and(isNull(outbox.appliedAt), isNull(outbox.failedAt), eq(outbox.attempts, 0));
/** Rows still to apply (failed alone before, but not set aside). */
const due = and(isNull(outbox.appliedAt), isNull(outbox.failedAt));

/** How a run takes its rows; `marksApplied` when the claim itself marks them (see claimOldest). */
interface Claim {
  (tx: Db): Promise<Entry[]>;
  marksApplied?: boolean;
}

/**
 * The oldest fresh rows no other instance holds, marked applied by the same statement (decision
 * 144): the effects follow in the same transaction, so the mark commits with them or not at all.
 * Returned as they were before the mark (not applied: to apply here).
 */
const claimOldest: Claim = async (tx) => {
  const oldest = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(fresh)
    .orderBy(asc(outbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = (await tx
    .update(outbox)
    .set({ appliedAt: sql`now()` })
    .where(inArray(outbox.id, oldest))
    .returning({ ...entryColumns, appliedAt: sql<null>`null`, failedAt: sql<null>`null` })) as Entry[];
  return rows.sort((a, b) => a.id - b.id);
};
claimOldest.marksApplied = true;

/** One row still to apply, unless another instance holds it. */
const claimOne = (id: number) => (tx: Db) =>
  tx
    .select(entryColumns)
    .from(outbox)
    .where(and(eq(outbox.id, id), due))
    .for('update', { skipLocked: true }) as Promise<Entry[]>;

/** Exactly these rows, waiting for any transaction holding them; rows already deleted are missing. */
const claimAwaited = (ids: number[]) => (tx: Db) =>
  tx
    .select(entryColumns)
    .from(outbox)
    .where(anyOf(outbox.id, ids, 'bigint'))
    .orderBy(asc(outbox.id))
    .for('update') as Promise<Entry[]>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The outbox processor of one app instance (one per database handle). Kicked right after each
 * commit, swept every second and at start-up; `settled(id)` resolves once that row's effects
 * have committed, here or on another instance (or, should they be held up, without them).
 */
export class OutboxProcessor {
  private readonly runs = new Set<Promise<void>>();
  /** Deletes of published rows still under way (stop waits for them). */
  private readonly deletes = new Set<Promise<void>>();
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly waiters = new Map<number, Waiter[]>();
  /** Rows this instance's run holds right now (the awaited rows it need not wait for). */
  private readonly claimedHere = new Set<number>();
  /** Lone retries and stranded events are looked for at start and then once per sweep. */
  private housekeepingDue = true;
  /** Until the first look for stranded events has run: at start-up, any age is stranded. */
  private firstLook = true;
  private readonly maxAttempts: number;
  private readonly strandedAfterMs: number;
  private readonly waitLimitMs: number;

  constructor(
    private readonly deps: ShroDeps,
    private log: Logger,
    options: OutboxOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 5;
    this.strandedAfterMs = options.strandedAfterMs ?? 5000;
    this.waitLimitMs = options.waitLimitMs ?? 10_000;
  }

  /**
   * Processes what is waiting now (a crashed instance's leftovers: resolves once done), then
   * sweeps every second until `stop`.
   */
  async start(log?: Logger): Promise<void> {
    if (log) this.log = log;
    this.timer ??= setInterval(() => {
      this.housekeepingDue = true;
      this.kick();
    }, SWEEP_MS);
    this.timer.unref();
    this.kick();
    await Promise.all(this.runs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    // A run may start another as it ends (work arrived meanwhile), and runs leave deletes behind.
    while (this.runs.size + this.deletes.size > 0) await Promise.all([...this.runs, ...this.deletes]);
  }

  /**
   * Resolves with `applied` once the row's effects committed, here or on another instance (the
   * caller's answer is built after them), or with `delayed` when they are held up (decision 129).
   */
  settled(id: number, shroId: string): Promise<Settled> {
    if (STALL_FOR_DRILL) {
      this.log.warn({ outboxId: id }, 'outbox stalled after commit (fault drill)');
      return new Promise(() => {});
    }
    const done = new Promise<Settled>((resolve) => {
      const timer = setTimeout(() => this.settle([id], 'delayed'), this.waitLimitMs);
      timer.unref();
      const list = this.waiters.get(id) ?? [];
      list.push({
        shroId,
        resolve: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      });
      this.waiters.set(id, list);
    });
    this.kick();
    return done;
  }

  /**
   * Starts a run, or asks the running one to look again. One run at a time per instance, on
   * PostgreSQL too (decision 139): batches of one busy Shro all write its row, its creator's
   * stats and notification, so batches side by side only waited on each other's locks, and each
   * was smaller. One run takes everything that arrived while the last one worked.
   */
  kick(): void {
    if (STALL_FOR_DRILL) return;
    if (this.runs.size > 0) {
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
    for (let first = true; ; first = false) {
      this.again = false;
      try {
        // A moment for the commits already under way to join the first batch: one batch per
        // burst of picks, not one per pick (the batch's fixed cost is most of a lone pick's).
        // Later batches of the run took what arrived while the last one worked.
        if (first) await sleep(GATHER_MS);
        const claimed = await this.process(claimOldest);
        if (claimed === BATCH || this.again) continue;
        // Awaited rows this run could not claim are locked by another instance: wait for its
        // transaction (a plain FOR UPDATE), and apply them here if it ended without doing so.
        const pending = [...this.waiters.keys()].filter((id) => !this.claimedHere.has(id));
        if (pending.length > 0) await this.process(claimAwaited(pending), pending);
        if (this.housekeepingDue) {
          this.housekeepingDue = false;
          await this.housekeeping();
        }
        failures = 0;
        if (!this.again) return;
      } catch (error) {
        failures += 1;
        this.log.error({ err: error }, 'outbox processing failed');
        if (failures >= 5) {
          // The database is not answering. The actions are stored: their requests answer
          // without their effects, which a later sweep applies.
          this.settle([...this.waiters.keys()], 'delayed');
          return;
        }
        await sleep(20 * failures);
      }
    }
  }

  private settle(ids: number[], outcome: Settled): void {
    for (const id of ids) {
      const list = this.waiters.get(id);
      if (!list) continue;
      this.waiters.delete(id);
      for (const waiter of list) waiter.resolve(outcome);
    }
  }

  /**
   * One transaction: claims rows, applies those nobody applied yet and marks them applied. After
   * the commit: this instance's cache, the events, the waiting requests, and the rows deleted.
   * A batch that fails is retried row by row, so that one bad row holds no other back. Returns
   * the number of rows claimed. `awaited`: the ids asked for (rows missing were deleted: done).
   */
  private async process(claim: Claim, awaited?: number[]): Promise<number> {
    let claimedIds: number[] = [];
    try {
      let claimed: Claimed;
      try {
        claimed = await this.deps.db.transaction(async (tx) => {
          const rows = await claim(tx);
          claimedIds = rows.map((r) => r.id);
          for (const id of claimedIds) this.claimedHere.add(id);
          const todo = rows.filter((r) => r.appliedAt === null && r.failedAt === null);
          if (todo.length === 0) return { rows };
          const applied = await applyEffects(tx, todo);
          if (!claim.marksApplied)
            await tx
              .update(outbox)
              .set({ appliedAt: sql`now()` })
              .where(anyOf(outbox.id, applied.ids, 'bigint'));
          return { rows, applied };
        });
      } catch (error) {
        // Nothing claimed: the database itself failed (the run retries, then gives up).
        if (claimedIds.length === 0) throw error;
        if (claimedIds.length === 1) {
          await this.recordFailure(claimedIds[0]!, error);
          return 1;
        }
        for (const id of claimedIds) this.claimedHere.delete(id);
        for (const id of claimedIds) await this.process(claimOne(id));
        return claimedIds.length;
      }
      await this.afterCommit(claimed, awaited);
      return claimed.rows.length;
    } finally {
      for (const id of claimedIds) this.claimedHere.delete(id);
    }
  }

  private async afterCommit({ rows, applied }: Claimed, awaited?: number[]): Promise<void> {
    const { cache } = this.deps;
    // Rows another instance applied (still there, or already deleted once their events went
    // out): its events may reach this instance after the request's answer, so this instance's
    // copy of the Shro, perhaps loaded between the action's commit and the effects', goes now.
    const present = new Set(rows.map((r) => r.id));
    const elsewhere = rows.filter((r) => r.appliedAt !== null);
    const gone = (awaited ?? []).filter((id) => !present.has(id));
    for (const row of elsewhere) cache.invalidate(row.shroId);
    for (const id of gone) for (const waiter of this.waiters.get(id) ?? []) cache.invalidate(waiter.shroId);
    this.settle(
      elsewhere.map((r) => r.id),
      'applied',
    );
    this.settle(gone, 'applied');
    this.settle(
      rows.filter((r) => r.failedAt !== null).map((r) => r.id),
      'delayed',
    );
    if (!applied) return;

    for (const state of applied.states) {
      const picked = state.type === 'shro.picked' && !state.rowChanged;
      if (picked) cache.applyPicks(state.shroId, { ...state.row, added: state.picks.length, pickers: state.picks });
      else cache.invalidate(state.shroId);
    }
    if (STALL_AFTER_APPLY_FOR_DRILL) {
      this.log.warn({ outboxIds: applied.ids }, 'outbox stalled after apply (fault drill)');
      return;
    }
    // Each publish waits for its echo through Redis (every instance has it then): side by side.
    const now = new Date();
    await Promise.all([
      ...applied.states.map((state) =>
        this.deps.live.publish(
          { type: state.type, shroId: state.shroId, ...publicStateOf(state.row, now) },
          { shro: state.shroId },
        ),
      ),
      notifyUsers(this.deps, applied.notify),
    ]);
    this.settle(applied.ids, 'applied');
    // Deleted while the next run starts (decision 144): that run claims only rows not applied.
    const deleted: Promise<void> = this.deps.db
      .delete(outbox)
      .where(anyOf(outbox.id, applied.ids, 'bigint'))
      .then(
        () => {},
        (error) => {
          // Left applied: the sweep publishes them again (harmless: events carry absolute state) and deletes them.
          this.log.warn({ err: error }, 'outbox rows published but not deleted');
        },
      )
      .finally(() => this.deletes.delete(deleted));
    this.deletes.add(deleted);
  }

  /**
   * A row failed on its own: counted against it, and set aside after `maxAttempts` (logged with
   * its error; an operator clears `failed_at` to retry it). Its request answers without it. When
   * the database cannot even record that, nothing is counted: the row was not at fault.
   */
  private async recordFailure(id: number, error: unknown): Promise<void> {
    const message = rootMessage(error).slice(0, 2000);
    try {
      const [row] = await this.deps.db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: message,
          failedAt: sql`case when ${outbox.attempts} + 1 >= ${this.maxAttempts} then now() end`,
        })
        .where(and(eq(outbox.id, id), isNull(outbox.appliedAt)))
        .returning({ attempts: outbox.attempts, failedAt: outbox.failedAt, kind: outbox.kind, shroId: outbox.shroId });
      if (row?.failedAt)
        this.log.error(
          { err: error, outboxId: id, kind: row.kind, shroId: row.shroId, attempts: row.attempts },
          'outbox row set aside after repeated failures (dead letter)',
        );
      else if (row)
        this.log.warn(
          { err: error, outboxId: id, attempts: row.attempts },
          'outbox row failed; retried at the next sweep',
        );
    } catch (recordError) {
      this.log.error({ err: recordError, outboxId: id }, 'outbox row failed and its failure could not be recorded');
    }
    this.settle([id], 'delayed');
  }

  /**
   * Once per sweep, one query for what the kicks do not cover: rows that failed alone before
   * (each tried alone again) and applied rows whose events were never published.
   */
  private async housekeeping(): Promise<void> {
    // This instance's own published rows are not stranded: their deletes finish first.
    await Promise.all(this.deletes);
    // Stranded events are only published while the bus reaches every instance (see publishStranded).
    const publishing = !STALL_AFTER_APPLY_FOR_DRILL && this.deps.cache.enabled;
    const olderThanMs = this.firstLook ? 0 : this.strandedAfterMs;
    const stranded = and(
      isNotNull(outbox.appliedAt),
      lte(outbox.appliedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
    );
    const rows = await this.deps.db
      .select({ id: outbox.id, appliedAt: outbox.appliedAt })
      .from(outbox)
      .where(publishing ? or(and(due, gt(outbox.attempts, 0)), stranded) : and(due, gt(outbox.attempts, 0)))
      .orderBy(asc(outbox.id))
      .limit(BATCH);
    for (const { id, appliedAt } of rows) if (appliedAt === null) await this.process(claimOne(id));
    if (!publishing) return;
    this.firstLook = false;
    if (rows.some((r) => r.appliedAt !== null)) await this.publishStranded(olderThanMs);
  }

  /**
   * Events a crash left unpublished: rows applied at least `strandedAfterMs` ago (any age at
   * start-up) are published with their Shros' state as it is now, then deleted. The rows stay
   * locked meanwhile, so two instances do not both publish them. Waits while the bus cannot
   * reach the other instances (their caches are then bypassed anyway), so that none is missed.
   */
  private async publishStranded(olderThanMs: number): Promise<void> {
    for (;;) {
      const published = await this.deps.db.transaction(async (tx) => {
        const rows = (await tx
          .select(entryColumns)
          .from(outbox)
          .where(
            and(
              isNotNull(outbox.appliedAt),
              lte(outbox.appliedAt, sql`now() - ${olderThanMs} * interval '1 millisecond'`),
            ),
          )
          .orderBy(asc(outbox.id))
          .limit(BATCH)
          .for('update', { skipLocked: true })) as Entry[];
        if (rows.length === 0) return 0;
        const types = new Map<string, 'shro.picked' | 'shro.reaction.added'>();
        const notify = new Set<string>();
        for (const row of rows) {
          notify.add(row.payload.userId).add(row.payload.creatorId);
          if (row.kind === 'shro.pick') types.set(row.shroId, 'shro.picked');
          else if (row.payload.changed && !types.has(row.shroId)) types.set(row.shroId, 'shro.reaction.added');
        }
        const states =
          types.size === 0
            ? []
            : await tx
                .select({ id: shros.id, participantCount: shros.participantCount, expiresAt: shros.expiresAt })
                .from(shros)
                .where(inArray(shros.id, [...types.keys()]));
        const now = new Date();
        for (const state of states) {
          this.deps.cache.invalidate(state.id);
          await this.deps.live.publish(
            { type: types.get(state.id)!, shroId: state.id, ...publicStateOf(state, now) },
            { shro: state.id },
          );
        }
        await notifyUsers(this.deps, [...notify]);
        await tx.delete(outbox).where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
        return rows.length;
      });
      if (published > 0) this.log.warn({ rows: published }, 'outbox: published events a crash had left unpublished');
      if (published < BATCH) return;
    }
  }
}

/** The database's own words: the query builder wraps its error (with the whole query) around them. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

const processors = new WeakMap<Db, OutboxProcessor>();

/** The processor of this database handle (one per app instance). */
export function outboxOf(deps: ShroDeps, log?: Logger, options?: OutboxOptions): OutboxProcessor {
  let processor = processors.get(deps.db);
  if (!processor) {
    processor = new OutboxProcessor(deps, log ?? console, options);
    processors.set(deps.db, processor);
  }
  return processor;
}
