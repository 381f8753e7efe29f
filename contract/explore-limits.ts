import { SHRO_MESSAGES } from './shros';

/*
 * Explore's limits and messages, apart from its zod schemas (contract/explore.ts): the explore page
 * reads them without loading zod, as it submits no form (decision 094).
 */

/** Explore paging: `page` from 1, `pageSize` up to 50 (20 when not given). */
export const EXPLORE_PAGE_SIZE_DEFAULT = 20;
export const EXPLORE_PAGE_SIZE_MAX = 50;
/** Deep offsets get slow and nobody scrolls that far: pages beyond this are refused. */
export const EXPLORE_PAGE_MAX = 500;
/** docs/product.md §5/§9: search needs at least 3 characters. */
export const EXPLORE_SEARCH_MIN = 3;
export const EXPLORE_SEARCH_MAX = 100;
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
