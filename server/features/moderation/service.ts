import {
  ACTIONS_BY_TARGET,
  actionNotApplicableMessage,
  type CreateReportInput,
  MODERATION_LOG_PAGE,
  MODERATION_MESSAGES,
  type ModerationAction,
  type ModerationActionResult,
  type ModerationLogEntry,
  type ModerationQueueItem,
  type ModerationTarget,
  type ReportCreated,
  type ReportTargetType,
} from '../../../contract/moderation';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { NameHash } from '../../lib/name-hash';
import type { LivePublisher } from '../live/bus';
import { insertNotifications } from '../notifications/queries';
import { findVisibleShro, type ShroDeps } from '../shros/access';
import { afterShroWrite } from '../shros/events';
import { deleteShroAndUploads } from '../shros/queries';
import { findUpload } from '../uploads/queries';
import { findUploadFor, uploadUrl } from '../uploads/service';
import type { UploadStorage } from '../uploads/storage';
import {
  appendLog,
  autoHideIfVisible,
  claimModeratorName,
  clearImageEverywhere,
  countOpenReporters,
  deleteAuthSessionsOf,
  deleteMessage,
  findMessage,
  findMessagesByIds,
  findShro,
  findShrosByIds,
  findUploadKeys,
  findUserRow,
  findUsersByIds,
  insertReport,
  isGrantedModerator,
  listLog,
  listOpenReportGroups,
  listOpenReportsOf,
  listPendingReviewShros,
  listShroBoxes,
  resolveOpenReports,
  setModerationStatus,
  setSuspension,
} from './queries';
import { isForever, isSuspended, SUSPENDED_FOREVER } from './suspension';

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
const SYSTEM_MODERATOR_ID = 'system';

type NewNotification = Parameters<typeof insertNotifications>[1][number];

const QUEUE_LIMIT = 200;
const PREVIEW_MAX = 140;
const MAX_SERIAL = 2_147_483_647;

type Actor = { id: string; username: string };

/** A moderator: named in MODERATOR_USERNAMES (any case) or granted with `npm run moderator -- add NAME`. */
async function isModerator(deps: Pick<ModerationDeps, 'db' | 'settings' | 'nameHash'>, user: Actor): Promise<boolean> {
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
function messageIdOf(targetId: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(targetId)) return undefined;
  const id = Number(targetId);
  return id <= MAX_SERIAL ? id : undefined;
}

const missing = () => notFound(MODERATION_MESSAGES.targetNotFound);

/**
 * Who owns the target, when the reporter may see it; 404 for anything they cannot see (a private
 * Shro not theirs, someone else's conversation, an unopened box image), exactly as for nothing.
 */
async function ownerOfVisibleTarget(
  deps: ModerationDeps,
  reporterId: string,
  targetType: ReportTargetType,
  targetId: string,
): Promise<string> {
  switch (targetType) {
    case 'shro': {
      try {
        const { aggregate } = await findVisibleShro(deps, targetId, reporterId);
        return aggregate.shro.creatorId;
      } catch {
        throw missing();
      }
    }
    case 'user': {
      const user = await findUserRow(deps.db, targetId);
      if (!user) throw missing();
      return user.id;
    }
    case 'message': {
      const id = messageIdOf(targetId);
      const message = id === undefined ? undefined : await findMessage(deps.db, id);
      if (!message || (message.senderId !== reporterId && message.recipientId !== reporterId)) throw missing();
      return message.senderId;
    }
    case 'image': {
      try {
        const upload = await findUploadFor(deps.db, targetId, reporterId);
        return upload.ownerId;
      } catch {
        throw missing();
      }
    }
  }
}

/**
 * POST /api/reports: one open report per reporter per target (409), never on oneself or one's own
 * content (400). A public Shro reported by REPORT_AUTO_HIDE_THRESHOLD distinct users leaves explore
 * until a moderator decides (an audit entry by `system` says so).
 */
