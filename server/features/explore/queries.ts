import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { picks, shroBoxes, shros, users } from '../../db/schema/index';
import { boxIsFilledSql } from '../shros/queries';
import { visibleShroSql } from '../shros/visibility-sql';

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
 * Listed on explore: a Shro the viewer may see (`visibleShroSql`: not one of someone they have a
 * block with, decision 104, nor a suspended creator's, decision 107) that is also public, not
 * expired, and not waiting for review, reported or hidden by moderators. `is_public` is written as
 * the bare column so the planner matches the partial indexes (`… where is_public`).
 */
const listed = (window: ListWindow) =>
  and(
    sql`${shros.isPublic}`,
    eq(shros.moderationStatus, 'visible'),
    or(isNull(shros.expiresAt), gt(shros.expiresAt, window.now)),
    visibleShroSql(window.viewerId, window.now),
  )!;

/** Exactly this tag among the comma-separated ones (GIN index on the tag array). */
const hasTag = (tag: string) => sql`string_to_array(${shros.hashtags}, ',') @> array[${tag}]::text[]`;

/** `%term%` for ILIKE with the term's own `%`, `_` and `\` taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest public Shros first, optionally with one hashtag (uses shros_public_recent_idx). */
export async function listRecentPublic(db: Db, window: ListWindow & { hashtag: string | null }) {
  const where: SQL[] = [listed(window)];
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
 * Public Shros by recent picks: each pick of the last `windowStart..now` adds
 * 1 / (1 + age in days), so a pick today weighs 1, yesterday's ½, last week's ⅛. Shros nobody
 * picked lately follow, newest first; equal scores go newest first too.
 */
export async function listTrendingPublic(db: Db, window: ListWindow & { hashtag: string | null; windowStart: Date }) {
  const nowIso = window.now.toISOString();
  const recent = db
    .select({
      shroId: picks.shroId,
      score:
        sql<number>`sum(1.0 / (1 + extract(epoch from (${nowIso}::timestamptz - ${picks.createdAt})) / 86400.0))`.as(
          'score',
        ),
    })
    .from(picks)
    .where(and(gt(picks.createdAt, window.windowStart), lte(picks.createdAt, window.now)))
    .groupBy(picks.shroId)
    .as('recent');
  const where: SQL[] = [listed(window)];
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
    .where(and(listed(window), match))
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
