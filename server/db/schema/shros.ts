import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** The game: four hidden boxes sent to friends, shared by link or published. */
export const shros = pgTable(
  'shros',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    type: text('type', { enum: ['image', 'text', 'movie', 'tv'] }).notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isShareable: boolean('is_shareable').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    /** Nobody, the creator included, learns who opened which box (decision 188). */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /**
     * Set when the creator shuffled the boxes: the secret each viewer's own order, box ids and
     * salts are derived from (decision 189). Never leaves the server.
     */
    shuffleKey: text('shuffle_key'),
    status: text('status', { enum: ['waiting', 'selected', 'revealed'] })
      .notNull()
      .default('waiting'),
    /** Comma-separated, lower-cased, as the spec's `hashtags` field. */
    hashtags: text('hashtags'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    winningBoxPosition: integer('winning_box_position'),
    winningSalt: text('winning_salt'),
    winningCommitment: text('winning_commitment'),
    selectedBoxId: integer('selected_box_id'),
    selectedByUserId: text('selected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    selectedAt: timestamp('selected_at', { withTimezone: true }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    participantCount: integer('participant_count').notNull().default(0),
    shareCount: integer('share_count').notNull().default(0),
    /**
     * Trust and safety (issue 11): `pending_review` = public text matched the word-list filter, kept
     * off explore until a moderator approves; `auto_hidden` = reported by enough distinct users;
     * `hidden` = a moderator hid it from explore and profiles. Only `visible` public Shros are listed.
     */
    moderationStatus: text('moderation_status', { enum: ['visible', 'pending_review', 'auto_hidden', 'hidden'] })
      .notNull()
      .default('visible'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shros_creator_idx').on(t.creatorId, t.createdAt),
    index('shros_public_recent_idx').on(t.createdAt).where(sql`${t.isPublic}`),
    // The deadline sweep's reads (decision 186): Shros whose deadline is near or just passed.
    index('shros_expires_at_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    // Explore: the hashtag filter (exact tag) and search (title or hashtag substring, pg_trgm).
    index('shros_public_hashtag_tags_idx')
      .using('gin', sql`string_to_array(${t.hashtags}, ',')`)
      .where(sql`${t.isPublic}`),
    index('shros_public_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`).where(sql`${t.isPublic}`),
    index('shros_public_hashtags_trgm_idx').using('gin', sql`${t.hashtags} gin_trgm_ops`).where(sql`${t.isPublic}`),
    check('shros_winning_position_check', sql`${t.winningBoxPosition} between 1 and 4`),
  ],
);

export const shroBoxes = pgTable(
  'shro_boxes',
  {
    id: serial('id').primaryKey(),
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label'),
    textContent: text('text_content'),
    /** Restaurant category, when the box came from the restaurant picker. */
    category: text('category'),
    /** Movie/TV details the creator picked (id, title, poster, date, rating). */
    tmdbData: jsonb('tmdb_data'),
    /** Key of the stored image (see uploads); never exposed before the box is opened. */
    imageKey: text('image_key'),
    /** Remote image (a movie poster) for movie/TV boxes. */
    imageUrl: text('image_url'),
    salt: text('salt').notNull(),
    commitment: text('commitment').notNull(),
  },
  (t) => [
    uniqueIndex('shro_boxes_position_idx').on(t.shroId, t.position),
    // Serving an upload asks "which boxes hold this image?" on every request.
    index('shro_boxes_image_key_idx').on(t.imageKey).where(sql`${t.imageKey} is not null`),
    check('shro_boxes_position_check', sql`${t.position} between 1 and 4`),
  ],
);

/** Who a private Shro was sent to; `hiddenAt` removes it from that recipient's history only. */
export const shroRecipients = pgTable(
  'shro_recipients',
  {
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.shroId, t.userId] }), index('shro_recipients_user_idx').on(t.userId)],
);

/** One row per participant: the unique index is what makes "one box per person" hold under concurrency. */
export const picks = pgTable(
  'participations',
  {
    id: serial('id').primaryKey(),
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boxId: integer('box_id')
      .notNull()
      .references(() => shroBoxes.id, { onDelete: 'cascade' }),
    isCorrect: boolean('is_correct'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('participations_shro_user_idx').on(t.shroId, t.userId),
    index('participations_user_idx').on(t.userId, t.createdAt),
    index('participations_recent_idx').on(t.createdAt),
  ],
);

export const reactions = pgTable(
  'reactions',
  {
    id: serial('id').primaryKey(),
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reactions_shro_user_idx').on(t.shroId, t.userId)],
);

/**
 * When a Shro's creator last nudged its recipients (issue 40): at most one nudge per Shro per
 * NUDGE_INTERVAL_HOURS, claimed by one conditional upsert so that two at once cannot both pass.
 */
export const shroNudges = pgTable('shro_nudges', {
  shroId: text('shro_id')
    .primaryKey()
    .references(() => shros.id, { onDelete: 'cascade' }),
  nudgedAt: timestamp('nudged_at', { withTimezone: true }).notNull(),
});

/**
 * What a Shro's deadline has already caused (issue 40, decision 186): the reminder to recipients an
 * hour before it, and the summary to its creator at it. The primary key makes each happen once,
 * whichever instance's sweep claims it first.
 */
export const shroDeadlineNotices = pgTable(
  'shro_deadline_notices',
  {
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reminder', 'summary'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shroId, t.kind] })],
);

/** Uploaded, re-encoded images. Access is decided by what references them (a box or an avatar). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['box', 'avatar'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** SHA-256 (hex) of the stored bytes: box commitments bind to it, so a reveal can be checked. */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);
