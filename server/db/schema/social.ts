import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shros } from './shros';
import { users } from './users';

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: serial('id').primaryKey(),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('friend_requests_pair_idx').on(t.fromUserId, t.toUserId),
    index('friend_requests_to_idx').on(t.toUserId),
    check('friend_requests_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** A friendship is stored once, with the smaller id first, so a pair can only exist once. */
export const friendships = pgTable(
  'friendships',
  {
    userLowId: text('user_low_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHighId: text('user_high_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userLowId, t.userHighId] }),
    index('friendships_high_idx').on(t.userHighId),
    check('friendships_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    shroId: text('shro_id').references(() => shros.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A grouped notification (picks or reactions on one Shro, decision 120): when its group began. */
    groupSince: timestamp('group_since', { withTimezone: true }),
    /**
     * A group of picks: the Shro's participant count just before the group's first pick. The
     * group's pickers are the count since then, less those the creator silenced (decision 153).
     */
    groupBase: integer('group_base'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // At most one unread group per person, Shro and type: concurrent processors update the same row.
    uniqueIndex('notifications_open_group_idx')
      .on(t.userId, t.shroId, t.type)
      .where(sql`${t.groupSince} is not null and ${t.isRead} = false`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: ['plain', 'shro_share'] })
      .notNull()
      .default('plain'),
    shroId: text('shro_id').references(() => shros.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_pair_idx').on(t.senderId, t.recipientId, t.createdAt),
    // The conversation list reads every message sent to the user, read or not.
    index('messages_recipient_idx').on(t.recipientId, t.senderId, t.createdAt),
    index('messages_recipient_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * "Delete conversation" for one side only: `userId` no longer sees their messages with `otherId`
 * up to and including message `clearedThroughId`; newer ones show again. The other side keeps all.
 */
export const chatClears = pgTable(
  'chat_clears',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clearedThroughId: integer('cleared_through_id').notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.otherId] })],
);
