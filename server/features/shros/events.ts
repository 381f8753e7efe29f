import type { ShroDeps } from './access';

/**
 * What the game publishes once a write committed (docs/decisions/073-who-publishes.md). Only ids
 * travel, never content: every receiver refetches through the per-viewer reads.
 */

type ShroWriteEvent = 'shro.box.opened' | 'shro.reaction.added' | 'shro.deleted' | 'shro.row.changed';

/**
 * After a write to a Shro committed: forget it here at once, then tell every instance (their
 * caches and the Shro's watchers).
 */
export async function afterShroWrite(deps: ShroDeps, event: { type: ShroWriteEvent; shroId: string }) {
  deps.cache.invalidate(event.shroId);
  await deps.live.publish(event, event.type === 'shro.row.changed' ? { servers: true } : { shro: event.shroId });
}

/** New notifications (or unlocked achievements, which are notifications) for these users. */
export async function notifyUsers(deps: Pick<ShroDeps, 'live'>, userIds: string[]) {
  if (userIds.length > 0) await deps.live.publish({ type: 'notification.created' }, { users: userIds });
}