export async function createReport(
  deps: ModerationDeps,
  reporterId: string,
  input: CreateReportInput,
): Promise<ReportCreated> {
  const ownerId = await ownerOfVisibleTarget(deps, reporterId, input.targetType, input.targetId);
  if (ownerId === reporterId) throw badRequest(MODERATION_MESSAGES.self);
  const targetId = input.targetType === 'message' ? String(messageIdOf(input.targetId)) : input.targetId;
  const row = await insertReport(deps.db, {
    reporterId,
    targetType: input.targetType,
    targetId,
    targetOwnerId: ownerId,
    reason: input.reason,
    details: input.details ? input.details : null,
  });
  if (!row) throw conflict(MODERATION_MESSAGES.duplicate);
  if (input.targetType === 'shro') await autoHideWhenReportedEnough(deps, targetId);
  return { id: row.id, status: 'open', message: MODERATION_MESSAGES.reportThanks };
}

async function autoHideWhenReportedEnough(deps: ModerationDeps, shroId: string): Promise<void> {
  const reporters = await countOpenReporters(deps.db, 'shro', shroId);
  if (reporters < deps.settings.reportAutoHideThreshold) return;
  // The hide and its audit entry stand or fall together.
  const hidden = await deps.db.transaction(async (tx) => {
    if (!(await autoHideIfVisible(tx, shroId))) return false;
    await appendLog(tx, {
      moderatorId: SYSTEM_MODERATOR_ID,
      action: 'auto_hide',
      targetType: 'shro',
      targetId: shroId,
      reason: `Reported by ${reporters} people`,
      details: { reporters },
    });
    return true;
  });
  if (hidden) await afterShroWrite(deps, { type: 'shro.row.changed', shroId });
}

const clip = (text: string) => (text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text);

/** The queue: open reports grouped by target (oldest first), then public Shros waiting for approval. */
export async function getQueue(deps: ModerationDeps): Promise<ModerationQueueItem[]> {
  const { db } = deps;
  const [groups, pending] = await Promise.all([
    listOpenReportGroups(db, QUEUE_LIMIT),
    listPendingReviewShros(db, QUEUE_LIMIT),
  ]);
  const idsOf = (type: ReportTargetType) => groups.filter((g) => g.targetType === type).map((g) => g.targetId);
  const shroIds = [...idsOf('shro'), ...pending.map((p) => p.id)];
  const messageIds = idsOf('message')
    .map(messageIdOf)
    .filter((id): id is number => id !== undefined);
  const ownerIds = [...groups.map((g) => g.ownerId), ...pending.map((p) => p.creatorId)].filter(
    (id): id is string => id !== null,
  );
  const [shroRows, messageRows, userRows, imageRows] = await Promise.all([
    findShrosByIds(db, shroIds),
    findMessagesByIds(db, messageIds),
    findUsersByIds(db, [...new Set([...ownerIds, ...idsOf('user')])]),
    findUploadKeys(db, idsOf('image')),
  ]);
  const userById = new Map(userRows.map((u) => [u.id, u]));
  const shroById = new Map(shroRows.map((s) => [s.id, s]));
  const items: ModerationQueueItem[] = groups.map((group) => {
    const type = group.targetType;
    const shro = type === 'shro' ? shroById.get(group.targetId) : undefined;
    let preview: string | null = null;
    let gone = false;
    if (type === 'shro') {
      preview = shro ? clip(shro.title) : null;
      gone = !shro;
    } else if (type === 'message') {
      const message = messageRows.find((m) => String(m.id) === group.targetId);
      preview = message ? clip(message.content) : null;
      gone = !message;
    } else if (type === 'user') {
      const user = userById.get(group.targetId);
      preview = user ? `@${user.username}` : null;
      gone = !user;
    } else {
      gone = !imageRows.some((row) => row.key === group.targetId);
    }
    const owner = group.ownerId ? (userById.get(group.ownerId) ?? null) : null;
    return {
      targetType: type,
      targetId: group.targetId,
      owner,
      reporterCount: group.reporterCount,
      reasons: [...group.reasons].sort(),
      oldestAt: (group.oldestAt ?? new Date()).toISOString(),
      preview,
      moderationStatus: shro?.moderationStatus ?? null,
      gone,
    };
  });
  for (const shro of pending) {
    if (items.some((item) => item.targetType === 'shro' && item.targetId === shro.id)) continue;
    items.push({
      targetType: 'shro',
      targetId: shro.id,
      owner: userById.get(shro.creatorId) ?? null,
      reporterCount: 0,
      reasons: [],
      oldestAt: shro.createdAt.toISOString(),
      preview: clip(shro.title),
      moderationStatus: 'pending_review',
      gone: false,
    });
  }
  return items;
}

