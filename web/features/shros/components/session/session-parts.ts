import { lazyPart, preloadParts } from '@/lib/lazy-part';

/*
 * The parts of a Shro page that load on their own (decision 094), each rendered with
 * `<LazyPartView>` so that a part whose code is there shows at once (decision 143). A small module
 * of its own: the app's start (web/app/early-reads.ts) preloads what the page's data says the
 * viewer will see, without loading the parts themselves.
 */

/**
 * The game itself (boxes, reveal, result, reactions, sharing), for members only: a visitor never
 * downloads it. Started with the app when the page says the viewer is a member, or someone was
 * signed in on this device.
 */
export const shroViewPart = lazyPart(async () => ({ default: (await import('./shro-view')).ShroView }));

/** Only the creator sees the board: its code stays out of everyone else's load. */
export const creatorBoardPart = lazyPart(async () => ({ default: (await import('./creator-board')).CreatorBoard }));

/** Why a public Shro is not on Explore: for its creator only, like the board. */
export const moderationNotePart = lazyPart(async () => ({
  default: (await import('./moderation-note')).ModerationNote,
}));

/**
 * The reveal, the result card and the commitment checks: loaded once a box is open, or when the
 * viewer reaches for one (before the server answers the pick), not with the closed boxes.
 */
const openedBox = () => import('./opened-box');
export const revealStagePart = lazyPart(async () => ({ default: (await openedBox()).RevealStage }));
export const openedResultPart = lazyPart(async () => ({ default: (await openedBox()).OpenedResult }));
export const boxChecksPart = lazyPart(async () => ({ default: (await openedBox()).BoxChecks }));

/** The opened box's three parts (one chunk). */
export const preloadOpenedBox = () => preloadParts([revealStagePart, openedResultPart, boxChecksPart]);
