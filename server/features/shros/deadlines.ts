import { and, eq, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { shroDeadlineNotices, shroRecipients, shros } from '../../db/schema/index';
import { wording } from '../../i18n/catalogs';
import { insertNotifications } from '../notifications/queries';
import { NOTIFICATION_TEXTS as TEXTS } from '../notifications/texts';
import type { ShroDeps } from './access';
import { notifyUsers } from './events';
import { pickersAmong } from './queries';

const HOUR_MS = 60 * 60 * 1000;
/** Recipients who have not opened a private Shro are reminded this long before its deadline. */
const REMINDER_BEFORE_MS = HOUR_MS;
/** A deadline missed by more than this (the app was down) gets no summary: it would be old news. */
const SUMMARY_WITHIN_MS = 24 * HOUR_MS;
/** How often each instance looks for deadlines near or just passed. */
const SWEEP_EVERY_MS = 60 * 1000;

type Notice = 'reminder' | 'summary';

/** The Shros whose deadline notice of `kind` is due at `now` and not yet claimed. */
function dueShros(db: Db, kind: Notice, now: Date) {
  const window =
    kind === 'reminder'
      ? and(
          gt(shros.expiresAt, now),
          lte(shros.expiresAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
          eq(shros.isPublic, false),
          eq(shros.isShareable, false),
        )
      : and(lte(shros.expiresAt, now), gt(shros.expiresAt, new Date(now.getTime() - SUMMARY_WITHIN_MS)));
  return db
    .select({
      id: shros.id,
      title: shros.title,
      creatorId: shros.creatorId,
      isPrivate: sql<boolean>`not ${shros.isPublic} and not ${shros.isShareable}`,
      opened: shros.participantCount,
    })
    .from(shros)
    .where(
      and(
        isNotNull(shros.expiresAt),
        window,
        notExists(
          db
            .select({ one: sql`1` })
            .from(shroDeadlineNotices)
            .where(and(eq(shroDeadlineNotices.shroId, shros.id), eq(shroDeadlineNotices.kind, kind))),
        ),
      ),
    )
    .limit(100);
}

/** Claims a notice for one Shro: true for the one caller (of every instance) that may send it. */
async function claim(db: Db, shroId: string, kind: Notice, now: Date): Promise<boolean> {
  const rows = await db
    .insert(shroDeadlineNotices)
    .values({ shroId, kind, sentAt: now })
    .onConflictDoNothing()
    .returning({ shroId: shroDeadlineNotices.shroId });
  return rows.length > 0;
}

const recipientsOf = async (db: Db, shroId: string) =>
  (await db.select({ id: shroRecipients.userId }).from(shroRecipients).where(eq(shroRecipients.shroId, shroId))).map(
    (row) => row.id,
  );

/**
 * One pass over deadlines (issue 40; decision 186): an hour before a private Shro's deadline, its
 * recipients who have not opened it are reminded; at any Shro's deadline its creator gets one
 * summary of how many opened it. Each notice is claimed with its notifications in one
 * transaction, so every instance may sweep and each notice is sent once. Returns who was told.
 */
export async function sweepDeadlines(deps: Pick<ShroDeps, 'db' | 'live'>, now = new Date()): Promise<string[]> {
  const told: string[] = [];
  for (const shro of await dueShros(deps.db, 'reminder', now)) {
    const recipients = await recipientsOf(deps.db, shro.id);
    const pickers = await pickersAmong(deps.db, shro.id, recipients);
    const waiting = recipients.filter((id) => !pickers.has(id));
    const stored = await deps.db.transaction(async (tx) => {
      if (!(await claim(tx, shro.id, 'reminder', now))) return [];
      return insertNotifications(
        tx,
        waiting.map((userId) => ({
          userId,
          type: 'shro_nudge' as const,
          title: wording(TEXTS.deadlineReminderTitle),
          message: wording(TEXTS.deadlineReminder, { title: shro.title }),
          shroId: shro.id,
          // The creator's Shro: who blocked or muted them is not reminded of it either.
          actorId: shro.creatorId,
        })),
      );
    });
    told.push(...stored.map((row) => row.userId));
  }
  for (const shro of await dueShros(deps.db, 'summary', now)) {
    const total = shro.isPrivate ? (await recipientsOf(deps.db, shro.id)).length : 0;
    const message = shro.isPrivate
      ? wording(TEXTS.closedPrivate, { title: shro.title, opened: shro.opened, total })
      : wording(TEXTS.closed, { title: shro.title, opened: shro.opened });
    const stored = await deps.db.transaction(async (tx) => {
      if (!(await claim(tx, shro.id, 'summary', now))) return [];
      return insertNotifications(tx, [
        {
          userId: shro.creatorId,
          type: 'shro_closed' as const,
          title: wording(TEXTS.closedTitle),
          message,
          shroId: shro.id,
        },
      ]);
    });
    told.push(...stored.map((row) => row.userId));
  }
  await notifyUsers(deps, [...new Set(told)]);
  return told;
}

/** Sweeps every minute while the app runs; a failed pass is logged and the next one tries again. */
export function deadlineSweeper(deps: Pick<ShroDeps, 'db' | 'live'>, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start() {
      timer ??= setInterval(() => {
        running = sweepDeadlines(deps).catch((error) => log.error({ err: error }, 'deadline sweep failed'));
      }, SWEEP_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
