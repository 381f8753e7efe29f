import { z } from 'zod';
import { HASHTAG_MAX_LENGTH, SHRO_MESSAGES, type ShroStatus, type ShroType } from './shros';

/** Explore paging: `page` from 1, `pageSize` up to 50 (20 when not given). */
const EXPLORE_PAGE_SIZE_DEFAULT = 20;
const EXPLORE_PAGE_SIZE_MAX = 50;
/** Deep offsets get slow and nobody scrolls that far: pages beyond this are refused. */
const EXPLORE_PAGE_MAX = 500;
/** docs/product.md §5/§9: search needs at least 3 characters. */
export const EXPLORE_SEARCH_MIN = 3;
const EXPLORE_SEARCH_MAX = 100;
/** Trending counts picks of the last 7 days, each weighing less the older it is. */
export const TRENDING_WINDOW_DAYS = 7;
/** docs/product.md §9: explore cards show 4 boxes and 2 hashtags; 10 skeleton cards while loading. */
export const EXPLORE_SKELETON_CARDS = 10;
/** docs/product.md §9: explore and trending poll every 30 s and stay fresh 30 s; search stays fresh 1 minute. */
export const EXPLORE_POLL_MS = 30_000;
export const EXPLORE_STALE_MS = 30_000;
export const EXPLORE_SEARCH_STALE_MS = 60_000;
export const EXPLORE_SEARCH_DEBOUNCE_MS = 300;

export const EXPLORE_MESSAGES = {
  searchTooShort: 'Type at least 3 characters to search',
  searchTooLong: `Search terms can be at most ${EXPLORE_SEARCH_MAX} characters`,
  page: `page must be a whole number from 1 to ${EXPLORE_PAGE_MAX}`,
  pageSize: `pageSize must be a whole number from 1 to ${EXPLORE_PAGE_SIZE_MAX}`,
  hashtag: SHRO_MESSAGES.hashtagInvalid,
} as const;

/** A query-string whole number within bounds; anything else (text, decimals, repeats) is refused. */
const boundedInt = (min: number, max: number, fallback: number, message: string) =>
  z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string({ error: message })
        .regex(/^\d{1,6}$/, message)
        .transform(Number)
        .pipe(z.number().int().min(min, message).max(max, message))
        .optional(),
    )
    .transform((v) => v ?? fallback);

/** A hashtag as the filter takes it: `#` and case do not matter; stored tags are lower case. */
const hashtagFilterSchema = z
  .string({ error: EXPLORE_MESSAGES.hashtag })
  .trim()
  .transform((v) => v.replace(/^#+/, '').toLowerCase())
  .pipe(
    z
      .string()
      .max(HASHTAG_MAX_LENGTH, EXPLORE_MESSAGES.hashtag)
      .regex(/^[\p{L}\p{N}_]*$/u, EXPLORE_MESSAGES.hashtag),
  )
  .optional()
  .transform((v) => v || null);

const pagingShape = {
  page: boundedInt(1, EXPLORE_PAGE_MAX, 1, EXPLORE_MESSAGES.page),
  pageSize: boundedInt(1, EXPLORE_PAGE_SIZE_MAX, EXPLORE_PAGE_SIZE_DEFAULT, EXPLORE_MESSAGES.pageSize),
};

/** GET /api/explore and /api/explore/trending. */
export const exploreQuerySchema = z.object({ ...pagingShape, hashtag: hashtagFilterSchema });
export type ExploreQuery = z.output<typeof exploreQuerySchema>;

const searchTerm = z
  .string({ error: EXPLORE_MESSAGES.searchTooShort })
  .trim()
  .min(EXPLORE_SEARCH_MIN, EXPLORE_MESSAGES.searchTooShort)
  .max(EXPLORE_SEARCH_MAX, EXPLORE_MESSAGES.searchTooLong);

/**
 * GET /api/explore/search?q=&hashtag= (docs/product.md §7: the web gives both the same term). A Shro
 * matches when its title contains `q` or one of its hashtags contains `hashtag`, ignoring case.
 * `q` is required (3–100 characters after trimming); `hashtag` defaults to `q`.
 */
export const exploreSearchQuerySchema = z
  .object({
    ...pagingShape,
    q: searchTerm.optional(),
    hashtag: z.string({ error: EXPLORE_MESSAGES.searchTooShort }).optional(),
  })
  .transform((input, ctx) => {
    const q = input.q ?? (input.hashtag !== undefined ? input.hashtag.trim() : undefined);
    if (q === undefined || q.length < EXPLORE_SEARCH_MIN) {
      ctx.addIssue({ code: 'custom', message: EXPLORE_MESSAGES.searchTooShort });
      return z.NEVER;
    }
    if (q.length > EXPLORE_SEARCH_MAX) {
      ctx.addIssue({ code: 'custom', message: EXPLORE_MESSAGES.searchTooLong });
      return z.NEVER;
    }
    // Hashtags hold letters, digits and "_" only: drop "#", spaces and the like from the tag term.
    const tag = (input.hashtag ?? q)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_]/gu, '')
      .slice(0, EXPLORE_SEARCH_MAX);
    return { page: input.page, pageSize: input.pageSize, q, tag: tag || null };
  });
export type ExploreSearchQuery = z.output<typeof exploreSearchQuerySchema>;

/** A box on an explore card: where it sits and its public commitment; never its content. */
interface ExploreBox {
  id: number;
  position: number;
  commitment: string;
}

/** One explore card (docs/product.md §2 Explore). */
export interface ExploreCard {
  id: string;
  title: string;
  type: ShroType;
  status: ShroStatus;
  creator: { id: string; username: string; profileImageUrl: string | null };
  createdAt: string;
  participantCount: number;
  /** Comma-separated, lower case, as everywhere (docs/product.md §3). */
  hashtags: string | null;
  boxes: ExploreBox[];
}

/** Every explore list answers one page of cards; `hasMore` tells whether a next page exists. */
export interface ExplorePage {
  items: ExploreCard[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
