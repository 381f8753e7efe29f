import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (docs/decisions/119-picks-off-the-hot-row.md): what a pick or a
 * reaction still has to cause (counters, stats, streaks, achievements, notifications, live
 * events), written in the action's own transaction and processed after its commit by any
 * instance, each row exactly once. A row lives through two steps (decision 128): its effects are
 * applied and `applied_at` set in one transaction; its events are published after that commit,
 * then the row is deleted. A row whose events a crash left unpublished is published again by the
 * next instance that finds it (events carry absolute state, so publishing twice is harmless).
 * No foreign keys: the effects of a pick on a Shro deleted meanwhile still apply to the people.
 */
export const outbox = pgTable('outbox', {
  /** Processed in id order (roughly commit order); a processor claims the oldest it can lock. */
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['shro.pick', 'shro.reaction'] }).notNull(),
  shroId: text('shro_id').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Effects committed; events not yet published (the row is deleted once they are). */
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  /** Times its effects failed when applied alone (a batch that fails is retried row by row). */
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** Set after too many lone failures: the row is no longer claimed (dead letter; see decision 129). */
  failedAt: timestamp('failed_at', { withTimezone: true }),
});