const ownerRef = async (db: Db, id: string | null) => (id ? ((await findUsersByIds(db, [id]))[0] ?? null) : null);

/**
 * The reported content in full, for a moderator: a Shro with every box, a user, a message, an
 * image. Every call is written to the audit log (who looked at what, when).
 */
export async function viewTarget(
  deps: ModerationDeps,
  moderator: Actor,
  targetType: ReportTargetType,
  targetId: string,
): Promise<ModerationTarget> {
  const { db } = deps;
  const reports = await listOpenReportsOf(db, targetType, targetId);
  const view: ModerationTarget = {
    targetType,
    targetId,
    owner: null,
    gone: true,
    shro: null,
    user: null,
    message: null,
    image: null,
    reports: reports.map((r) => ({ reason: r.reason, details: r.details, createdAt: r.createdAt.toISOString() })),
  };
  if (targetType === 'shro') {
    const shro = await findShro(db, targetId);
    if (shro) {
      const boxes = await listShroBoxes(db, shro.id);
      view.gone = false;
      view.owner = await ownerRef(db, shro.creatorId);
      view.shro = {
        id: shro.id,
        title: shro.title,
        type: shro.type,
        isPublic: shro.isPublic,
        isShareable: shro.isShareable,
        hashtags: shro.hashtags,
        moderationStatus: shro.moderationStatus,
        createdAt: shro.createdAt.toISOString(),
        boxes: boxes.map((box) => ({
          position: box.position,
          label: box.label,
          textContent: box.textContent,
          category: box.category,
          imageUrl: box.imageKey ? moderationImageUrl(box.imageKey) : box.imageUrl,
          isWinning: box.position === shro.winningBoxPosition,
        })),
      };
    }
  } else if (targetType === 'user') {
    const user = await findUserRow(db, targetId);
    if (user) {
      view.gone = false;
      view.owner = { id: user.id, username: user.username };
      const suspended = isSuspended(user);
      view.user = {
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        profileImageUrl: user.profileImageUrl,
        createdAt: user.createdAt.toISOString(),
        suspendedUntil: suspended ? user.suspendedUntil!.toISOString() : null,
        suspendedForGood: suspended && isForever(user.suspendedUntil),
        suspensionReason: suspended ? user.suspensionReason : null,
      };
    }
  } else if (targetType === 'message') {
    const id = messageIdOf(targetId);
    const message = id === undefined ? undefined : await findMessage(db, id);
    if (message) {
      view.gone = false;
      view.owner = await ownerRef(db, message.senderId);
      view.message = {
        content: message.content,
        createdAt: message.createdAt.toISOString(),
        recipient: await ownerRef(db, message.recipientId),
      };
    }
  } else {
    const upload = /^[0-9a-f]{32}$/.test(targetId) ? await findUpload(db, targetId) : undefined;
    if (upload) {
      view.gone = false;
      view.owner = await ownerRef(db, upload.ownerId);
      view.image = { url: moderationImageUrl(upload.key), kind: upload.kind };
    }
  }
  if (view.gone && reports.length === 0) throw notFound(MODERATION_MESSAGES.targetNotFound);
  await appendLog(db, {
    moderatorId: moderator.id,
    action: 'view',
    targetType,
    targetId,
    reason: null,
    details: { openReports: reports.length },
  });
  return view;
}

