import { z } from 'zod';
import { shroListItemSchema } from './shro-views';

/**
 * GET /api/home: what waits for the signed-in user on the home screen. Built from the same list
 * presenter as the history (server/features/shros/present.ts), so no box content is ever in it.
 */

/** At most this many Shros in "Waiting for you". */
export const HOME_WAITING_MAX = 20;
/** At most this many of the user's own open Shros in "Your live Shros". */
export const HOME_LIVE_MAX = 10;

/** A Shro that reached the user and that they have not opened yet. */
const homeWaitingItemSchema = shroListItemSchema.extend({
  /** When it reached them: sent to them privately, or shared with them in a chat. */
  receivedAt: z.string(),
  /** Who sent or shared it (the creator for a private Shro). */
  from: z.object({ id: z.string(), username: z.string() }),
});
export type HomeWaitingItem = z.output<typeof homeWaitingItemSchema>;

export const homeInboxSchema = z.object({
  /** Received and not opened, newest first; link Shros that expired are left out (nothing left to do). */
  waiting: z.array(homeWaitingItemSchema),
  /** The user's own Shros still open for picks, newest first, with their opened counts. */
  live: z.array(shroListItemSchema),
  /** Whether the user ever created a Shro (the empty "live" list then says "your first"). */
  hasCreated: z.boolean(),
});
export type HomeInbox = z.output<typeof homeInboxSchema>;
