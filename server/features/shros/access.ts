import type { ShroUserRef, ViewerRole } from '../../../contract/shro-views';
import { type ReactionEmoji, SHRO_MESSAGES } from '../../../contract/shros';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { blockedEitherWay } from '../blocks/queries';
import type { LivePublisher } from '../live/bus';
import { isSuspendedUntil } from '../moderation/suspension';
import { keepForViewer, type OwnPick, type ShroAggregate, type ShroCache, type ViewerState } from './cache';
import { isPrivateShro, viewerRoleOf } from './present';
import { findShroWithCreator, findViewerState, listBoxes, listRecipients } from './queries';

/**
 * The one place that decides who may see a Shro and as whom (docs/decisions/091-shro-modules.md):
 * the game's reads and writes, shares and the live channel all ask here; queries that list many
 * ask the same rule in SQL, `visibleShroSql` (visibility-sql.ts).
 */

/** The signed-in user acting, as services need them. */
export type Actor = ShroUserRef;

/**
 * An actor whose pick or reaction counts a streak day in `timeZone`: the zone their request knows
 * (UTC for a user without one), carried by the outbox's effects (decision 147). Without it (a
 * caller that does not know it) the effects look the stored zone up.
 */
export type ZonedActor = Actor & { timeZone?: string };

/** What the game's services work with: the database, the aggregate cache, and the bus to publish on. */
export interface ShroDeps {
  db: Db;
  cache: ShroCache;
  live: LivePublisher;
}

/** A readable Shro and who the viewer is to it, with their own pick and reaction. */
export interface Access {
  aggregate: ShroAggregate;
  role: ViewerRole;
  viewerState: ViewerState;
}

const NO_VIEWER_STATE: ViewerState = { ownPick: null, ownReaction: null };

/** Everything the projection needs that is the same for every viewer, straight from the database. */
async function loadAggregate(db: Db, shroId: string): Promise<ShroAggregate | undefined> {
  const found = await findShroWithCreator(db, shroId);
  if (!found) return undefined;
  const { shro, creator, creatorSuspendedUntil } = found;
  const [boxes, recipients] = await Promise.all([
    listBoxes(db, shro.id),
    isPrivateShro(shro) ? listRecipients(db, [shro.id]) : Promise.resolve([]),
  ]);
  return {
    shro,
    creator,
    creatorSuspendedUntil,
    boxes,
    recipients: recipients.map(({ id, username }) => ({ id, username })),
    viewers: new Map(),
    views: new Map(),
  };
}

async function loadViewerState(db: Db, shroId: string, userId: string): Promise<ViewerState> {
  const row = await findViewerState(db, shroId, userId);
  return {
    ownPick: row ? { boxId: row.boxId, createdAt: row.createdAt } : null,
    ownReaction: (row?.emoji as ReactionEmoji | null) ?? null,
  };
}

/** The viewer's own pick and reaction, kept with the aggregate (and dropped with it on any write). */
function viewerStateOf(db: Db, aggregate: ShroAggregate, userId: string): Promise<ViewerState> {
  const kept = aggregate.viewers.get(userId);
  if (kept) return kept;
  const loading = loadViewerState(db, aggregate.shro.id, userId);
  keepForViewer(aggregate.viewers, userId, loading);
  loading.catch(() => {
    if (aggregate.viewers.get(userId) === loading) aggregate.viewers.delete(userId);
  });
  return loading;
}

/**
 * The Shro if this viewer (null: a signed-out visitor) may read it, with their role before any
 * pick. A private Shro does not exist (404) for anyone but its creator and recipients; link and
 * public Shros are readable by anyone, visitors included, except by someone who and whose creator
 * blocked each other (unless `blocksChecked`: the caller checks that itself).
 */