/** Where a moderator's browser loads a stored image (any image, box or avatar, opened or not). */
const moderationImageUrl = (key: string) => `/api/moderation/images/${key}`;

/** The stored upload for a moderator, or 404. */
/** Any stored image, for a moderator; every look is written to the audit log like any content view. */
export async function findImageForModerator(db: Db, moderator: Actor, key: string) {
  const upload = /^[0-9a-f]{32}$/.test(key) ? await findUpload(db, key) : undefined;
  if (!upload) throw notFound('Image not found');
  await appendLog(db, {
    moderatorId: moderator.id,
    action: 'view',
    targetType: 'image',
    targetId: key,
    reason: null,
  });
  return upload;
}

function describeTarget(targetType: ReportTargetType, label: string | null): string {
  if (targetType === 'shro') return label ? `the Shro "${label}"` : 'a Shro';
  if (targetType === 'user') return label ? `@${label}` : 'an account';
  if (targetType === 'message') return 'a message';
  return 'an image';
}

/** What the reporters are told, without naming anyone but the reported content. */
function reporterOutcome(action: ModerationAction, what: string): string {
  if (action === 'delete')
    return `We reviewed your report of ${what} and removed it. Thank you for helping keep Shro safe.`;
  if (action === 'hide')
    return `We reviewed your report of ${what} and hid it from explore. Thank you for helping keep Shro safe.`;
  if (action === 'suspend')
    return `We reviewed your report of ${what} and suspended the account. Thank you for helping keep Shro safe.`;
  return `We reviewed your report of ${what} and found no violation of our rules.`;
}

interface ActionInput {
  targetType: ReportTargetType;
  targetId: string;
  action: ModerationAction;
  reason: string;
  until?: string;
}

/** What is done once the action's transaction committed: events, cache drops, file removals. */
type AfterCommit = (() => Promise<void>)[];

/**
 * POST /api/moderation/actions: applies one action with its reason, closes the target's open
 * reports, tells the reporters the outcome and the owner what was done, and writes the audit
 * entry, all in one transaction: no action stands without its entry, and a failed entry undoes
 * the action. Events, cache drops and stored files follow the commit.
 */
export async function applyAction(
  deps: ModerationDeps,
  moderator: Actor,
  input: ActionInput,
  now = new Date(),
): Promise<ModerationActionResult> {
  const { targetType, action } = input;
  if (!ACTIONS_BY_TARGET[targetType].includes(action)) throw badRequest(actionNotApplicableMessage(action, targetType));
  if (input.until !== undefined && action !== 'suspend') throw badRequest(MODERATION_MESSAGES.untilOnlyForSuspend);
  const afterCommit: AfterCommit = [];
  const { result, notified } = await deps.db.transaction((tx) =>
    applyActionIn({ ...deps, db: tx }, afterCommit, moderator, input, now),
  );
  for (const step of afterCommit) await step();
  if (notified.length > 0) await deps.live.publish({ type: 'notification.created' }, { users: notified });
  return result;
}

