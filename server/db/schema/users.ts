import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** PHC string: algorithm, parameters and salt travel with the hash. */
    passwordHash: text('password_hash').notNull(),
    profileImageUrl: text('profile_image_url'),
    /** IANA zone sent by the browser; streak days are counted in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * A moderator's suspension (docs/decisions/107-user-suspension.md): the user cannot sign in and
     * their public Shros leave explore while this is in the future; "for good" is SUSPENDED_FOREVER.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** When the user accepted the terms, and which version (contract/terms.ts); null for accounts older than the terms. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    /** The language the user chose (contract/locales.ts); null until they choose one. */
    locale: text('locale'),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_username_pattern_idx').on(sql`lower(${t.username}) text_pattern_ops`),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * What the API shows for the session (GET /api/auth/sessions): random, unrelated to the token
     * hash, which never leaves the server (docs/decisions/102-signed-in-devices.md).
     */
    publicId: text('public_id').notNull().default(sql`gen_random_uuid()::text`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most every few minutes per session, never per request (decision 102). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A short summary taken at sign-in, e.g. "Chrome on Android" or "Safari on iPad"; null when unrecognised. */
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), uniqueIndex('auth_sessions_public_id_idx').on(t.publicId)],
);

/** Small key/value settings shared by every instance (for example the generated cookie secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
