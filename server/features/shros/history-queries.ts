import { and, desc, eq, exists, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { picks, shroRecipients, shros, users } from '../../db/schema/index';
import { creatorColumns } from './queries';
import { visibleShroSql } from './visibility-sql';

/** The history's reads (GET /api/sessions): what the user sent, and what reached them. */

const sentBy = (userId: string) => eq(shros.creatorId, userId);

/**
 * Someone else's Shro the user may see (`visibleShroSql`), sent to them privately or joined by
 * them through a link or explore, and not removed by them.
 */
const receivedBy = (db: Db, userId: string, now: Date) =>
  and(
    ne(shros.creatorId, userId),
    visibleShroSql(userId, now),
    or(
      exists(
        db
          .select({ one: sql`1` })
          .from(shroRecipients)
          .where(
            and(
              eq(shroRecipients.shroId, shros.id),
              eq(shroRecipients.userId, userId),
              isNull(shroRecipients.hiddenAt),
            ),
          ),
      ),
      exists(
        db
          .select({ one: sql`1` })
          .from(picks)
          .where(and(eq(picks.shroId, shros.id), eq(picks.userId, userId), isNull(picks.hiddenAt))),
      ),
    ),
  );

export async function countHistory(db: Db, userId: string, now: Date) {
  const sent = sentBy(userId);
  const received = receivedBy(db, userId, now);
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${sent})`.mapWith(Number),
      received: sql<number>`count(*) filter (where ${received})`.mapWith(Number),
    })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(or(sent, received));
  return { sent: row?.sent ?? 0, received: row?.received ?? 0 };
}

export async function listHistory(
  db: Db,
  userId: string,
  tab: 'all' | 'sent' | 'received',
  window: { limit: number; offset: number; now: Date },
) {
  const where =
    tab === 'sent'
      ? sentBy(userId)
      : tab === 'received'
        ? receivedBy(db, userId, window.now)
        : or(sentBy(userId), receivedBy(db, userId, window.now));
  return db
    .select({ shro: shros, creator: creatorColumns })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(where)
    .orderBy(desc(shros.createdAt), desc(shros.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** The user's own picks among these Shros. */
export async function listOwnPicks(db: Db, userId: string, shroIds: string[]) {
  if (shroIds.length === 0) return [];
  return db
    .select({ shroId: picks.shroId, boxId: picks.boxId, createdAt: picks.createdAt })
    .from(picks)
    .where(and(eq(picks.userId, userId), inArray(picks.shroId, shroIds)));
}
