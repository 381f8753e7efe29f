import { z } from 'zod';
import { notFoundWhenInvalid } from './validation';

/** The two kinds of title the movie/TV search covers (docs/product.md §7 `/api/tmdb/search/:kind`). */
const titleKinds = ['movie', 'tv'] as const;
export type TitleKind = (typeof titleKinds)[number];

/** docs/product.md §3 "Movie or TV search result"; snake_case because these are TMDB's field names. */
const titleSearchResultSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  poster_path: z.string().nullable(),
  release_date: z.string(),
  vote_average: z.number(),
});
export type TitleSearchResult = z.infer<typeof titleSearchResultSchema>;

/** Answer of GET /api/tmdb/search/:kind. */
export const titleSearchResponseSchema = z.object({ results: z.array(titleSearchResultSchema) });

/** Where TMDB's posters come from: the one image origin besides ours that pages may load (the CSP's `img-src`). */
export const TMDB_IMAGE_ORIGIN = 'https://image.tmdb.org';
/** TMDB's image service at the spec's w500 size (docs/product.md §3). */
const TMDB_POSTER_BASE = `${TMDB_IMAGE_ORIGIN}/t/p/w500`;

/** Where the offline catalogue's placeholder poster of a title is served. */
export const offlinePosterPath = (kind: TitleKind, id: number) => `/api/catalog/posters/${kind}/${id}.png`;

/** A search result's `poster_path` as an image URL: TMDB paths on TMDB's CDN, our own `/api/…` posters and full URLs as they are. */
export function posterUrl(posterPath: string | null | undefined): string | null {
  if (!posterPath) return null;
  if (posterPath.startsWith('/api/') || /^https?:\/\//.test(posterPath)) return posterPath;
  return `${TMDB_POSTER_BASE}${posterPath.startsWith('/') ? '' : '/'}${posterPath}`;
}

/** Movie/TV box images: TMDB's image CDN, or the offline catalogue's own placeholder posters. */
export function isAllowedPosterUrl(url: string): boolean {
  return (
    /^https:\/\/image\.tmdb\.org\/t\/p\/[A-Za-z0-9_]+\/[A-Za-z0-9_-]+\.(?:jpe?g|png|webp|svg)$/.test(url) ||
    /^\/api\/catalog\/posters\/(?:movie|tv)\/\d{1,9}\.png$/.test(url)
  );
}

/** Path of GET /api/tmdb/search/:kind. */
export const titleSearchParamsSchema = z.object({
  kind: z.enum(titleKinds, { error: 'Search type must be "movie" or "tv"' }),
});

/** Query of GET /api/tmdb/search/:kind; the search itself asks for at least 3 characters. */
export const titleSearchQuerySchema = z.object({
  query: z.string({ error: 'query must be given once, as text' }).optional().default(''),
});

/** Path of an offline placeholder poster (`offlinePosterPath`): anything else names no poster. */
export const posterParamsSchema = z
  .object({ kind: z.enum(titleKinds), file: z.string().regex(/^\d{1,9}\.png$/) })
  .register(notFoundWhenInvalid, { message: 'Poster not found' });
