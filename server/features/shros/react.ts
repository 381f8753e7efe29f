import type { ReactResponse } from '../../../contract/shro-views';
import { type ReactionEmoji, SHRO_MESSAGES } from '../../../contract/shros';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { forbidden, notFound } from '../../lib/http-errors';
import { recordActivity } from '../achievements/stats';
import { insertNotifications } from '../notifications/queries';
import { type Actor, resolveAccess, type ShroDeps } from './access';
import { afterShroWrite, notifyUsers } from './events';
import { publicStateOf } from './present';
import { upsertReaction } from './queries';

/** One reaction per participant; a new one replaces the old. The creator is notified of each actual change. */
export async function reactToShro(
  deps: ShroDeps,
  shroId: string,
  user: Actor,
  emoji: ReactionEmoji,
  now = new Date(),
): Promise<ReactResponse> {
  const { db } = deps;
  const access = await resolveAccess(deps, shroId, user);
  const { shro } = access.aggregate;
  if (access.role === 'creator') throw forbidden(SHRO_MESSAGES.ownShroReact);
  if (!access.viewerState.ownPick) throw forbidden(SHRO_MESSAGES.reactBeforeOpening);

  let outcome: Awaited<ReturnType<typeof upsertReaction>>;
  try {
    outcome = await db.transaction(async (tx) => {
      // Decided by the upsert itself, so 20 identical reactions at once notify once, not once per
      // request that read "no reaction yet" before the first one committed.
      const result = await upsertReaction(tx, { shroId: shro.id, userId: user.id, emoji, at: now });
      await recordActivity(tx, user.id, now);
      if (result === 'unchanged') return result;
      await insertNotifications(tx, [
        {
          userId: shro.creatorId,
          type: 'reaction',
          title: 'New reaction!',
          message: `@${user.username} reacted ${emoji} to "${shro.title}"`,
          shroId: shro.id,
          actorId: user.id,
        },
      ]);
      return result;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(SHRO_MESSAGES.notFound);
    throw error;
  }
  const changed = outcome !== 'unchanged';
  // The count is the cached row's: a watcher keeps the highest it has seen (decision 100).
  if (changed)
    await afterShroWrite(deps, { type: 'shro.reaction.added', shroId: shro.id, ...publicStateOf(shro, now) });
  // The reactor's streak day may have unlocked an achievement (a notification of theirs).
  await notifyUsers(deps, changed ? [shro.creatorId, user.id] : [user.id]);
  return { success: true, emoji, replaced: outcome !== 'created' };
}
