import { and, desc, eq, exists, inArray, isNull, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participations, shroRecipients, shros, users } from '../../db/schema/index';
import { blockedEitherWaySql } from '../blocks/queries';
import { creatorColumns, shownDespiteSuspension } from './queries';

/** The history's reads (GET /api/sessions): what the user sent, and what reached them. */

const sentBy = (userId: string) => eq(shros.creatorId, userId);

/**
 * Sent to the user privately, or joined by them through a link or explore; not removed by them,
 * nor created by someone they have a block with (those do not exist for them, decision 104), nor
 * a link or public one whose creator is suspended (decision 107).
 */
const receivedBy = (db: Db, userId: string) =>
  and(
    ne(shros.creatorId, userId),
    not(blockedEitherWaySql(shros.creatorId, userId)),
    shownDespiteSuspension(new Date()),
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
          .from(participations)
          .where(
            and(
              eq(participations.shroId, shros.id),
              eq(participations.userId, userId),
              isNull(participations.hiddenAt),
            ),
          ),
      ),
    ),
  );

export async function countHistory(db: Db, userId: string) {
  const sent = sentBy(userId);
  const received = receivedBy(db, userId);
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${sent})`.mapWith(Number),
      received: sql<number>`count(*) filter (where ${received})`.mapWith(Number),
    })
    .from(shros)
    .where(or(sent, received));
  return { sent: row?.sent ?? 0, received: row?.received ?? 0 };
}

export async function listHistory(
  db: Db,
  userId: string,
  tab: 'all' | 'sent' | 'received',
  limit: number,
  offset: number,
) {
  const where =
    tab === 'sent'
      ? sentBy(userId)
      : tab === 'received'
        ? receivedBy(db, userId)
        : or(sentBy(userId), receivedBy(db, userId));
  return db
    .select({ shro: shros, creator: creatorColumns })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(where)
    .orderBy(desc(shros.createdAt), desc(shros.id))
    .limit(limit)
    .offset(offset);
}

/** The user's own picks among these Shros. */
export async function listOwnParticipations(db: Db, userId: string, shroIds: string[]) {
  if (shroIds.length === 0) return [];
  return db
    .select({ shroId: participations.shroId, boxId: participations.boxId, createdAt: participations.createdAt })
    .from(participations)
    .where(and(eq(participations.userId, userId), inArray(participations.shroId, shroIds)));
}
