import { randomUUID } from 'node:crypto';
import type { CommittedBoxContent } from '../../../contract/commitment';
import {
  BOXES_PER_SHRO,
  type CreateShroFields,
  type DeleteShroResponse,
  EXPIRY_MAX_DAYS,
  type HistoryTab,
  isAllowedPosterUrl,
  MIN_FILLED_BOXES,
  MIN_RESTAURANTS,
  MIN_TITLES,
  PARTICIPANTS_LIST_MAX,
  REVEAL_DELAY_MS,
  type ReactionEmoji,
  type ReactResponse,
  SHRO_MESSAGES,
  type Shro,
  type ShroListResponse,
  type ShroUserRef,
  type ViewerRole,
} from '../../../contract/shros';
import type { Db } from '../../db/client';
import { KeptText } from '../../lib/compression';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { badRequest, conflict, forbidden, gone, notFound } from '../../lib/http-errors';
import { type ProcessedImage, reencodeImage } from '../../lib/images';
import { bumpStats, bumpStatsFor, recordActivity } from '../achievements/stats';
import { type LivePublisher, noLive } from '../live/bus';
import { insertNotifications, markNotificationsReadAbout } from '../notifications/queries';
import { checkUploadQuota, insertUploadsWithinQuota, type StoredImage, storeImages } from '../uploads/service';
import type { UploadStorage } from '../uploads/storage';
import { MAX_VIEWERS_PER_SHRO, type ShroAggregate, ShroCache, type ViewerState } from './cache';
import { commitBox, commitWinningPosition, newSalt } from './commitments';
import { nameImageError } from './image-errors';
import {
  type CreatorExtras,
  isEmptyBox,
  isExpired,
  isPrivateShro,
  presentListItem,
  presentShro,
  storedStatusAt,
  viewerRoleOf,
} from './present';
import {
  countHistory,
  countReactions,
  countSelectionsByBox,
  deleteShroAndUploads,
  findFriendIds,
  findParticipation,
  findReaction,
  findShroWithCreator,
  findUsername,
  hideShroForUser,
  insertBoxes,
  insertParticipation,
  insertRecipients,
  insertShro,
  listBoxes,
  listHistory,
  listOwnParticipations,
  listParticipants,
  listRecipients,
  markRevealed,
  type NewBoxRow,
  recordPickOnShro,
  type ShroRow,
  upsertReaction,
} from './queries';

/** The signed-in user acting, as services need them. */
export type Actor = ShroUserRef;

/** What the game's services work with: the database, the aggregate cache, and the bus to publish on. */
export interface ShroDeps {
  db: Db;
  cache: ShroCache;
  live: LivePublisher;
}

/** For callers that only hold a database: reads go straight to it, nothing is cached or published. */
const uncachedCache = new ShroCache({
  coherent: false,
  onInvalidate: () => () => {},
  onIncoherent: () => () => {},
  onGap: () => () => {},
});

/** Accepts a bare `Db` (other features' older call sites) as well as the full deps. */
function depsOf(from: ShroDeps | Db): ShroDeps {
  return 'cache' in from && 'live' in from ? from : { db: from as Db, cache: uncachedCache, live: noLive };
}

/**
 * After a write to a Shro committed: forget it here at once, then tell every instance (their
 * caches and the Shro's watchers). Only the Shro's id travels, never its content.
 */
async function afterShroWrite(
  deps: ShroDeps,
  event: { type: 'shro.box.opened' | 'shro.reaction.added' | 'shro.deleted' | 'shro.row.changed'; shroId: string },
) {
  deps.cache.invalidate(event.shroId);
  await deps.live.publish(event, event.type === 'shro.row.changed' ? { servers: true } : { shro: event.shroId });
}

async function notifyUsers(deps: ShroDeps, userIds: string[]) {
  if (userIds.length > 0) await deps.live.publish({ type: 'notification.created' }, { users: userIds });
}

const LETTERS = 'ABCD';
const TMDB_POSTER_BASE = 'https://image.tmdb.org/t/p/w500';

/** A box's content before it gets a salt and a commitment. */
interface BoxContent {
  label: string | null;
  textContent: string | null;
  category: string | null;
  tmdbData: unknown;
  imageUrl: string | null;
  /** The uploaded file, re-encoded only once every other rule has passed. */
  file: Buffer | null;
}

// ---- create -------------------------------------------------------------------------------

