import type { ShareShroResponse } from '../../../contract/achievements';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { gone, notFound } from '../../lib/http-errors';
import { bumpStatsFor } from '../achievements/stats';
import { findVisibleShro, type ShroDeps } from '../shros/access';
import { isExpired } from '../shros/present';
import { findShareCount, incrementShareCount, insertShare } from './queries';

/**
 * A user shared a Shro they may see (copy link, share dialog, explore card). The first share of
 * each Shro by each person counts: the Shro's `shareCount` and its creator's `shares` (Trendsetter)
 * go up, and it is a day of activity for the sharer's streak, all in one transaction. Sharing
 * again answers `counted: false`. Who may see it is the game's own rule (a private Shro is 404
 * for anyone but its creator and recipients, as on GET); an expired link is 410.
 */
export async function shareShro(
  deps: ShroDeps,
  shroId: string,
  userId: string,
  now = new Date(),
): Promise<ShareShroResponse> {
  const { db, live } = deps;
  const { aggregate, role } = await findVisibleShro(deps, shroId, userId);
  const { shro } = aggregate;
  const isCreator = role === 'creator';
  if (isExpired(shro, now)) throw gone(SHRO_MESSAGES.expired);

  try {
    const { response, unlockedFor } = await db.transaction(async (tx) => {
      const isNew = await insertShare(tx, shro.id, userId, now);
      if (!isNew) {
        const shareCount = await findShareCount(tx, shro.id);
        return { response: { success: true as const, counted: false, shareCount }, unlockedFor: [] };
      }
      // People's stats rows before the Shro's row, in the order every outbox batch takes them
      // (decision 144): a share during a batch on this Shro waits for it, never crosswise.
      const unlocked = await bumpStatsFor(tx, [
        { userId: shro.creatorId, deltas: { shares: 1 }, options: { activity: isCreator, now } },
        ...(isCreator ? [] : [{ userId, deltas: {}, options: { activity: true, now } }]),
      ]);
      const shareCount = await incrementShareCount(tx, shro.id);
      if (shareCount === undefined) throw notFound(SHRO_MESSAGES.notFound);
      return { response: { success: true as const, counted: true, shareCount }, unlockedFor: unlocked };
    });
    // An unlocked achievement (Trendsetter, a streak) is a new notification for its owner.
    if (unlockedFor.length > 0) await live.publish({ type: 'notification.created' }, { users: unlockedFor });
    return response;
  } catch (error) {
    // The Shro was deleted while the share was in flight.
    if (isForeignKeyViolation(error)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  }
}
