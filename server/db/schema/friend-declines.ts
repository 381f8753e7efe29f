import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A friend request `fromUserId` sent and `toUserId` declined: the same request cannot come again
 * for 7 days (docs/decisions/111-cooling-off-periods.md).
 */
export const friendRequestDeclines = pgTable(
  'friend_request_declines',
  {
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fromUserId, t.toUserId] })],
);