type Delivery = { isPublic: boolean; isShareable: boolean; recipientIds: string[]; expiresAt: Date | null };

/** docs/product.md §4: public clears link and friends; otherwise exactly one of friends or a link. */
function chooseDelivery(fields: CreateShroFields, creatorId: string, now: Date): Delivery {
  if (fields.isPublic) return { isPublic: true, isShareable: false, recipientIds: [], expiresAt: null };
  const recipientIds = [...new Set([...fields.recipients, ...(fields.friendId ? [fields.friendId] : [])])];
  if (recipientIds.length > 0) {
    if (fields.isShareable) throw badRequest(SHRO_MESSAGES.friendsAndLink);
    if (fields.expiresAt) throw badRequest(SHRO_MESSAGES.expiryNotShareable);
    if (recipientIds.includes(creatorId)) throw badRequest(SHRO_MESSAGES.notFriends);
    return { isPublic: false, isShareable: false, recipientIds, expiresAt: null };
  }
  if (!fields.isShareable) throw badRequest(SHRO_MESSAGES.recipientsRequired);
  return { isPublic: false, isShareable: true, recipientIds: [], expiresAt: parseExpiry(fields.expiresAt, now) };
}

function parseExpiry(raw: string | null, now: Date): Date | null {
  if (!raw) return null;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw badRequest(SHRO_MESSAGES.expiryInvalid);
  if (at.getTime() <= now.getTime()) throw badRequest(SHRO_MESSAGES.expiryPast);
  if (at.getTime() > now.getTime() + EXPIRY_MAX_DAYS * 24 * 60 * 60 * 1000)
    throw badRequest(SHRO_MESSAGES.expiryTooFar);
  return at;
}

/** docs/product.md §5 content rules per type; returns the filled boxes in order (positions 1..n). */
function collectContents(fields: CreateShroFields, imageFiles: Buffer[]): BoxContent[] {
  if (fields.type !== 'image' && imageFiles.length > 0) throw badRequest(SHRO_MESSAGES.imagesOnlyForImageType);

  if (fields.type === 'movie' || fields.type === 'tv') {
    if (fields.tmdbOptions.length < MIN_TITLES) throw badRequest(SHRO_MESSAGES.titlesRequired);
    const ids = fields.tmdbOptions.map((o) => o.tmdbData.id);
    if (new Set(ids).size !== ids.length) throw badRequest(SHRO_MESSAGES.titleRepeated);
    return fields.tmdbOptions.map((option) => ({
      label: option.label ?? option.tmdbData.title,
      textContent: null,
      category: null,
      tmdbData: option.tmdbData,
      imageUrl: option.imageUrl ?? posterFromPath(option.tmdbData.poster_path),
      file: null,
    }));
  }

  if (fields.type === 'text') {
    const filled = fields.textOptions.filter((o) => o.content);
    const isRestaurants = fields.textOptions.some((o) => o.category);
    if (isRestaurants && filled.length < MIN_RESTAURANTS) throw badRequest(SHRO_MESSAGES.restaurantsRequired);
    if (filled.length < MIN_FILLED_BOXES) throw badRequest(SHRO_MESSAGES.optionsRequired);
    return filled.map((option, index) => ({
      label: option.label ?? `Option ${LETTERS[index]}`,
      textContent: option.content,
      category: option.category,
      tmdbData: null,
      imageUrl: null,
      file: null,
    }));
  }

  if (imageFiles.length < MIN_FILLED_BOXES) throw badRequest(SHRO_MESSAGES.optionsRequired);
  if (imageFiles.length > BOXES_PER_SHRO) throw badRequest(SHRO_MESSAGES.tooManyOptions);
  return imageFiles.map((file, index) => ({
    label: fields.labels[index] || `Box ${index + 1}`,
    textContent: null,
    category: null,
    tmdbData: null,
    imageUrl: null,
    file,
  }));
}

/** A search result's `poster_path` as an image URL, when it is one we allow. */
function posterFromPath(posterPath: string | null): string | null {
  if (!posterPath) return null;
  const url = posterPath.startsWith('/api/') ? posterPath : `${TMDB_POSTER_BASE}${posterPath}`;
  return isAllowedPosterUrl(url) ? url : null;
}

/**
 * Creates a Shro: checks every rule of docs/product.md §5, stores re-encoded images, fixes the box and
 * winning commitments, counts the creator's stats and notifies private recipients, all in one
 * transaction. Returns the creator's view.
 */
