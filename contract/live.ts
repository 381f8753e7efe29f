/**
 * The live channel (GET /api/live, Server-Sent Events) and the event bus behind it.
 *
 * Events are small change notices, never content: a browser that gets one refetches the
 * query it concerns, through the same per-viewer reads as before. So a pushed event can
 * never reveal a hidden box, whoever receives it. A Shro's events also carry its public state
 * (`ShroPublicState`: what a signed-out visitor's read shows anyway), which a tab applies to
 * its copy without a request (docs/decisions/100-events-carry-public-state.md).
 */

import type { ShroStatus } from './shros';

/**
 * What every watcher of a Shro may see of it, whoever they are: the same values a visitor's
 * `GET /api/sessions/:id` gives (a private Shro's recipient sees the same before their pick).
 * Never a box's content, a per-box or per-emoji figure, or who picked.
 */
export interface ShroPublicState {
  participantCount: number;
  /** As one who has not opened a box sees it: waiting until it expires. */
  status: Extract<ShroStatus, 'waiting' | 'expired'>;
  expiresAt: string | null;
}

/** Every event the bus carries, named `{entity}.{past-verb}` or `{entity}.{sub}.{past-verb}`. */
const LIVE_EVENT_TYPES = [
  'shro.picked',
  'shro.reaction.added',
  'shro.deleted',
  'shro.row.changed',
  'notification.created',
  'notification.read',
  'chat.message.sent',
  'chat.message.read',
  'chat.message.delivered',
  'friend.request.changed',
  'friend.friendship.removed',
  'presence.changed',
  'user.profile.updated',
  'user.account.updated',
  'auth.session.ended',
  'user.block.added',
] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Carried between instances only (cache invalidation); never written to a browser. */
export const SERVER_ONLY_EVENT_TYPES = [
  'shro.row.changed',
  'user.profile.updated',
  'user.account.updated',
  'auth.session.ended',
  'user.block.added',
] as const satisfies readonly LiveEventType[];

interface LiveEventPayloads {
  /** Someone picked (opened a box): watchers apply the public state; only the creator refetches (their board). */
  'shro.picked': { shroId: string } & ShroPublicState;
  /** Reactions show only on the creator's board: the creator refetches, others apply the public state. */
  'shro.reaction.added': { shroId: string } & ShroPublicState;
  'shro.deleted': { shroId: string };
  /** The Shro's row changed in a way no watcher needs to hear of (the reveal persisted, a share counted); caches forget it. */
  'shro.row.changed': { shroId: string };
  // biome-ignore lint/complexity/noBannedTypes: these events say all they need by their type.
  'notification.created': {};
  /** One or all notifications were marked read in another tab. */
  // biome-ignore lint/complexity/noBannedTypes: as above.
  'notification.read': {};
  'chat.message.sent': { messageId: number; senderId: string; recipientId: string };
  /** `readerId` opened the chat: `senderId`'s messages to them now show read ticks. */
  'chat.message.read': { readerId: string; senderId: string };
  /** `recipientId`'s screens got the messages: their senders' ticks show delivered. */
  'chat.message.delivered': { recipientId: string };
  /** A request between the user and `userId` was sent, accepted or declined. */
  'friend.request.changed': { userId: string };
  'friend.friendship.removed': { userId: string };
  /** A friend came online or went away; the online dots refetch. */
  'presence.changed': { userId: string; online: boolean };
  /** Something others see of the user changed (name, picture, suspension): caches holding it drop it. */
  'user.profile.updated': { userId: string };
  /**
   * Only the user's own account state changed (the terms they accepted, their language): every
   * instance reloads its cached auth sessions of that user; nothing other people see changed, so
   * Shro caches stay.
   */
  'user.account.updated': { userId: string };
  /** An auth session was ended (logout, rotation); every instance forgets it. */
  'auth.session.ended': { authSessionId: string };
  /** `blockerId` blocked `blockedId`: every instance ends their watches of each other's Shros (decision 104). */
  'user.block.added': { blockerId: string; blockedId: string };
}

export type LiveEvent = { [K in LiveEventType]: { type: K } & LiveEventPayloads[K] }[LiveEventType];
type BrowserLiveEventType = Exclude<LiveEventType, (typeof SERVER_ONLY_EVENT_TYPES)[number]>;
type BrowserLiveEvent = Extract<LiveEvent, { type: BrowserLiveEventType }>;

/**
 * Control messages of the channel itself. `ready` comes first on every connection and lists
 * the Shros this viewer may watch (unknown and forbidden ids are silently left out);
 * `resync` means events may have been missed: refetch everything.
 */
export type LiveControlMessage = { type: 'ready'; watching: string[] } | { type: 'resync' };

export type LiveMessage = BrowserLiveEvent | LiveControlMessage;

export const LIVE_PATH = '/api/live';
/** At most this many Shros watched on one channel. */
export const LIVE_WATCH_MAX = 20;
