import { MODERATION_MESSAGES } from '../../../contract/moderation';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import type { NameHash } from '../../lib/name-hash';
import type { LivePublisher } from '../live/bus';
import type { ShroDeps } from '../shros/access';
import type { UploadStorage } from '../uploads/storage';
import { claimModeratorName, isGrantedModerator } from './queries';

/*
 * What every part of moderation shares: its dependencies and who is a moderator. Reports are in
 * reports.ts, the queue and the content views in review.ts, the actions in actions.ts, and what a
 * moderator may reach at all in review-scope.ts (docs/decisions/106-reports-and-moderation-api.md).
 */

/**
 * What moderation needs: the database, the game's cache (to drop a changed Shro), the bus, the
 * image store, the settings and the keyed name hash (MODERATOR_USERNAMES claims, decision 126).
 */
export interface ModerationDeps {
  db: Db;
  cache: ShroDeps['cache'];
  live: LivePublisher;
  storage: UploadStorage;
  settings: { moderatorUsernames: string[]; reportAutoHideThreshold: number };
  nameHash: NameHash;
}

/** The audit log's moderator id for what the app did by itself (the automatic hide). */
export const SYSTEM_MODERATOR_ID = 'system';

const MAX_SERIAL = 2_147_483_647;

export type Actor = { id: string; username: string };

/** A moderator: named in MODERATOR_USERNAMES (any case) or granted with `npm run moderator -- add NAME`. */
export async function isModerator(
  deps: Pick<ModerationDeps, 'db' | 'nameHash'> & { settings: Pick<ModerationDeps['settings'], 'moderatorUsernames'> },
  user: Actor,
): Promise<boolean> {
  if (
    deps.settings.moderatorUsernames.includes(user.username.toLowerCase()) &&
    (await claimModeratorName(deps.db, deps.nameHash, user.username, user.id))
  )
    return true;
  return isGrantedModerator(deps.db, user.id);
}

/** Every moderation route asks this first: anyone but a moderator gets the same 404 as for a route that does not exist. */
export async function assertModerator(
  deps: Pick<ModerationDeps, 'db' | 'settings' | 'nameHash'>,
  user: Actor,
): Promise<void> {
  if (!(await isModerator(deps, user))) throw notFound(MODERATION_MESSAGES.notFound);
}

/** A message id as the API takes it (text): a positive serial, or undefined. */
export function messageIdOf(targetId: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(targetId)) return undefined;
  const id = Number(targetId);
  return id <= MAX_SERIAL ? id : undefined;
}
