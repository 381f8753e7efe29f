import type { ExploreCard, ExplorePage, ExploreQuery, ExploreSearchQuery } from '../../../contract/explore';
import { TRENDING_WINDOW_DAYS } from '../../../contract/explore-limits';
import type { Db } from '../../db/client';
import { viewerStatus } from '../shros/present';
import { type CardRow, listCardBoxes, listRecentPublic, listTrendingPublic, searchPublic } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One page of rows (fetched one longer than the page to know if another follows) as cards. */
async function toPage(
  db: Db,
  rows: CardRow[],
  paging: { page: number; pageSize: number },
  now: Date,
): Promise<ExplorePage> {
  const pageRows = rows.slice(0, paging.pageSize);
  const boxes = await listCardBoxes(
    db,
    pageRows.map((r) => r.shro.id),
  );
  const items: ExploreCard[] = pageRows.map(({ shro, creator }) => ({
    id: shro.id,
    title: shro.title,
    type: shro.type,
    // Everyone sees a card as a visitor would: a public Shro reads waiting ("Active") until it expires.
    status: viewerStatus(shro, 'visitor', null, now),
    creator: { id: creator.id, username: creator.username, profileImageUrl: creator.profileImageUrl },
    createdAt: shro.createdAt.toISOString(),
    participantCount: shro.participantCount,
    hashtags: shro.hashtags,
    boxes: boxes
      .filter((b) => b.shroId === shro.id)
      .map((b) => ({ id: b.id, position: b.position, commitment: b.commitment })),
  }));
  return { items, page: paging.page, pageSize: paging.pageSize, hasMore: rows.length > paging.pageSize };
}

const windowOf = (paging: { page: number; pageSize: number }, viewerId: string, now: Date) => ({
  limit: paging.pageSize + 1,
  offset: (paging.page - 1) * paging.pageSize,
  now,
  viewerId,
});

/** GET /api/explore: the newest public Shros, optionally with one hashtag. */
export async function listRecent(
  db: Db,
  viewerId: string,
  query: ExploreQuery,
  now = new Date(),
): Promise<ExplorePage> {
  const rows = await listRecentPublic(db, { ...windowOf(query, viewerId, now), hashtag: query.hashtag });
  return toPage(db, rows, query, now);
}

/** GET /api/explore/trending: public Shros ranked by their picks of the last 7 days, recent picks weighing more. */
export async function listTrending(
  db: Db,
  viewerId: string,
  query: ExploreQuery,
  now = new Date(),
): Promise<ExplorePage> {
  const windowStart = new Date(now.getTime() - TRENDING_WINDOW_DAYS * DAY_MS);
  const rows = await listTrendingPublic(db, { ...windowOf(query, viewerId, now), hashtag: query.hashtag, windowStart });
  return toPage(db, rows, query, now);
}

/** GET /api/explore/search: title or hashtag contains the term, any case. */
export async function searchExplore(
  db: Db,
  viewerId: string,
  query: ExploreSearchQuery,
  now = new Date(),
): Promise<ExplorePage> {
  const rows = await searchPublic(db, { ...windowOf(query, viewerId, now), q: query.q, tag: query.tag });
  return toPage(db, rows, query, now);
}
