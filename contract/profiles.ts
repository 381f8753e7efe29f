import { z } from 'zod';
import { userAchievementSchema } from './achievements';
import { usernameSchema } from './auth';
import { formBoolean } from './validation';

const NAME_MAX = 50;
/** Avatars are stored as square WebP images of this many pixels a side. */
export const AVATAR_SIZE = 256;

const nameField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`)
    // An emptied field clears the name.
    .transform((v) => v || null);

/**
 * Text fields of PATCH /api/profile (multipart, or JSON without an image). A missing field
 * stays as it is; an empty name clears it; the username follows the registration rules.
 */
export const updateProfileInputSchema = z.strictObject({
  username: usernameSchema.optional(),
  firstName: nameField('First name').optional(),
  lastName: nameField('Last name').optional(),
  /** Takes the profile picture away (back to the initial). Ignored when a new image comes along. */
  removeProfileImage: formBoolean('removeProfileImage').optional(),
});

/** The six counters of docs/product.md §3 (zeros for a user who has done nothing yet). */
export const userStatsSchema = z.object({
  shrosCreated: z.number(),
  shrosParticipated: z.number(),
  /** Consecutive active days, 0 once a day has been missed. */
  streakDays: z.number(),
  consecutiveCorrect: z.number(),
  correctGuesses: z.number(),
  totalParticipants: z.number(),
});
export type UserStats = z.output<typeof userStatsSchema>;

/** One unlocked achievement of GET /api/users/achievements/:id; `id` is the achievement's id. */
export const unlockedAchievementSchema = userAchievementSchema.extend({
  isUnlocked: z.literal(true),
  unlockedAt: z.string(),
});
export type UnlockedAchievement = z.output<typeof unlockedAchievementSchema>;

export const USER_NOT_FOUND_MESSAGE = 'User not found';