export async function createShro(
  deps: ShroDeps,
  storage: UploadStorage,
  creator: Actor,
  fields: CreateShroFields,
  imageFiles: Buffer[],
  now = new Date(),
): Promise<Shro> {
  // Content rules come first: docs/product.md §5 lists them before the recipients rule.
  const contents = collectContents(fields, imageFiles);
  const delivery = chooseDelivery(fields, creator.id, now);
  const winningPosition = fields.winningBoxPosition;
  if (winningPosition !== null && winningPosition > contents.length) throw badRequest(SHRO_MESSAGES.winningBoxInvalid);

  const { db } = deps;
  if (delivery.recipientIds.length > 0) {
    const friends = await findFriendIds(db, creator.id, delivery.recipientIds);
    if (delivery.recipientIds.some((id) => !friends.has(id))) throw badRequest(SHRO_MESSAGES.notFriends);
  }

  // Images last, one at a time: decoding is the expensive part, and each may use a lot of memory.
  const processed: ProcessedImage[] = [];
  for (const content of contents) {
    if (!content.file) continue;
    try {
      processed.push(await reencodeImage(content.file));
    } catch (error) {
      // The label is the form's box name ("Box 3") unless the creator gave one.
      throw nameImageError(error, content.label ?? 'An image');
    }
  }
  // Within the creator's storage quota: checked before any file is written, and exactly with the rows.
  const incomingBytes = processed.reduce((total, image) => total + image.data.length, 0);
  await checkUploadQuota(db, storage.quotaBytesPerUser, creator.id, incomingBytes);
  const stored = await storeImages(storage, creator.id, 'box', processed);
  const storedByContent = new Map<BoxContent, StoredImage>(
    contents.filter((c) => c.file).map((content, i) => [content, stored[i]!]),
  );

  const shroId = randomUUID();
  const boxes: NewBoxRow[] = [];
  for (let position = 1; position <= BOXES_PER_SHRO; position++) {
    const content = contents[position - 1];
    const image = content ? (storedByContent.get(content) ?? null) : null;
    const committed: CommittedBoxContent = {
      position,
      label: content?.label ?? null,
      textContent: content?.textContent ?? null,
      category: content?.category ?? null,
      tmdbId: (content?.tmdbData as { id?: number } | null)?.id ?? null,
      imageSha256: image ? image.row.sha256 : null,
      imageUrl: image ? null : (content?.imageUrl ?? null),
    };
    const salt = newSalt();
    boxes.push({
      shroId,
      position,
      label: committed.label,
      textContent: committed.textContent,
      category: committed.category,
      tmdbData: content?.tmdbData ?? null,
      imageKey: image?.key ?? null,
      imageUrl: committed.imageUrl,
      salt,
      commitment: commitBox(salt, committed),
    });
  }
  const winningSalt = newSalt();

  try {
    await db.transaction(async (tx) => {
      await insertUploadsWithinQuota(
        tx,
        storage.quotaBytesPerUser,
        creator.id,
        stored.map((s) => s.row),
      );
      await insertShro(tx, {
        id: shroId,
        title: fields.title,
        type: fields.type,
        creatorId: creator.id,
        isShareable: delivery.isShareable,
        isPublic: delivery.isPublic,
        hashtags: fields.hashtags,
        expiresAt: delivery.expiresAt,
        winningBoxPosition: winningPosition,
        winningSalt,
        winningCommitment: commitWinningPosition(winningSalt, winningPosition),
        createdAt: now,
      });
      await insertBoxes(tx, boxes);
      await insertRecipients(tx, shroId, delivery.recipientIds);
      // Movie and TV Shros count as Shros created but feed neither Artist nor Storyteller
      // (docs/decisions/049-stats-on-create-and-pick.md).
      await bumpStats(
        tx,
        creator.id,
        {
          shrosCreated: 1,
          imageShrosCreated: fields.type === 'image' ? 1 : 0,
          textShrosCreated: fields.type === 'text' ? 1 : 0,
        },
        { activity: true, now },
      );
      await insertNotifications(
        tx,
        delivery.recipientIds.map((userId) => ({
          userId,
          type: 'shro_received' as const,
          title: 'New Shro!',
          message: `@${creator.username} sent you a Shro: "${fields.title}"`,
          shroId,
          actorId: creator.id,
        })),
      );
    });
  } catch (error) {
    await storage.remove(stored.map((s) => s.key)).catch(() => {});
    // A friend who deleted their account mid-request.
    if (isForeignKeyViolation(error)) throw badRequest(SHRO_MESSAGES.notFriends);
    throw error;
  }
  // The creator too: their counters moved, and an achievement unlocked is a notification.
  await notifyUsers(deps, [...delivery.recipientIds, creator.id]);

  return getShroForViewer(deps, shroId, creator, now);
}

