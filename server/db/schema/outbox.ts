import { bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (docs/decisions/119-picks-off-the-hot-row.md): what a pick or a
 * reaction still has to cause (counters, stats, streaks, achievements, notifications, live
 * events), written in the action's own transaction and processed after its commit by any
 * instance, each row exactly once (it is deleted in the transaction that applies it).
 * No foreign keys: the effects of a pick on a Shro deleted meanwhile still apply to the people.
 */
export const outbox = pgTable('outbox', {
  /** Processed in id order (roughly commit order); a processor claims the oldest it can lock. */
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['shro.pick', 'shro.reaction'] }).notNull(),
  shroId: text('shro_id').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
