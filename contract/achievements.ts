import { z } from 'zod';

/** docs/product.md §3 rarities and categories, in display order. */
const ACHIEVEMENT_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
const ACHIEVEMENT_CATEGORIES = ['creative', 'participation', 'social', 'streak'] as const;
export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/**
 * One entry of GET /api/achievements (docs/product.md §3 "User achievement"): every achievement of the
 * catalogue, unlocked or not. `id` is the achievement's id; `progress` counts towards
 * `achievement.requirement` and stops there.
 */
export const userAchievementSchema = z.object({
  id: z.string(),
  isUnlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
  progress: z.number(),
  achievement: z.object({
    name: z.string(),
    description: z.string(),
    icon: z.string(),
    rarity: z.enum(ACHIEVEMENT_RARITIES),
    category: z.enum(ACHIEVEMENT_CATEGORIES),
    requirement: z.number(),
  }),
});
export type UserAchievement = z.output<typeof userAchievementSchema>;

/** POST /api/sessions/:id/share answer: `counted` is false when this person had shared it before. */
export const shareShroResponseSchema = z.object({
  success: z.literal(true),
  counted: z.boolean(),
  shareCount: z.number(),
});
export type ShareShroResponse = z.output<typeof shareShroResponseSchema>;

/** Header the web app sends on every call: the browser's IANA time zone, for streak days. */
export const TIME_ZONE_HEADER = 'x-time-zone';
