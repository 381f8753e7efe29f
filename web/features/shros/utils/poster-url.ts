/** TMDB's image service at the spec's w500 size (docs/product.md §3). */
const TMDB_POSTER_BASE = 'https://image.tmdb.org/t/p/w500';

/** A search result's `poster_path` as an image URL: TMDB paths on TMDB, our own `/api/...` posters as they are. */
export function posterUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (path.startsWith('/api/') || path.startsWith('https://')) return path;
  return `${TMDB_POSTER_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}

export const yearOf = (date: string | null | undefined) => (date ? date.slice(0, 4) : '');
