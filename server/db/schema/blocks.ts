import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { shros } from './shros';
import { users } from './users';

/**
 * `blockerId` blocked `blockedId`: from then on neither reaches the other (decision 104). Stored
 * one way, read both ways: the index on `blocked_id` serves "who blocked me".
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** `userId` gets no notifications (nor push) caused by `mutedId`; everything else stays. */
export const userMutes = pgTable(
  'user_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedId] }),
    index('user_mutes_muted_idx').on(t.mutedId),
    check('user_mutes_not_self', sql`${t.userId} <> ${t.mutedId}`),
  ],
);

/** `userId` gets no notifications (nor push) about the Shro `shroId`. */
export const shroMutes = pgTable(
  'shro_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.shroId] }), index('shro_mutes_shro_idx').on(t.shroId)],
);
