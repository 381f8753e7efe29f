import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Reports (issue 11, docs/decisions/106-reports-and-moderation-api.md). `targetId` is the Shro id,
 * the user id, the message id (as text) or the upload key of the image; `targetOwnerId` is who the
 * content belongs to, kept so reports group and outcomes reach the right person even after the
 * content is gone.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['shro', 'user', 'message', 'image'] }).notNull(),
    targetId: text('target_id').notNull(),
    targetOwnerId: text('target_owner_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', {
      enum: ['spam', 'harassment', 'sexual', 'violence', 'hate', 'self_harm', 'other'],
    }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    /** The action that closed it (`dismiss`, `hide`, `delete`, …); null while open. */
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // One open report per reporter per target, whatever the concurrency.
    uniqueIndex('reports_open_reporter_target_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // A target's reports, open or resolved: the queue's open ones, and a moderator's reach to
    // content reported before (review-scope.ts), which a partial index on open ones left to a
    // scan of every report (decision 152).
    index('reports_target_idx').on(t.targetType, t.targetId),
    // Reports about a person's content: review-scope.ts, and deleting an account (the foreign key
    // sets it to null) without a scan of every report.
    index('reports_target_owner_idx').on(t.targetOwnerId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

/** Moderators granted with `npm run moderator -- add NAME` (MODERATOR_USERNAMES adds more from the environment). */
export const moderators = pgTable('moderators', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only audit of every moderator action and content view. A trigger (migration
 * moderation-log-append-only) refuses UPDATE and DELETE; no route writes anything but inserts.
 * The moderator id is kept as plain text, not a foreign key, so the record outlives the account;
 * names are joined in when read, and no username, email or content is copied in here, so an
 * account deletion leaves nothing of the person behind (`details` holds ids and counts only).
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    moderatorId: text('moderator_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_created_idx').on(t.createdAt),
    check('moderation_log_action_check', sql`${t.action} <> ''`),
  ],
);
