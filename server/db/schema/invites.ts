import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { shros } from './shros';
import { users } from './users';

/**
 * Invite links (docs/decisions/124-invitations.md): a person who signs up with one becomes the
 * inviter's friend. Only the SHA-256 of the token is stored, as for password-reset links, so a
 * leaked table invites no one; a row works until `expires_at`, for `max_uses` sign-ups, and
 * revoking it deletes it. An invite made for one of the inviter's link Shros (`shro_id`, decision
 * 127) goes with that Shro.
 */
export const invites = pgTable(
  'invites',
  {
    /** What the inviter's list shows and revokes by; never the token. */
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    tokenHash: text('token_hash').notNull(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shroId: text('shro_id').references(() => shros.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [
    uniqueIndex('invites_token_hash_idx').on(t.tokenHash),
    index('invites_inviter_idx').on(t.inviterId, t.createdAt),
    index('invites_shro_idx').on(t.shroId),
    check('invites_uses_within_max', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);
