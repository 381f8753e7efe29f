import { and, asc, desc, eq, gt, inArray, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participations, shroBoxes, shros, users } from '../../db/schema/index';
import { blockedEitherWaySql } from '../blocks/queries';
import { boxIsFilledSql } from '../shros/queries';

const cardColumns = {
  shro: shros,
  creator: { id: users.id, username: users.username, profileImageUrl: users.profileImageUrl },
};

export interface ListWindow {
  limit: number;
  offset: number;
  now: Date;
  /** Whose page it is: Shros of people they blocked or who blocked them stay out (decision 104). */
  viewerId: string;
}

/**
 * Listed on explore: public, not expired, and visible (not waiting for review, reported or hidden
 * by moderators). `is_public` is written as the bare column so the planner matches the partial
 * indexes (`… where is_public`).
 */
const listed = (now: Date) =>
  and(
    sql`${shros.isPublic}`,
    eq(shros.moderationStatus, 'visible'),
    or(isNull(shros.expiresAt), gt(shros.expiresAt, now)),
    // A suspended creator's Shros are off explore while the suspension lasts (every list joins the creator).
    or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
  );

/** Not created by someone the viewer blocked or who blocked the viewer. */
const notBlocked = (viewerId: string) => not(blockedEitherWaySql(shros.creatorId, viewerId));

/** Exactly this tag among the comma-separated ones (GIN index on the tag array). */
const hasTag = (tag: string) => sql`string_to_array(${shros.hashtags}, ',') @> array[${tag}]::text[]`;

/** `%term%` for ILIKE with the term's own `%`, `_` and `\` taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest public Shros first, optionally with one hashtag (uses shros_public_recent_idx). */
export async function listRecentPublic(db: Db, window: ListWindow & { hashtag: string | null }) {
  const where: SQL[] = [listed(window.now)!, notBlocked(window.viewerId)];
  if (window.hashtag) where.push(hasTag(window.hashtag));
  return db
    .select(cardColumns)
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(and(...where))
    .orderBy(desc(shros.createdAt), desc(shros.id))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * Public Shros by recent participation: each pick of the last `windowStart..now` adds
 * 1 / (1 + age in days), so a pick today weighs 1, yesterday's ½, last week's ⅛. Shros nobody
 * picked lately follow, newest first; equal scores go newest first too.
 */
export async function listTrendingPublic(db: Db, window: ListWindow & { hashtag: string | null; windowStart: Date }) {
  const nowIso = window.now.toISOString();
  const recent = db
    .select({
      shroId: participations.shroId,
      score:
        sql<number>`sum(1.0 / (1 + extract(epoch from (${nowIso}::timestamptz - ${participations.createdAt})) / 86400.0))`.as(
          'score',
        ),
    })
    .from(participations)
    .where(and(gt(participations.createdAt, window.windowStart), lte(participations.createdAt, window.now)))
    .groupBy(participations.shroId)
    .as('recent');
  const where: SQL[] = [listed(window.now)!, notBlocked(window.viewerId)];
  if (window.hashtag) where.push(hasTag(window.hashtag));
  return db
    .select({ ...cardColumns, score: sql<number>`coalesce(${recent.score}, 0)`.mapWith(Number) })
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .leftJoin(recent, eq(recent.shroId, shros.id))
    .where(and(...where))
    .orderBy(sql`coalesce(${recent.score}, 0) desc`, desc(shros.createdAt), desc(shros.id))
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * Public Shros whose title contains `q` or one of whose hashtags contains `tag`, ignoring case
 * (trigram indexes on both). Title matches come first, then newest first.
 */
export async function searchPublic(db: Db, window: ListWindow & { q: string; tag: string | null }) {
  const titleMatch = sql`${shros.title} ilike ${containing(window.q)}`;
  const match = window.tag ? or(titleMatch, sql`${shros.hashtags} ilike ${containing(window.tag)}`) : titleMatch;
  return db
    .select(cardColumns)
    .from(shros)
    .innerJoin(users, eq(users.id, shros.creatorId))
    .where(and(listed(window.now), notBlocked(window.viewerId), match))
    .orderBy(sql`(${titleMatch}) desc`, desc(shros.createdAt), desc(shros.id))
    .limit(window.limit)
    .offset(window.offset);
}

export type CardRow = Awaited<ReturnType<typeof listRecentPublic>>[number];

/**
 * Positions and commitments of these Shros' filled boxes (a two-option Shro shows two, as its
 * page does). Content columns are never even read: only whether they are set.
 */
export async function listCardBoxes(db: Db, shroIds: string[]) {
  if (shroIds.length === 0) return [];
  return db
    .select({
      id: shroBoxes.id,
      shroId: shroBoxes.shroId,
      position: shroBoxes.position,
      commitment: shroBoxes.commitment,
    })
    .from(shroBoxes)
    .where(and(inArray(shroBoxes.shroId, shroIds), boxIsFilledSql))
    .orderBy(asc(shroBoxes.shroId), asc(shroBoxes.position));
}
