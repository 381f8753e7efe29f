import { type Shro, shroSchema } from '../../../contract/shro-views';
import { PARTICIPANTS_LIST_MAX, REVEAL_DELAY_MS, type ReactionEmoji } from '../../../contract/shros';
import type { Db } from '../../db/client';
import { KeptText } from '../../lib/compression';
import { type Access, type AccessOptions, type Actor, resolveAccess, roleIfVisible, type ShroDeps } from './access';
import { keepForViewer, type ShroAggregate, viewKey } from './cache';
import { afterShroWrite } from './events';
import { type CreatorExtras, presentShro, storedStatusAt } from './present';
import { countPicksByBox, countReactions, findUsername, listParticipants, markRevealed, type ShroRow } from './queries';

/**
 * The creator's board, read from one snapshot so that its parts agree: the participants, the
 * picks per box, and the count, which is the picks themselves (the Shro's stored count lags them
 * until the outbox applies them, decision 119).
 */
async function loadCreatorExtras(db: Db, shro: ShroRow): Promise<CreatorExtras> {
  const [participants, selectionCounts, reactionCounts, firstPickUsername] = await db.transaction(
    async (tx) => [
      await listParticipants(tx, shro.id, PARTICIPANTS_LIST_MAX),
      await countPicksByBox(tx, shro.id),
      await countReactions(tx, shro.id),
      shro.selectedByUserId ? await findUsername(tx, shro.selectedByUserId) : null,
    ],
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  let participantCount = 0;
  for (const n of selectionCounts.values()) participantCount += n;
  return {
    participantCount,
    participants: participants.map((p) => ({
      userId: p.userId,
      username: p.username,
      selectedBoxId: p.selectedBoxId,
      selectedBoxPosition: p.selectedBoxPosition,
      reaction: (p.reaction as ReactionEmoji | null) ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
    selectionCounts,
    reactionCounts: reactionCounts.map((r) => ({ emoji: r.emoji as ReactionEmoji, count: r.count })),
    firstPickUsername,
  };
}

function creatorExtrasOf(db: Db, aggregate: ShroAggregate): Promise<CreatorExtras> {
  if (!aggregate.creatorExtras) {
    const loading = loadCreatorExtras(db, aggregate.shro);
    aggregate.creatorExtras = loading;
    loading.catch(() => {
      if (aggregate.creatorExtras === loading) aggregate.creatorExtras = undefined;
    });
  }
  return aggregate.creatorExtras;
}

/** GET /api/sessions/:id — the Shro as this viewer (or a signed-out visitor) may see it. */
export async function getShroForViewer(
  deps: ShroDeps,
  shroId: string,
  viewer: Actor | null,
  now = new Date(),
  options: AccessOptions = {},
): Promise<Shro> {
  return project(deps, await resolveAccess(deps, shroId, viewer, options), viewer, now);
}

async function project(deps: ShroDeps, access: Access, viewer: Actor | null, now: Date): Promise<Shro> {
  const { aggregate, viewerState } = access;
  let { shro } = aggregate;
  // The reveal moves on by itself: the first read after the delay persists it. The cached row
  // is shared, so this response uses a copy and the cache learns it through the bus.
  if (shro.status === 'selected' && storedStatusAt(shro, now) === 'revealed') {
    if (await markRevealed(deps.db, shro.id, now))
      await afterShroWrite(deps, { type: 'shro.row.changed', shroId: shro.id });
    shro = { ...shro, status: 'revealed', revealedAt: now };
  }

  const creatorExtras = access.role === 'creator' ? await creatorExtrasOf(deps.db, aggregate) : null;
  return presentShro({
    shro,
    creator: aggregate.creator,
    boxes: aggregate.boxes,
    recipients: aggregate.recipients,
    context: {
      role: access.role,
      viewer,
      ownPick: viewerState.ownPick,
      ownReaction: access.role === 'creator' ? null : viewerState.ownReaction,
    },
    creatorExtras,
    now,
  });
}

/**
 * When this viewer's projection next changes by time alone (expiry, the reveal delay), so a
 * serialised view can be kept until then. Infinity when only a write can change it.
 */
function projectionValidUntil(access: Access, now: number): number {
  const { shro } = access.aggregate;
  const moments = [shro.expiresAt?.getTime()];
  if (shro.status === 'selected' && shro.selectedAt) moments.push(shro.selectedAt.getTime() + REVEAL_DELAY_MS);
  const pickAt = access.viewerState.ownPick?.createdAt.getTime();
  if (pickAt !== undefined) moments.push(pickAt + REVEAL_DELAY_MS);
  return Math.min(...moments.filter((t): t is number => t !== undefined && t > now), Number.POSITIVE_INFINITY);
}

/**
 * `getShroJsonForViewer`'s answer when it is at hand, without a read or a promise: the aggregate
 * and this viewer's kept view are held here and still valid, and the viewer is one whose access
 * needs no read (the creator, or a visitor: anyone else's block check reads the database on every
 * request, decision 104). Else undefined, and the caller asks `getShroJsonForViewer`, which
 * decides the same from the same rules (`roleIfVisible`), and answers a Shro the viewer may not
 * see with its 404 (decision 159). The creator watching their board and visitors on a link or a
 * public Shro read the most; signed-in readers who are not the creator gain nothing here.
 */
export function keptShroJsonForViewer(
  deps: Pick<ShroDeps, 'cache'>,
  shroId: string,
  viewer: Actor | null,
  now = Date.now(),
): KeptText | undefined {
  const aggregate = deps.cache.atHand(shroId);
  if (!aggregate) return undefined;
  const viewerId = viewer?.id ?? null;
  const role = roleIfVisible(aggregate, viewerId);
  if (role === null || (viewerId !== null && role !== 'creator')) return undefined;
  const kept = aggregate.views.get(viewKey(role === 'creator' ? 'creator' : 'other', viewerId));
  if (!kept || now >= kept.validUntil) return undefined;
  deps.cache.answeredAtHand();
  return kept.body;
}

/**
 * GET /api/sessions/:id as JSON text. Reads hit the same Shro again and again (a page polls,
 * many people watch one link), so each viewer's serialised view (and its compressed forms,
 * made on demand) is kept with the cached aggregate until the next write drops the aggregate
 * or time changes the view.
 */
export async function getShroJsonForViewer(
  deps: ShroDeps,
  shroId: string,
  viewer: Actor | null,
  now = new Date(),
): Promise<KeptText> {
  const access = await resolveAccess(deps, shroId, viewer);
  const { aggregate } = access;
  const key = viewKey(access.role === 'creator' ? 'creator' : 'other', viewer?.id ?? null);
  const at = now.getTime();
  const kept = aggregate.views.get(key);
  if (kept && at < kept.validUntil) return kept.body;
  // The route's response schema, applied here because kept text skips the serializer: a field
  // the presenter adds by mistake never leaves (docs/decisions/090-response-schemas-strip.md).
  const body = new KeptText(JSON.stringify(shroSchema.parse(await project(deps, access, viewer, now))));
  if (deps.cache.enabled) keepForViewer(aggregate.views, key, { body, validUntil: projectionValidUntil(access, at) });
  return body;
}
