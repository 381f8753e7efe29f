import type { ShroPublicState } from '../../../contract/live';
import type { ShroDeps } from './access';

/**
 * What the game publishes once a write committed (docs/decisions/091-shro-modules.md). Only ids
 * and a Shro's public state travel, never content (docs/decisions/100-events-carry-public-state.md):
 * a watcher whose own view changed refetches through the per-viewer reads.
 */

type ShroWriteEvent =
  | ({ type: 'shro.picked' | 'shro.reaction.added'; shroId: string } & ShroPublicState)
  | { type: 'shro.deleted' | 'shro.row.changed'; shroId: string };

/**
 * After a write to a Shro committed: forget it here at once, then tell every instance (their
 * caches and the Shro's watchers).
 */
export async function afterShroWrite(deps: ShroDeps, event: ShroWriteEvent) {
  deps.cache.invalidate(event.shroId);
  await deps.live.publish(event, event.type === 'shro.row.changed' ? { servers: true } : { shro: event.shroId });
}

/** New notifications (or unlocked achievements, which are notifications) for these users. */
export async function notifyUsers(deps: Pick<ShroDeps, 'live'>, userIds: string[]) {
  if (userIds.length > 0) await deps.live.publish({ type: 'notification.created' }, { users: userIds });
}
