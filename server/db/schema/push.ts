import { index, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A browser's PushSubscription (Web Push, RFC 8030/8291): where to send, and the keys to encrypt for. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: a capability, never shown back to anyone. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (65 bytes, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The browser's auth secret (16 bytes, base64url). */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A native app's device token (FCM on Android, APNs on iOS): where the app store's push service
 * reaches one installation. Decision 164.
 */
export const nativePushTokens = pgTable(
  'native_push_tokens',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'android' (FCM) or 'ios' (APNs): which service the token belongs to. */
    platform: text('platform').notNull(),
    /** The device token: an address for pushes, never shown back to anyone. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('native_push_tokens_token_idx').on(t.token), index('native_push_tokens_user_idx').on(t.userId)],
);

/**
 * A user's notification settings; no row means the defaults (everything on, no quiet hours).
 * `channels` maps each kind to `{inApp, push}` (contract/push.ts).
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').notNull(),
  /** 'HH:MM' in the user's time zone, both set or both null. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a push with one tag (a Shro) last went to a user: at most one per Shro per 10 minutes. */
export const pushThrottle = pgTable(
  'push_throttle',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);
