import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { shros } from './shros';
import { users } from './users';

/** The static catalogue, seeded by migration. `metric` names the counter that drives progress. */
export const achievements = pgTable('achievements', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  rarity: text('rarity', { enum: ['common', 'rare', 'epic', 'legendary'] }).notNull(),
  category: text('category', { enum: ['social', 'participation', 'streak', 'creative'] }).notNull(),
  requirement: integer('requirement').notNull(),
  metric: text('metric').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    progress: integer('progress').notNull().default(0),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

/** Running counters, updated in the same transaction as the action that moves them. */
export const userStats = pgTable('user_stats', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shrosCreated: integer('shros_created').notNull().default(0),
  imageShrosCreated: integer('image_shros_created').notNull().default(0),
  textShrosCreated: integer('text_shros_created').notNull().default(0),
  shrosParticipated: integer('shros_participated').notNull().default(0),
  correctGuesses: integer('correct_guesses').notNull().default(0),
  consecutiveCorrect: integer('consecutive_correct').notNull().default(0),
  totalParticipants: integer('total_participants').notNull().default(0),
  shares: integer('shares').notNull().default(0),
  streakDays: integer('streak_days').notNull().default(0),
  lastActiveDay: date('last_active_day'),
});

/**
 * Who shared which Shro (copy link, share dialog, explore card). One row per person and Shro:
 * sharing the same Shro again counts nothing, so Trendsetter cannot be reached by tapping one button.
 */
export const shroShares = pgTable(
  'shro_shares',
  {
    shroId: text('shro_id')
      .notNull()
      .references(() => shros.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shroId, t.userId] })],
);