// ---- read ---------------------------------------------------------------------------------

interface Access {
  aggregate: ShroAggregate;
  role: ViewerRole;
  viewerState: ViewerState;
}

const NO_VIEWER_STATE: ViewerState = { ownPick: null, ownReaction: null };

/** Everything the projection needs that is the same for every viewer, straight from the database. */
async function loadAggregate(db: Db, shroId: string): Promise<ShroAggregate | undefined> {
  const found = await findShroWithCreator(db, shroId);
  if (!found) return undefined;
  const { shro, creator } = found;
  const [boxes, recipients] = await Promise.all([
    listBoxes(db, shro.id),
    isPrivateShro(shro) ? listRecipients(db, [shro.id]) : Promise.resolve([]),
  ]);
  return {
    shro,
    creator,
    boxes,
    recipients: recipients.map(({ id, username }) => ({ id, username })),
    viewers: new Map(),
    views: new Map(),
  };
}

async function loadViewerState(db: Db, shroId: string, userId: string): Promise<ViewerState> {
  const [pick, reaction] = await Promise.all([findParticipation(db, shroId, userId), findReaction(db, shroId, userId)]);
  return {
    ownPick: pick ? { boxId: pick.boxId, createdAt: pick.createdAt } : null,
    ownReaction: (reaction as ReactionEmoji | null) ?? null,
  };
}

/** The viewer's own pick and reaction, kept with the aggregate (and dropped with it on any write). */
function viewerStateOf(db: Db, aggregate: ShroAggregate, userId: string): Promise<ViewerState> {
  const kept = aggregate.viewers.get(userId);
  if (kept) return kept;
  const loading = loadViewerState(db, aggregate.shro.id, userId);
  if (aggregate.viewers.size < MAX_VIEWERS_PER_SHRO) {
    aggregate.viewers.set(userId, loading);
    loading.catch(() => aggregate.viewers.delete(userId));
  }
  return loading;
}

