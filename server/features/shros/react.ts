import type { ReactResponse } from '../../../contract/shro-views';
import { type ReactionEmoji, SHRO_MESSAGES } from '../../../contract/shros';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { forbidden, notFound } from '../../lib/http-errors';
import { resolveAccess, type ShroDeps, type ZonedActor } from './access';
import { enqueueEffects, outboxOf } from './outbox';
import { upsertReaction } from './queries';

/**
 * One reaction per participant; a new one replaces the old. The transaction holds the reaction
 * and the outbox row of its effects (the streak day, and for an actual change the creator's
 * grouped notification and the live event: decision 119); the answer follows once they applied.
 */
export async function reactToShro(
  deps: ShroDeps,
  shroId: string,
  user: ZonedActor,
  emoji: ReactionEmoji,
  now = new Date(),
): Promise<ReactResponse> {
  const { db } = deps;
  const access = await resolveAccess(deps, shroId, user);
  const { shro } = access.aggregate;
  if (access.role === 'creator') throw forbidden(SHRO_MESSAGES.ownShroReact);
  if (!access.viewerState.ownPick) throw forbidden(SHRO_MESSAGES.reactBeforeOpening);

  let outcome: { result: Awaited<ReturnType<typeof upsertReaction>>; entryId: number };
  try {
    outcome = await db.transaction(async (tx) => {
      // Decided by the upsert itself, so 20 identical reactions at once notify once, not once per
      // request that read "no reaction yet" before the first one committed.
      const result = await upsertReaction(tx, { shroId: shro.id, userId: user.id, emoji, at: now });
      const entryId = await enqueueEffects(tx, {
        kind: 'shro.reaction',
        shroId: shro.id,
        payload: {
          userId: user.id,
          username: user.username,
          creatorId: shro.creatorId,
          title: shro.title,
          emoji,
          changed: result !== 'unchanged',
          isAnonymous: shro.isAnonymous,
          timeZone: user.timeZone,
          at: now.toISOString(),
        },
      });
      return { result, entryId };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  }
  if (outcome.result !== 'unchanged') deps.cache.invalidate(shro.id);
  // Answered once the effects applied (or, should they be held up, without waiting for them).
  await outboxOf(deps).settled(outcome.entryId, shro.id);
  return { success: true, emoji, replaced: outcome.result !== 'created' };
}
