import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A username someone gave up (renamed or deleted their account), kept from everyone else for 30
 * days (docs/decisions/111-cooling-off-periods.md). Only a SHA-256 of the lower-cased name is
 * kept, so a deleted account's name is not stored readable; the user id goes with the account.
 */
export const usernameHolds = pgTable('username_holds', {
  usernameHash: text('username_hash').primaryKey(),
  /** The previous owner, who may take the name back; null once their account is deleted. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
});