async function loadCreatorExtras(db: Db, shro: ShroRow): Promise<CreatorExtras> {
  const [participants, selectionCounts, reactionCounts, firstPickUsername] = await Promise.all([
    listParticipants(db, shro.id, PARTICIPANTS_LIST_MAX),
    countSelectionsByBox(db, shro.id),
    countReactions(db, shro.id),
    shro.selectedByUserId ? findUsername(db, shro.selectedByUserId) : Promise.resolve(null),
  ]);
  return {
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

/**
 * Who the viewer is to this Shro. A private Shro does not exist (404) for anyone but its creator
 * and recipients; link and public Shros are readable by anyone, visitors included.
 */
async function resolveAccess(deps: ShroDeps, shroId: string, viewer: Actor | null): Promise<Access> {
  const aggregate = await deps.cache.aggregate(shroId, () => loadAggregate(deps.db, shroId));
  if (!aggregate) throw notFound(SHRO_MESSAGES.notFound);
  const { shro, recipients } = aggregate;
  const viewerId = viewer?.id ?? null;
  const isRecipient = viewer !== null && recipients.some((r) => r.id === viewer.id);
  // The same rule every list embedding a Shro applies (see viewerRoleOf).
  const roleBeforePick = viewerRoleOf(shro, viewerId, { isRecipient, hasPicked: false });
  if (roleBeforePick === null) throw notFound(SHRO_MESSAGES.notFound);

  const viewerState =
    viewer && roleBeforePick !== 'creator' ? await viewerStateOf(deps.db, aggregate, viewer.id) : NO_VIEWER_STATE;
  const role: ViewerRole =
    viewerRoleOf(shro, viewerId, { isRecipient, hasPicked: viewerState.ownPick !== null }) ?? roleBeforePick;
  return { aggregate, role, viewerState };
}

/** Whether this viewer (or a visitor) may read the Shro at all: what the live channel checks before a watch. */
export async function canViewShro(deps: ShroDeps, shroId: string, viewer: Actor | null): Promise<boolean> {
  try {
    await resolveAccess(deps, shroId, viewer);
    return true;
  } catch {
    return false;
  }
}

/** GET /api/sessions/:id — the Shro as this viewer (or a signed-out visitor) may see it. */
async function getShroForViewer(
  from: ShroDeps | Db,
  shroId: string,
  viewer: Actor | null,
  now = new Date(),
): Promise<Shro> {
  const deps = depsOf(from);
  return project(deps, await resolveAccess(deps, shroId, viewer), viewer, now);
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
  const key = access.role === 'creator' ? 'creator' : viewer ? `user:${viewer.id}` : 'visitor';
  const at = now.getTime();
  const kept = aggregate.views.get(key);
  if (kept && at < kept.validUntil) return kept.body;
  const body = new KeptText(JSON.stringify(await project(deps, access, viewer, now)));
  if (deps.cache.enabled && aggregate.views.size < MAX_VIEWERS_PER_SHRO) {
    aggregate.views.set(key, { body, validUntil: projectionValidUntil(access, at) });
  }
  return body;
}

/** GET /api/sessions — the user's history: sent and received, newest first, minus removed ones. */
export async function listShroHistory(
  { db }: ShroDeps,
  userId: string,
  query: { page: number; pageSize: number; tab: HistoryTab },
  now = new Date(),
): Promise<ShroListResponse> {
  const { page, pageSize, tab } = query;
  const [counts, rows] = await Promise.all([
    countHistory(db, userId),
    listHistory(db, userId, tab, pageSize, (page - 1) * pageSize),
  ]);
  const ids = rows.map((r) => r.shro.id);
  const privateIds = rows.filter((r) => isPrivateShro(r.shro)).map((r) => r.shro.id);
  const [recipients, picks] = await Promise.all([
    listRecipients(db, privateIds),
    listOwnParticipations(db, userId, ids),
  ]);
  const all = counts.sent + counts.received;
  return {
    items: rows.map(({ shro, creator }) =>
      presentListItem({
        shro,
        creator,
        viewerId: userId,
        recipients: recipients.filter((r) => r.shroId === shro.id).map(({ id, username }) => ({ id, username })),
        ownPickAt: picks.find((p) => p.shroId === shro.id)?.createdAt ?? null,
        now,
      }),
    ),
    total: tab === 'sent' ? counts.sent : tab === 'received' ? counts.received : all,
    counts: { all, sent: counts.sent, received: counts.received },
    page,
    pageSize,
  };
}

// ---- select -------------------------------------------------------------------------------

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
      await recordPickOnShro(tx, shro.id, {
        boxId: picked.id,
        userId: user.id,
        at: now,
        isPrivate: isPrivateShro(shro),
      });
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
  await afterShroWrite(deps, { type: 'shro.box.opened', shroId: shro.id });
  // The picker too: an achievement they unlocked is a notification of theirs.
  await notifyUsers(deps, [shro.creatorId, user.id]);
  return getShroForViewer(deps, shro.id, user, now);
}

// ---- react --------------------------------------------------------------------------------

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
  if (changed) await afterShroWrite(deps, { type: 'shro.reaction.added', shroId: shro.id });
  // The reactor's streak day may have unlocked an achievement (a notification of theirs).
  await notifyUsers(deps, changed ? [shro.creatorId, user.id] : [user.id]);
  return { success: true, emoji, replaced: outcome !== 'created' };
}

// ---- delete -------------------------------------------------------------------------------

/**
 * docs/product.md §4: the creator deletes the Shro (with its images); a recipient or participant
 * removes it from their own history only; anyone else gets 404.
 */
export async function deleteShroFor(
  deps: ShroDeps,
  storage: UploadStorage,
  shroId: string,
  user: Actor,
  now = new Date(),
): Promise<DeleteShroResponse> {
  const { db } = deps;
  const access = await resolveAccess(deps, shroId, user);
  if (access.role === 'creator') {
    const keys = await db.transaction((tx) => deleteShroAndUploads(tx, shroId));
    await afterShroWrite(deps, { type: 'shro.deleted', shroId });
    // Files go after the rows: a failed commit must not leave boxes pointing at nothing.
    await storage.remove(keys).catch(() => {});
    return { success: true, result: 'deleted' };
  }
  if (access.role === 'recipient' || access.role === 'participant') {
    await hideShroForUser(db, shroId, user.id, now);
    return { success: true, result: 'hidden' };
  }
  throw notFound(SHRO_MESSAGES.notFound);
}
