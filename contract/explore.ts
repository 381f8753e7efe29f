import { z } from 'zod';
import {
  EXPLORE_MESSAGES,
  EXPLORE_PAGE_MAX,
  EXPLORE_PAGE_SIZE_DEFAULT,
  EXPLORE_PAGE_SIZE_MAX,
  EXPLORE_SEARCH_MAX,
  EXPLORE_SEARCH_MIN,
} from './explore-limits';
import { HASHTAG_MAX_LENGTH, SHRO_STATUSES, SHRO_TYPES } from './shros';

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
const exploreBoxSchema = z.object({ id: z.number(), position: z.number(), commitment: z.string() });

/** One explore card (docs/product.md §2 Explore). */
const exploreCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(SHRO_TYPES),
  status: z.enum(SHRO_STATUSES),
  creator: z.object({ id: z.string(), username: z.string(), profileImageUrl: z.string().nullable() }),
  createdAt: z.string(),
  participantCount: z.number(),
  /** Comma-separated, lower case, as everywhere (docs/product.md §3). */
  hashtags: z.string().nullable(),
  boxes: z.array(exploreBoxSchema),
});
export type ExploreCard = z.output<typeof exploreCardSchema>;

/** Every explore list answers one page of cards; `hasMore` tells whether a next page exists. */
export const explorePageSchema = z.object({
  items: z.array(exploreCardSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type ExplorePage = z.output<typeof explorePageSchema>;