export async function findVisibleShro(
  deps: Pick<ShroDeps, 'db' | 'cache'>,
  shroId: string,
  viewerId: string | null,
  options: AccessOptions = {},
): Promise<{ aggregate: ShroAggregate; role: ViewerRole }> {
  const aggregate = await deps.cache.aggregate(shroId, () => loadAggregate(deps.db, shroId));
  if (!aggregate) throw notFound(SHRO_MESSAGES.notFound);
  const role = roleIfVisible(aggregate, viewerId);
  if (role === null) throw notFound(SHRO_MESSAGES.notFound);
  // A block either way hides each other's Shros as if they did not exist (decision 104). Read per
  // request, not kept with the aggregate: a block must take effect at once on every instance.
  if (
    viewerId !== null &&
    role !== 'creator' &&
    !options.blocksChecked &&
    (await blockedEitherWay(deps.db, viewerId, aggregate.shro.creatorId))
  )
    throw notFound(SHRO_MESSAGES.notFound);
  return { aggregate, role };
}

/**
 * The rules of `findVisibleShro` that need nothing but the aggregate: the viewer's role before any
 * pick, or null when the Shro does not exist for them. The block check is the caller's.
 */
export function roleIfVisible(aggregate: ShroAggregate, viewerId: string | null): ViewerRole | null {
  const isRecipient = viewerId !== null && aggregate.recipients.some((r) => r.id === viewerId);
  // The same rule every list embedding a Shro applies (see viewerRoleOf).
  const role = viewerRoleOf(aggregate.shro, viewerId, { isRecipient, hasPicked: false });
  if (role === null) return null;
  // A suspended creator's public content is hidden while the suspension lasts (decision 107): their
  // public and link Shros are not found by anyone else. Private ones stay with their recipients.
  if (role !== 'creator' && !isPrivateShro(aggregate.shro) && isSuspendedUntil(aggregate.creatorSuspendedUntil))
    return null;
  return role;
}

export interface AccessOptions {
  /**
   * The block check is the caller's own: the answer to the viewer's pick, whose request passed it
   * a moment ago, or the pick itself (`pickBox`: the pick's statement checks it, and every
   * refusal before that statement checks it first; decision 144). Not read here.
   */
  blocksChecked?: boolean;
}

/**
 * The viewer's own pick when this instance already holds it with the aggregate, else undefined
 * (unknown, not read): for a pick, whose insert finds an earlier one itself (decision 137).
 */
export async function keptOwnPick(aggregate: ShroAggregate, userId: string): Promise<OwnPick | null | undefined> {
  const kept = aggregate.viewers.get(userId);
  return kept ? (await kept).ownPick : undefined;
}

/** The viewer's own pick, kept or read. */
export async function ownPickOf(db: Db, aggregate: ShroAggregate, userId: string): Promise<OwnPick | null> {
  return (await viewerStateOf(db, aggregate, userId)).ownPick;
}

/** Who the viewer is to this Shro once their own pick is known (a viewer who picked is a participant). */
export async function resolveAccess(
  deps: ShroDeps,
  shroId: string,
  viewer: Actor | null,
  options: AccessOptions = {},
): Promise<Access> {
  const visible = await findVisibleShro(deps, shroId, viewer?.id ?? null, options);
  const { aggregate } = visible;
  const viewerState =
    viewer && visible.role !== 'creator' ? await viewerStateOf(deps.db, aggregate, viewer.id) : NO_VIEWER_STATE;
  const isRecipient = visible.role === 'recipient';
  const role: ViewerRole =
    viewerRoleOf(aggregate.shro, viewer?.id ?? null, { isRecipient, hasPicked: viewerState.ownPick !== null }) ??
    visible.role;
  return { aggregate, role, viewerState };
}

/**
 * The creator of the Shro when this viewer (or a visitor) may read it, else null: what the live
 * channel checks before a watch, keeping the creator so a later block can end the watch.
 */
export async function creatorIfVisible(deps: ShroDeps, shroId: string, viewer: Actor | null): Promise<string | null> {
  try {
    const { aggregate } = await findVisibleShro(deps, shroId, viewer?.id ?? null);
    return aggregate.shro.creatorId;
  } catch {
    return null;
  }
}

/** Whether this viewer (or a visitor) may read the Shro at all. */
export async function canViewShro(deps: ShroDeps, shroId: string, viewer: Actor | null): Promise<boolean> {
  return (await creatorIfVisible(deps, shroId, viewer)) !== null;
}
