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
export interface UserAchievement {
  id: string;
  isUnlocked: boolean;
  unlockedAt: string | null;
  progress: number;
  achievement: {
    name: string;
    description: string;
    icon: string;
    rarity: AchievementRarity;
    category: AchievementCategory;
    requirement: number;
  };
}

/** POST /api/sessions/:id/share answer: `counted` is false when this person had shared it before. */
export interface ShareShroResponse {
  success: true;
  counted: boolean;
  shareCount: number;
}

/** Header the web app sends on every call: the browser's IANA time zone, for streak days. */
export const TIME_ZONE_HEADER = 'x-time-zone';
