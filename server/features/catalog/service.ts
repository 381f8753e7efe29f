import sharp from 'sharp';
import { z } from 'zod';
import { offlinePosterPath, type TitleKind, type TitleSearchResult } from '../../../contract/catalog';
import { badRequest, notFound, SERVER_MESSAGES } from '../../lib/http-errors';
import { LruCache } from '../../lib/lru-cache';
import { offlineMovies } from './offline-movies';
import type { OfflineTitle } from './offline-title';
import { offlineTv } from './offline-tv';
import { buildPosterSvg } from './poster-svg';

export type SearchTitlesOptions = {
  /** TMDB v3 API key; without one the offline catalogue answers. */
  apiKey?: string;
  /** TMDB API root, e.g. `https://api.themoviedb.org/3`. */
  baseUrl: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Told why TMDB could not answer before the offline catalogue stands in. */
  onFallback?: (error: unknown) => void;
};

const MIN_QUERY_LENGTH = 3;
const MAX_QUERY_LENGTH = 100;
/** docs/product.md §9: first 8 results shown. */
const MAX_RESULTS = 8;
/** docs/product.md §7/§9: search results cached 5 minutes. */
export const SEARCH_CACHE_TTL_MS = 5 * 60 * 1000;
const SEARCH_CACHE_MAX_ENTRIES = 500;
const TMDB_TIMEOUT_MS = 5000;
const POSTER_CACHE_MAX_ENTRIES = 300;

const offlineCatalogues: Record<TitleKind, ReadonlyArray<OfflineTitle>> = { movie: offlineMovies, tv: offlineTv };
const searchCache = new LruCache<TitleSearchResult[]>(SEARCH_CACHE_MAX_ENTRIES, SEARCH_CACHE_TTL_MS);
/** A poster never changes for a given id: kept until evicted. */
const posterCache = new LruCache<Buffer>(POSTER_CACHE_MAX_ENTRIES, Number.POSITIVE_INFINITY);

/** Searches movies or TV shows on TMDB when a key is set, else (or when TMDB fails) offline. */
export async function searchTitles(
  kind: TitleKind,
  query: string,
  opts: SearchTitlesOptions,
): Promise<TitleSearchResult[]> {
  const trimmed = query.trim();
  if (trimmed.length < MIN_QUERY_LENGTH) throw badRequest(SERVER_MESSAGES.searchTooShort);
  if (trimmed.length > MAX_QUERY_LENGTH) {
    throw badRequest(`Search query must be at most ${MAX_QUERY_LENGTH} characters`);
  }
  if (!opts.apiKey) return searchOffline(kind, trimmed);

  const { apiKey, baseUrl } = opts;
  const now = opts.now ?? Date.now;
  const cacheKey = `${kind}:${trimmed.toLowerCase()}`;
  try {
    return await searchCache.getOrLoad(
      cacheKey,
      () => searchTmdb(kind, trimmed, apiKey, baseUrl, opts.fetchImpl ?? fetch),
      now(),
    );
  } catch (error) {
    // A failed load is not cached: the next search tries TMDB again.
    opts.onFallback?.(error);
    return searchOffline(kind, trimmed);
  }
}

/** Empties the TMDB result cache (tests, or after changing the key). */
export function clearTitleSearchCache(): void {
  searchCache.clear();
}

/** Renders (once, then from memory) the placeholder PNG poster of an offline catalogue title. */
export async function renderPoster(kind: TitleKind, id: number): Promise<Buffer> {
  const title = offlineCatalogues[kind].find((entry) => entry.id === id);
  if (!title) throw notFound(SERVER_MESSAGES.posterNotFound);
  // The cache keeps the rendering promise, so simultaneous requests for one poster render it once.
  return posterCache.getOrLoad(`${kind}:${id}`, () =>
    sharp(Buffer.from(buildPosterSvg(kind, title)))
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

const tmdbResponseSchema = z.object({
  results: z.array(
    z.looseObject({
      id: z.number().int(),
      title: z.string().nullish(),
      name: z.string().nullish(),
      original_title: z.string().nullish(),
      original_name: z.string().nullish(),
      poster_path: z.string().nullish(),
      release_date: z.string().nullish(),
      first_air_date: z.string().nullish(),
      vote_average: z.number().nullish(),
    }),
  ),
});

async function searchTmdb(
  kind: TitleKind,
  query: string,
  apiKey: string,
  baseUrl: string,
  fetchImpl: typeof fetch,
): Promise<TitleSearchResult[]> {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search/${kind}`);
  url.searchParams.set('query', query);
  url.searchParams.set('include_adult', 'false');
  url.searchParams.set('api_key', apiKey);

  const response = await fetchImpl(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TMDB_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`TMDB answered ${response.status} ${response.statusText}`);
  const body = tmdbResponseSchema.parse(await response.json());

  return body.results.slice(0, MAX_RESULTS).map((result) => ({
    id: result.id,
    title: (kind === 'movie' ? (result.title ?? result.original_title) : (result.name ?? result.original_name)) ?? '',
    poster_path: result.poster_path || null,
    release_date: (kind === 'movie' ? result.release_date : result.first_air_date) ?? '',
    vote_average: result.vote_average ?? 0,
  }));
}

/** Lowercase without accents, so "amelie" finds "Amélie". */
function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Letters and digits only, so "spiderman" finds "Spider-Man". */
function compact(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '');
}

/** 0 title starts with the query, 1 a word does, 2 it appears anywhere, 3 ignoring punctuation; null no match. */
function matchRank(title: string, query: string, compactQuery: string): number | null {
  if (title.startsWith(query)) return 0;
  let index = title.indexOf(query);
  if (index >= 0) {
    while (index >= 0) {
      if (!/[\p{L}\p{N}]/u.test(title.charAt(index - 1))) return 1;
      index = title.indexOf(query, index + 1);
    }
    return 2;
  }
  if (compactQuery.length >= MIN_QUERY_LENGTH && compact(title).includes(compactQuery)) return 3;
  return null;
}

function searchOffline(kind: TitleKind, query: string): TitleSearchResult[] {
  const needle = normalise(query);
  const compactNeedle = compact(needle);
  const ranked: Array<{ entry: OfflineTitle; rank: number }> = [];
  for (const entry of offlineCatalogues[kind]) {
    const rank = matchRank(normalise(entry.title), needle, compactNeedle);
    if (rank !== null) ranked.push({ entry, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank || b.entry.voteAverage - a.entry.voteAverage || a.entry.title.localeCompare(b.entry.title),
  );
  return ranked.slice(0, MAX_RESULTS).map(({ entry }) => ({
    id: entry.id,
    title: entry.title,
    poster_path: offlinePosterPath(kind, entry.id),
    release_date: entry.releaseDate,
    vote_average: entry.voteAverage,
  }));
}
