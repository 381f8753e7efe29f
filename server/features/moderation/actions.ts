import {
  ACTIONS_BY_TARGET,
  actionNotApplicableMessage,
  MODERATION_MESSAGES,
  type ModerationAction,
  type ModerationActionResult,
  type ReportTargetType,
} from '../../../contract/moderation';
import { wording } from '../../i18n/catalogs';
import { badRequest, notFound } from '../../lib/http-errors';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import { afterShroWrite } from '../shros/events';
import { deleteShroAndUploads } from '../shros/queries';
import { findUpload } from '../uploads/queries';
import { uploadUrl } from '../uploads/service';
import {
  appendLog,
  clearImageEverywhere,
  deleteAuthSessionsOf,
  deleteMessage,
  findMessage,
  findShro,
  findUserRow,
  resolveOpenReports,
  setModerationStatus,
  setSuspension,
} from './queries';
import { assertInReview } from './review-scope';
import { type Actor, isModerator, type ModerationDeps, messageIdOf } from './service';
import { isForever, isSuspended, SUSPENDED_FOREVER } from './suspension';

type NewNotification = Parameters<typeof insertNotifications>[1][number];

/** The reported content as the outcome texts' `target` and `label` select it. */
function describeTarget(targetType: ReportTargetType, label: string | null) {
  if ((targetType === 'shro' || targetType === 'user') && label) return { target: `${targetType}Named`, label };
  return { target: targetType, label: '' };
}

const OUTCOMES: Partial<Record<ModerationAction, string>> = {
  delete: TEXTS.reportRemoved,
  hide: TEXTS.reportHidden,
  suspend: TEXTS.reportSuspended,
};

/** What the reporters are told, without naming anyone but the reported content. */
const reporterOutcome = (action: ModerationAction, what: ReturnType<typeof describeTarget>) =>
  wording(OUTCOMES[action] ?? TEXTS.reportDismissed, what);

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
 * POST /api/moderation/actions: applies one action with its reason to a target in review (404
 * otherwise, review-scope.ts), closes the target's open reports, tells the reporters the outcome and the owner what was done, and writes the audit
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
  await assertInReview(db, targetType, targetId);
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
            title: wording(TEXTS.shroHiddenTitle),
            message: wording(TEXTS.shroHidden, { title: shro.title, reason }),
            shroId: shro.id,
          });
        } else if (shro.moderationStatus !== 'visible' && shro.isPublic) {
          ownerNotes.push({
            userId: shro.creatorId,
            type: 'moderation_action',
            title: wording(TEXTS.shroRestoredTitle),
            message: wording(TEXTS.shroRestored, { title: shro.title }),
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
          title: wording(TEXTS.shroRemovedTitle),
          message: wording(TEXTS.shroRemoved, { title: shro.title, reason }),
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
          title: wording(TEXTS.suspendedTitle),
          message: isForever(until)
            ? wording(TEXTS.suspendedForever, { reason })
            : wording(TEXTS.suspendedUntil, { until: until.toISOString().slice(0, 16).replace('T', ' '), reason }),
        });
      } else if (action === 'unsuspend') {
        await setSuspension(db, user.id, { suspendedUntil: null, suspensionReason: null });
        afterCommit.push(() => deps.live.publish({ type: 'user.profile.updated', userId: user.id }, { servers: true }));
        if (isSuspended(user, now)) {
          ownerNotes.push({
            userId: user.id,
            type: 'moderation_action',
            title: wording(TEXTS.unsuspendedTitle),
            message: wording(TEXTS.unsuspended, { reason }),
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
          title: wording(TEXTS.messageRemovedTitle),
          message: wording(TEXTS.messageRemoved, { reason }),
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
          title: wording(TEXTS.imageRemovedTitle),
          message: wording(TEXTS.imageRemoved, { reason }),
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
      title: wording(TEXTS.reportOutcomeTitle),
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
