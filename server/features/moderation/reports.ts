import {
  type CreateReportInput,
  MODERATION_MESSAGES,
  type ReportCreated,
  type ReportTargetType,
} from '../../../contract/moderation';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { findVisibleShro } from '../shros/access';
import { afterShroWrite } from '../shros/events';
import { findUploadFor } from '../uploads/service';
import { appendLog, autoHideIfVisible, countOpenReporters, findMessage, findUserRow, insertReport } from './queries';
import { type ModerationDeps, messageIdOf, SYSTEM_MODERATOR_ID } from './service';

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
