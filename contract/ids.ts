import { z } from 'zod';
import { USER_NOT_FOUND_MESSAGE } from './profiles';
import { SHRO_MESSAGES } from './shros';
import { notFoundWhenInvalid } from './validation';

/**
 * The ids that API paths and bodies carry, one definition per kind. A path schema registered in
 * `notFoundWhenInvalid` answers 404 when malformed (it can name nothing); the others answer 400.
 */

/** User ids are UUIDs; the bound only keeps absurd input away from the database. */
export const userIdField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} is not a valid user id`);

/** `:id` of /api/friends/:id and /api/friends/status/:id. */
export const userIdParamsSchema = z.object({ id: userIdField('User id') });

/** `:userId` of /api/chat/:userId and /api/chat/:userId/read. */
export const chatUserIdParamsSchema = z.object({ userId: userIdField('User id') });

/** `:id` of the public profile reads (stats, achievements): a malformed id names nobody. */
export const publicUserIdParamsSchema = z
  .object({ id: userIdField('User id') })
  .register(notFoundWhenInvalid, { message: USER_NOT_FOUND_MESSAGE });

/** `:username` of /api/users/profile/:username; the profile service trims it and drops a leading "@". */
export const usernameParamsSchema = z.object({ username: z.string() });

/** A Shro's id in a path (`/api/sessions/:id…`): a malformed one answers like an unknown Shro. */
export const shroIdParamsSchema = z
  .object({ id: z.string().min(1).max(100) })
  .register(notFoundWhenInvalid, { message: SHRO_MESSAGES.notFound });

/** `:key` of /api/uploads/:key; the upload service checks its shape and answers 404 for anything else. */
export const uploadKeyParamsSchema = z.object({ key: z.string() });
