/** One entry of the built-in catalogue used when TMDB is not configured or not reachable. */
export type OfflineTitle = {
  id: number;
  title: string;
  /** `YYYY-MM-DD`; the first air date for TV. */
  releaseDate: string;
  /** 0 to 10, one decimal, like TMDB's `vote_average`. */
  voteAverage: number;
  genre: string;
};
