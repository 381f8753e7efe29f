import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/http-errors';
import { blockedEitherWay } from '../blocks/queries';
import { findVisibleShro, keptOwnPick, ownPickOf, type ShroDeps, type ZonedActor } from './access';
import { outboxOf } from './outbox';
import type { PickEffects } from './outbox-effects';
import { isEmptyBox, isExpired, isPrivateShro } from './present';
import { countPicks, type RecordedPick, recordPick } from './queries';
import { frameFor } from './shuffle';
import { getShroForViewer } from './view';

/**
 * Opens one box for the user. Atomic: the unique (shro, user) index lets exactly one pick per
 * user through, whatever the concurrency; the pick, a private Shro's move to selected and the
 * outbox row of its effects are one statement (decision 119). The effects (the participant count,
 * stats, achievements, the creator's grouped notification, live events) apply right after the
 * commit, and the answer is built once they have: the user's view, with the count including
 * their pick, the opened box's content and salt and the winning box's position and salt. Should
 * the effects be held up (decision 129), the answer does not wait for them: the pick is stored,
 * and the view then counts the Shro's picks themselves.
 */
export async function pickBox(
  deps: ShroDeps,
  shroId: string,
  user: ZonedActor,
  boxId: number,
  now = new Date(),
): Promise<Shro> {
  const { db } = deps;
  // The block check between the picker and the creator is part of the pick's own statement
  // (decision 144). A refusal before it checks the block first, so that someone blocked still
  // learns nothing but "not found", as every other request tells them.
  const { aggregate, role } = await findVisibleShro(deps, shroId, user.id, { blocksChecked: true });
  const { shro, boxes } = aggregate;
  const refuse = async (error: Error): Promise<never> => {
    if (await blockedEitherWay(db, user.id, shro.creatorId)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  };
  if (role === 'creator') throw forbidden(SHRO_MESSAGES.ownShroSelect);
  if (isExpired(shro, now)) return refuse(gone(SHRO_MESSAGES.expired));
  // An earlier pick this instance knows of answers at once. One it does not know of is found by
  // the insert below (the unique index), without a read before it (decision 137), unless the box
  // is refused first: an earlier pick still answers before a bad box, so it is read then.
  const known = await keptOwnPick(aggregate, user.id);
  if (known) return refuse(conflict(SHRO_MESSAGES.alreadySelected));

  // In a shuffled Shro the id is the one this user knows the box by (decision 189).
  const frame = frameFor(shro, user.id);
  const picked = boxes.find((b) => (frame ? frame.idOf(b.box.id) : b.box.id) === boxId)?.box;
  if (!picked || isEmptyBox(picked)) {
    if (known === undefined && (await ownPickOf(db, aggregate, user.id)))
      return refuse(conflict(SHRO_MESSAGES.alreadySelected));
    return refuse(badRequest(picked ? SHRO_MESSAGES.boxEmpty : SHRO_MESSAGES.boxInvalid));
  }
  const isCorrect = shro.winningBoxPosition === null ? null : picked.position === shro.winningBoxPosition;
  const isPrivate = isPrivateShro(shro);

  const payload: PickEffects = {
    userId: user.id,
    username: user.username,
    creatorId: shro.creatorId,
    title: shro.title,
    position: picked.position,
    boxId: picked.id,
    isCorrect,
    isPrivate,
    isAnonymous: shro.isAnonymous,
    timeZone: user.timeZone,
    at: now.toISOString(),
  };
  let recorded: RecordedPick;
  try {
    recorded = await recordPick(
      db,
      { shroId: shro.id, userId: user.id, boxId: picked.id, isCorrect, createdAt: now },
      { creatorId: shro.creatorId, payload, firstPrivatePick: isPrivate },
    );
  } catch (error) {
    // The Shro was deleted while the pick was in flight.
    if (isForeignKeyViolation(error)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  }
  if ('refused' in recorded)
    throw recorded.refused === 'blocked' ? notFound(SHRO_MESSAGES.notFound) : conflict(SHRO_MESSAGES.alreadySelected);
  // This instance's copy learns the user's pick at once (a private Shro's row changed: it is
  // dropped); the effects' event tells every instance.
  if (isPrivate) deps.cache.invalidate(shro.id);
  else deps.cache.notePick(shro.id, user.id, { boxId: picked.id, createdAt: now });
  const settled = await outboxOf(deps).settled(recorded.outboxId, shro.id);
  const view = await getShroForViewer(deps, shro.id, user, now, { blocksChecked: true });
  if (settled === 'applied') return view;
  return { ...view, participantCount: Math.max(view.participantCount, await countPicks(db, shro.id)) };
}