/** The writes of one action, on the transaction in `deps.db`; what must wait for the commit goes to `afterCommit`. */
async function applyActionIn(
  deps: ModerationDeps,
  afterCommit: AfterCommit,
  moderator: Actor,
  input: ActionInput,
  now: Date,
): Promise<{ result: ModerationActionResult; notified: string[] }> {
  const { db } = deps;
  const { targetType, targetId, action, reason } = input;
  const ownerNotes: NewNotification[] = [];
  let label: string | null = null;
  let ownerId: string | null = null;
  const details: Record<string, unknown> = {};
  const shroChanged = (shroId: string) =>
    afterCommit.push(() => afterShroWrite(deps, { type: 'shro.row.changed', shroId }));

  if (targetType === 'shro') {
    const shro = await findShro(db, targetId);
    if (!shro && action !== 'dismiss') throw notFound(MODERATION_MESSAGES.targetNotFound);
    if (shro) {
      label = shro.title;
      ownerId = shro.creatorId;
      details.previousStatus = shro.moderationStatus;
      if (action === 'hide' || action === 'restore' || action === 'approve') {
        const status = action === 'hide' ? 'hidden' : 'visible';
        await setModerationStatus(db, shro.id, status);
        shroChanged(shro.id);
        if (action === 'hide') {
          ownerNotes.push({
            userId: shro.creatorId,
            type: 'moderation_action',
            title: 'Your Shro was hidden by moderators',
            message: `Moderators hid your Shro "${shro.title}" from explore. Reason: ${reason}`,
            shroId: shro.id,
          });
        } else if (shro.moderationStatus !== 'visible' && shro.isPublic) {
          ownerNotes.push({
            userId: shro.creatorId,
            type: 'moderation_action',
            title: 'Your Shro is on explore',
            message: `Moderators reviewed your Shro "${shro.title}": it is listed on explore again.`,
            shroId: shro.id,
          });
        }
      } else if (action === 'dismiss' && shro.moderationStatus === 'auto_hidden') {
        // Reports found nothing wrong: a Shro the reports took off explore goes back on it, else
        // it would stay hidden with nothing left in the queue to act on.
        await setModerationStatus(db, shro.id, 'visible');
        shroChanged(shro.id);
      } else if (action === 'delete') {
        const keys = await deleteShroAndUploads(db, shro.id);
        // Files after the rows: a rolled-back delete must not leave boxes without images.
        afterCommit.push(async () => {
          await afterShroWrite(deps, { type: 'shro.deleted', shroId: shro.id });
          await deps.storage.remove(keys).catch(() => {});
        });
        ownerNotes.push({
          userId: shro.creatorId,
          type: 'moderation_action',
          title: 'Your Shro was removed by moderators',
          message: `Moderators removed your Shro "${shro.title}". Reason: ${reason}`,
        });
      }
    }
  } else if (targetType === 'user') {
    const user = await findUserRow(db, targetId);
    if (!user && action !== 'dismiss') throw notFound(MODERATION_MESSAGES.targetNotFound);
    if (user) {
      label = user.username;
      ownerId = user.id;
      if (action === 'suspend') {
        const until = input.until ? new Date(input.until) : SUSPENDED_FOREVER;
        if (until.getTime() <= now.getTime()) throw badRequest(MODERATION_MESSAGES.untilInPast);
        if (await isModerator(deps, user)) throw badRequest(MODERATION_MESSAGES.cannotSuspendModerator);
        await setSuspension(db, user.id, { suspendedUntil: until, suspensionReason: reason });
        const ended = await deleteAuthSessionsOf(db, user.id);
        // Every signed-in device ends at once, on every instance; the cached user rows go with them.
        afterCommit.push(async () => {
          for (const authSessionId of ended) {
            await deps.live.publish({ type: 'auth.session.ended', authSessionId }, { servers: true });
          }
          await deps.live.publish({ type: 'user.profile.updated', userId: user.id }, { servers: true });
        });
        details.until = isForever(until) ? null : until.toISOString();
        ownerNotes.push({
          userId: user.id,
          type: 'moderation_action',
          title: 'Your account was suspended',
          message: `${isForever(until) ? 'Your account was suspended permanently' : `Your account is suspended until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`}. Reason: ${reason}`,
        });
      } else if (action === 'unsuspend') {
        await setSuspension(db, user.id, { suspendedUntil: null, suspensionReason: null });
        afterCommit.push(() => deps.live.publish({ type: 'user.profile.updated', userId: user.id }, { servers: true }));
        if (isSuspended(user, now)) {
          ownerNotes.push({
            userId: user.id,
            type: 'moderation_action',
            title: 'Your account suspension was lifted',
            message: `Moderators lifted the suspension of your account. Reason: ${reason}`,
          });
        }
      }
    }
  } else if (targetType === 'message') {
    const id = messageIdOf(targetId);
    const message = id === undefined ? undefined : await findMessage(db, id);
    if (!message && action !== 'dismiss') throw notFound(MODERATION_MESSAGES.targetNotFound);
    if (message) {
      ownerId = message.senderId;
      if (action === 'delete') {
        await deleteMessage(db, message.id);
        afterCommit.push(() =>
          deps.live.publish(
            { type: 'chat.message.read', readerId: message.recipientId, senderId: message.senderId },
            { users: [message.senderId, message.recipientId] },
          ),
        );
        ownerNotes.push({
          userId: message.senderId,
          type: 'moderation_action',
          title: 'Your message was removed by moderators',
          message: `Moderators removed a message you sent. Reason: ${reason}`,
        });
      }
    }
  } else {
    const upload = /^[0-9a-f]{32}$/.test(targetId) ? await findUpload(db, targetId) : undefined;
    if (!upload && action !== 'dismiss') throw notFound(MODERATION_MESSAGES.targetNotFound);
    if (upload) {
      ownerId = upload.ownerId;
      if (action === 'delete') {
        await deleteImage(deps, afterCommit, upload.key, upload.ownerId);
        ownerNotes.push({
          userId: upload.ownerId,
          type: 'moderation_action',
          title: 'Your image was removed by moderators',
          message: `Moderators removed an image you uploaded. Reason: ${reason}`,
        });
      }
    }
  }

  // Suspending or lifting a suspension closes the reports about the account; so does every other action about its target.
  const resolution = action === 'unsuspend' ? null : action;
  const resolved = resolution
    ? await resolveOpenReports(db, targetType, targetId, resolution, now)
    : { count: 0, reporterIds: [] };
  details.resolvedReports = resolved.count;
  const what = describeTarget(targetType, label);
  const reporterNotes: NewNotification[] = resolved.reporterIds
    .filter((id) => id !== ownerId)
    .map((userId) => ({
      userId,
      type: 'report_outcome',
      title: 'Update on your report',
      message: reporterOutcome(action, what),
    }));
  await insertNotifications(db, [...reporterNotes, ...ownerNotes]);
  await appendLog(db, { moderatorId: moderator.id, action, targetType, targetId, reason, details });
  const notified = [...new Set([...reporterNotes, ...ownerNotes].map((n) => n.userId))];
  return { result: { success: true, action, resolvedReports: resolved.count }, notified };
}

/**
 * Removes an image everywhere, on the action's transaction: its row, the boxes showing it and the
 * profile picture using it; its stored bytes once the transaction committed.
 */
async function deleteImage(deps: ModerationDeps, afterCommit: AfterCommit, key: string, ownerId: string) {
  const shroIds = await clearImageEverywhere(deps.db, key, uploadUrl(key));
  afterCommit.push(async () => {
    await deps.storage.remove([key]).catch(() => {});
    for (const shroId of shroIds) await afterShroWrite(deps, { type: 'shro.row.changed', shroId });
    await deps.live.publish({ type: 'user.profile.updated', userId: ownerId }, { servers: true });
  });
}

/** The audit log, newest first. */
export async function getLog(db: Db, beforeId?: number): Promise<ModerationLogEntry[]> {
  const rows = await listLog(db, MODERATION_LOG_PAGE, beforeId);
  return rows.map((row) => ({
    id: row.id,
    moderator:
      row.moderatorId === SYSTEM_MODERATOR_ID || row.moderatorUsername === null
        ? null
        : { id: row.moderatorId, username: row.moderatorUsername },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}
