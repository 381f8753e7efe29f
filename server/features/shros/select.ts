import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/http-errors';
import { type Actor, resolveAccess, type ShroDeps } from './access';
import { enqueueEffects, outboxOf } from './outbox';
import { isEmptyBox, isExpired, isPrivateShro } from './present';
import { insertParticipation, recordFirstPrivatePick } from './queries';
import { getShroForViewer } from './view';

/**
 * Opens one box for the user. Atomic: the unique (shro, user) index lets exactly one pick per
 * user through, whatever the concurrency; the pick, a private Shro's move to selected and the
 * outbox row of its effects commit together (decision 119). The effects (the participant count,
 * stats, achievements, the creator's grouped notification, live events) apply right after the
 * commit, and the answer is built once they have: the user's view, with the count including
 * their pick, the opened box's content and salt and the winning box's position and salt.
 */
export async function selectBox(
  deps: ShroDeps,
  shroId: string,
  user: Actor,
  boxId: number,
  now = new Date(),
): Promise<Shro> {
  const { db } = deps;
  const access = await resolveAccess(deps, shroId, user);
  const { shro, boxes } = access.aggregate;
  if (access.role === 'creator') throw forbidden(SHRO_MESSAGES.ownShroSelect);
  if (isExpired(shro, now)) throw gone(SHRO_MESSAGES.expired);
  if (access.viewerState.ownPick) throw conflict(SHRO_MESSAGES.alreadySelected);

  const picked = boxes.find((b) => b.box.id === boxId)?.box;
  if (!picked) throw badRequest(SHRO_MESSAGES.boxInvalid);
  if (isEmptyBox(picked)) throw badRequest(SHRO_MESSAGES.boxEmpty);
  const isCorrect = shro.winningBoxPosition === null ? null : picked.position === shro.winningBoxPosition;

  let entryId: number;
  try {
    entryId = await db.transaction(async (tx) => {
      const inserted = await insertParticipation(tx, {
        shroId: shro.id,
        userId: user.id,
        boxId: picked.id,
        isCorrect,
        createdAt: now,
      });
      if (!inserted) throw conflict(SHRO_MESSAGES.alreadySelected);
      if (isPrivateShro(shro))
        await recordFirstPrivatePick(tx, shro.id, { boxId: picked.id, userId: user.id, at: now });
      return enqueueEffects(tx, {
        kind: 'shro.pick',
        shroId: shro.id,
        payload: {
          userId: user.id,
          username: user.username,
          creatorId: shro.creatorId,
          title: shro.title,
          position: picked.position,
          isCorrect,
          isPrivate: isPrivateShro(shro),
          at: now.toISOString(),
        },
      });
    });
  } catch (error) {
    // The Shro was deleted while the pick was in flight.
    if (isForeignKeyViolation(error)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  }
  // This instance's copy no longer holds the user's pick; the effects' event tells every instance.
  deps.cache.invalidate(shro.id);
  await outboxOf(deps).settled(entryId);
  return getShroForViewer(deps, shro.id, user, now);
}
