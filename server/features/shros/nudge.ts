import { NUDGE_INTERVAL_HOURS, NUDGE_MESSAGES, type NudgeResult } from '../../../contract/shro-nudge';
import { SHRO_MESSAGES } from '../../../contract/shros';
import { wording } from '../../i18n/catalogs';
import { badRequest, forbidden, gone, tooManyRequests } from '../../lib/http-errors';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import { type Actor, findVisibleShro, type ShroDeps } from './access';
import { notifyUsers } from './events';
import { isExpired, isPrivateShro } from './present';
import { claimNudge, pickersAmong } from './queries';

const INTERVAL_MS = NUDGE_INTERVAL_HOURS * 60 * 60 * 1000;

/**
 * POST /api/sessions/:id/nudge (issue 40; decision 185): the creator of a private Shro reminds the
 * recipients who have not opened it. A Shro the caller may not see is 404 as everywhere; a
 * recipient is 403. Once per Shro per NUDGE_INTERVAL_HOURS (429 with Retry-After); a nudge that
 * would reach nobody claims nothing. Blocks, mutes and the recipient's settings for received Shros
 * apply as to every notification (insertNotifications); `nudged` counts the notifications stored.
 */
export async function nudgeRecipients(
  deps: ShroDeps,
  shroId: string,
  creator: Actor,
  now = new Date(),
): Promise<NudgeResult> {
  const { aggregate, role } = await findVisibleShro(deps, shroId, creator.id);
  if (role !== 'creator') throw forbidden(NUDGE_MESSAGES.notCreator);
  const { shro, recipients } = aggregate;
  if (!isPrivateShro(shro)) throw badRequest(NUDGE_MESSAGES.notPrivate);
  if (isExpired(shro, now)) throw gone(SHRO_MESSAGES.expired);
  const pickers = await pickersAmong(
    deps.db,
    shro.id,
    recipients.map((r) => r.id),
  );
  const waiting = recipients.filter((r) => !pickers.has(r.id)).map((r) => r.id);
  if (waiting.length === 0) return { nudged: 0 };
  const stored = await deps.db.transaction(async (tx) => {
    const last = await claimNudge(tx, shro.id, now, new Date(now.getTime() - INTERVAL_MS));
    if (last !== null)
      throw tooManyRequests((last.getTime() + INTERVAL_MS - now.getTime()) / 1000, NUDGE_MESSAGES.tooSoon);
    return insertNotifications(
      tx,
      waiting.map((userId) => ({
        userId,
        type: 'shro_nudge' as const,
        title: wording(TEXTS.nudgeTitle),
        message: wording(TEXTS.nudge, { username: creator.username, title: shro.title }),
        shroId: shro.id,
        actorId: creator.id,
      })),
    );
  });
  await notifyUsers(deps, [...new Set(stored.map((row) => row.userId))]);
  return { nudged: stored.length };
}
