import { posterUrl, type TitleKind, type TitleSearchResult } from '@contract/catalog';
import { BOXES_PER_SHRO } from '@contract/shros';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Film, Plus, Star, Trophy, Tv, X } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/ui/card';
import { boxGradient } from '@/lib/box-style';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { playSound } from '@/lib/sounds';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { TITLE_SEARCH_MIN_LENGTH, useTitleSearch } from '../../api/search-titles';
import { yearOf } from '../../utils/year-of';
import { PickerSearch } from './picker-search';

/** docs/product.md §5: search only after more than 2 characters, debounced 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;

/** Movie or TV picker: search (first 8 results, posters) and up to 4 picks, one per box. */
export function TitlePicker({
  kind,
  picks,
  winningBox,
  onAdd,
  onRemove,
}: {
  kind: TitleKind;
  picks: TitleSearchResult[];
  winningBox: number | null;
  onAdd: (title: TitleSearchResult) => void;
  onRemove: (id: number) => void;
}) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const search = useTitleSearch(kind, term);
  const movies = kind === 'movie';
  const full = picks.length >= BOXES_PER_SHRO;
  const Icon = kind === 'movie' ? Film : Tv;
  const typing = query.trim() !== term;

  return (
    <div className="space-y-4">
      {/* Poster beside its title, the remove button under the title: nothing covers the title,
          and long titles wrap at word boundaries instead of being cut. */}
      <ol className="grid grid-cols-2 gap-2 lg:grid-cols-4" aria-label={movies ? t`Chosen movies` : t`Chosen TV shows`}>
        {Array.from({ length: BOXES_PER_SHRO }, (_, i) => {
          const pick = picks[i];
          const position = i + 1;
          const name = pick?.title;
          const poster = posterUrl(pick?.poster_path);
          const isWinning = winningBox === i + 1;
          return (
            <li
              key={pick?.id ?? `empty-${i}`}
              className={cn(
                'flex min-h-[84px] gap-1.5 rounded-xl border p-1.5',
                pick ? 'border-border bg-base/50' : 'border-dashed border-border/80 bg-base/30',
                isWinning && 'ring-2 ring-amber-300',
              )}
            >
              <div className="relative h-[72px] w-12 shrink-0 overflow-hidden rounded-lg">
                {pick && poster ? (
                  <img src={poster} alt="" className="size-full object-cover" />
                ) : (
                  <div
                    className={cn(
                      'flex size-full items-center justify-center',
                      pick ? cn('bg-gradient-to-br', boxGradient(i + 1)) : 'text-muted',
                    )}
                  >
                    {pick ? (
                      <Icon className="size-6 text-white" aria-hidden="true" />
                    ) : (
                      <span className="text-lg font-black">{i + 1}</span>
                    )}
                  </div>
                )}
              </div>
              <div className="flex min-w-0 flex-1 flex-col">
                <div className="flex items-start justify-between gap-1">
                  <p className="flex items-center gap-1 pt-0.5 text-[10px] font-semibold uppercase tracking-wide text-muted">
                    <Trans>Box {position}</Trans>
                    {isWinning && <Trophy className="size-3.5 text-amber-300" aria-label={t`Winning box`} />}
                  </p>
                  {pick && (
                    <button
                      type="button"
                      onClick={() => onRemove(pick.id)}
                      aria-label={t`Remove ${name}`}
                      title={t`Remove`}
                      className="relative -me-0.5 -mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-zinc-300 before:absolute before:-inset-1 hover:bg-white/10 hover:text-white"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  )}
                </div>
                {pick ? (
                  <p
                    className="line-clamp-4 text-xs font-semibold leading-snug text-white break-words hyphens-auto"
                    title={pick.title}
                  >
                    {pick.title}
                  </p>
                ) : (
                  <p className="text-xs text-muted">
                    <Trans>Empty</Trans>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ol>

      <PickerSearch
        full={full}
        id={`${kind}-search`}
        label={movies ? t`Search movies` : t`Search TV shows`}
        placeholder={movies ? t`e.g. Inception` : t`e.g. Breaking Bad`}
        query={query}
        onQueryChange={setQuery}
        adornment={
          (search.isFetching || typing) &&
          query.trim().length >= TITLE_SEARCH_MIN_LENGTH && (
            <Spinner className="absolute end-3.5 top-1/2 size-4 -translate-y-1/2" label={t`Searching`} />
          )
        }
      >
        {query.trim().length > 0 && query.trim().length < TITLE_SEARCH_MIN_LENGTH && (
          <p className="text-xs text-muted">
            <Trans>Type at least 3 characters to search</Trans>
          </p>
        )}
        {search.isError && (
          <p role="alert" className="text-sm text-red-300">
            {errorMessage(search.error, i18n, t`Search failed. Please try again.`)}
          </p>
        )}
        {search.data && term.length >= TITLE_SEARCH_MIN_LENGTH && (
          <ul
            className="max-h-96 space-y-1.5 overflow-y-auto pe-1"
            aria-label={movies ? t`movies results` : t`TV shows results`}
          >
            {search.data.length === 0 && (
              <li className="px-1 py-3 text-sm text-muted">
                {movies ? <Trans>No movies found for "{term}".</Trans> : <Trans>No TV shows found for "{term}".</Trans>}
              </li>
            )}
            {search.data.map((result) => {
              const picked = picks.some((p) => p.id === result.id);
              const poster = posterUrl(result.poster_path);
              const name = result.title;
              const year = yearOf(result.release_date);
              return (
                <li key={result.id}>
                  <button
                    type="button"
                    disabled={picked}
                    onClick={() => {
                      playSound('click');
                      onAdd(result);
                    }}
                    aria-label={
                      picked
                        ? year
                          ? t`Added ${name} (${year})`
                          : t`Added ${name}`
                        : year
                          ? t`Add ${name} (${year})`
                          : t`Add ${name}`
                    }
                    className="flex w-full items-center gap-3 rounded-xl border border-transparent bg-base/40 p-2 text-start transition-colors hover:border-brand/50 hover:bg-surface-2 disabled:opacity-60"
                  >
                    <span className="h-16 w-11 shrink-0 overflow-hidden rounded-lg bg-surface-2">
                      {poster && <img src={poster} alt="" loading="lazy" className="size-full object-cover" />}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold">{result.title}</span>
                      <span className="flex items-center gap-2 text-xs text-muted">
                        {yearOf(result.release_date)}
                        {result.vote_average ? (
                          <span className="inline-flex items-center gap-0.5">
                            <Star className="size-3 fill-amber-300 text-amber-300" aria-hidden="true" />
                            {i18n.number(result.vote_average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                          </span>
                        ) : null}
                      </span>
                    </span>
                    <span
                      className={cn(
                        'flex size-9 shrink-0 items-center justify-center rounded-full',
                        picked ? 'bg-emerald-500/20 text-emerald-300' : 'bg-brand/20 text-purple-200',
                      )}
                      aria-hidden="true"
                    >
                      {picked ? <Check className="size-4" /> : <Plus className="size-4" />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </PickerSearch>
    </div>
  );
}
