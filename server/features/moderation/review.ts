import {
  MODERATION_LOG_PAGE,
  MODERATION_MESSAGES,
  type ModerationLogEntry,
  type ModerationQueueItem,
  type ModerationTarget,
  type ReportTargetType,
} from '../../../contract/moderation';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { findUpload } from '../uploads/queries';
import {
  appendLog,
  findMessage,
  findMessagesByIds,
  findShro,
  findShrosByIds,
  findUploadKeys,
  findUserRow,
  findUsersByIds,
  listLog,
  listOpenReportGroups,
  listOpenReportsOf,
  listPendingReviewShros,
  listShroBoxes,
} from './queries';
import { assertInReview } from './review-scope';
import { type Actor, type ModerationDeps, messageIdOf, SYSTEM_MODERATOR_ID } from './service';
import { isForever, isSuspended } from './suspension';

const QUEUE_LIMIT = 200;
const PREVIEW_MAX = 140;

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
 * image. Only what is in review (review-scope.ts; anything else is 404, unlogged); every call is
 * written to the audit log (who looked at what, when).
 */
export async function viewTarget(
  deps: ModerationDeps,
  moderator: Actor,
  targetType: ReportTargetType,
  targetId: string,
): Promise<ModerationTarget> {
  const { db } = deps;
  await assertInReview(db, targetType, targetId);
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

/** Where a moderator's browser loads a stored image in review (box or avatar, opened or not). */
const moderationImageUrl = (key: string) => `/api/moderation/images/${key}`;

/**
 * A stored image in review (reported, in a Shro in review, a reviewed user's picture), for a
 * moderator, or 404; every look is written to the audit log like any content view.
 */
export async function findImageForModerator(db: Db, moderator: Actor, key: string) {
  await assertInReview(db, 'image', key);
  const upload = await findUpload(db, key);
  if (!upload) throw notFound(MODERATION_MESSAGES.targetNotFound);
  await appendLog(db, {
    moderatorId: moderator.id,
    action: 'view',
    targetType: 'image',
    targetId: key,
    reason: null,
  });
  return upload;
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
