import type { Shro } from '../../../contract/shro-views';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/http-errors';
import { bumpStatsFor } from '../achievements/stats';
import { insertNotifications, markNotificationsReadAbout } from '../notifications/queries';
import { type Actor, resolveAccess, type ShroDeps } from './access';
import { afterShroWrite, notifyUsers } from './events';
import { isEmptyBox, isExpired, isPrivateShro, publicStateOf } from './present';
import { insertParticipation, recordPickOnShro } from './queries';
import { getShroForViewer } from './view';

/**
 * Opens one box for the user. Atomic: the unique (shro, user) index lets exactly one pick per
 * user through, whatever the concurrency; the pick, the Shro's status, the stats and the
 * creator's notification commit together. Returns the user's view with the opened box's
 * content and salt and the winning box's position and salt.
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

  let participantCount = shro.participantCount;
  try {
    await db.transaction(async (tx) => {
      const inserted = await insertParticipation(tx, {
        shroId: shro.id,
        userId: user.id,
        boxId: picked.id,
        isCorrect,
        createdAt: now,
      });
      if (!inserted) throw conflict(SHRO_MESSAGES.alreadySelected);
      ({ participantCount } = await recordPickOnShro(tx, shro.id, {
        boxId: picked.id,
        userId: user.id,
        at: now,
        isPrivate: isPrivateShro(shro),
      }));
      await bumpStatsFor(tx, [
        {
          userId: user.id,
          deltas: { shrosParticipated: 1, correctGuesses: isCorrect ? 1 : 0 },
          options: { guess: isCorrect === null ? undefined : isCorrect ? 'correct' : 'wrong', activity: true, now },
        },
        { userId: shro.creatorId, deltas: { totalParticipants: 1 }, options: { now } },
      ]);
      await insertNotifications(tx, [
        {
          userId: shro.creatorId,
          type: 'shro_selected',
          title: 'Box opened!',
          message: `@${user.username} opened Box #${picked.position} in "${shro.title}"`,
          shroId: shro.id,
          actorId: user.id,
        },
      ]);
      // Opening a box answers "sent you a Shro": that notification is no longer new.
      await markNotificationsReadAbout(tx, user.id, { types: ['shro_received'], shroId: shro.id });
    });
  } catch (error) {
    // The Shro was deleted while the pick was in flight.
    if (isForeignKeyViolation(error)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  }
  await afterShroWrite(deps, {
    type: 'shro.box.opened',
    shroId: shro.id,
    ...publicStateOf({ ...shro, participantCount }, now),
  });
  // The picker too: an achievement they unlocked is a notification of theirs.
  await notifyUsers(deps, [shro.creatorId, user.id]);
  return getShroForViewer(deps, shro.id, user, now);
}
