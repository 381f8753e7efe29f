import { z } from 'zod';

/*
 * Block and mute (docs/decisions/104-block-and-mute.md). A block stops everything between two
 * people in both directions; a mute only silences notifications (and push) from a user or about
 * one Shro. Both answers name the state after the call, so repeating a call changes nothing.
 */

export const BLOCK_MESSAGES = {
  blockSelf: 'You cannot block yourself',
  muteSelf: 'You cannot mute yourself',
} as const;

/** Answer of POST/DELETE /api/users/{id}/block and /mute: where the caller now stands with that user. */
export const userBlockStateSchema = z.object({
  userId: z.string(),
  blocked: z.boolean(),
  muted: z.boolean(),
});
export type UserBlockState = z.output<typeof userBlockStateSchema>;

/** Answer of POST/DELETE /api/sessions/{id}/mute. */
export const shroMuteStateSchema = z.object({ shroId: z.string(), muted: z.boolean() });
export type ShroMuteState = z.output<typeof shroMuteStateSchema>;

/** One row of GET /api/blocks: someone the caller blocked (public fields only), newest first. */
const blockedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedUser = z.output<typeof blockedUserSchema>;

export const blockListSchema = z.array(blockedUserSchema);

/** GET /api/mutes: the ids of the users and Shros the caller muted, so the web can offer "Unmute". */
export const muteListSchema = z.object({ userIds: z.array(z.string()), shroIds: z.array(z.string()) });
export type MuteList = z.output<typeof muteListSchema>;

/** One row of GET /api/mutes/users: someone the caller muted (public fields only), newest first. */
const mutedUserSchema = blockedUserSchema.omit({ blockedAt: true }).extend({ mutedAt: z.string() });
export type MutedUser = z.output<typeof mutedUserSchema>;
export const mutedUserListSchema = z.array(mutedUserSchema);

/** One row of GET /api/mutes/sessions: a Shro the caller muted, by its id and title, newest first. */
const mutedShroSchema = z.object({ id: z.string(), title: z.string(), mutedAt: z.string() });
export type MutedShro = z.output<typeof mutedShroSchema>;
export const mutedShroListSchema = z.array(mutedShroSchema);

/** The most blocks or mutes the lists return (newest first); far beyond what a person keeps. */
export const BLOCK_LIST_LIMIT = 1000;
