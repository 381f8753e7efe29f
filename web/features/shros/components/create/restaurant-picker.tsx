import { type RestaurantEntry, restaurantCategories, searchRestaurants } from '@contract/restaurants';
import { BOXES_PER_SHRO } from '@contract/shros';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trophy, UtensilsCrossed, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { boxGradient } from '@/lib/box-style';
import { cn } from '@/lib/cn';
import { playSound } from '@/lib/sounds';
import { PickerSearch } from './picker-search';

/** Where to Eat: search the built-in catalogue (first 20 matches), pick 4; chosen ones drop out of the list. */
export function RestaurantPicker({
  picks,
  winningBox,
  onAdd,
  onRemove,
}: {
  picks: RestaurantEntry[];
  winningBox: number | null;
  onAdd: (restaurant: RestaurantEntry) => void;
  onRemove: (name: string) => void;
}) {
  const { t } = useLingui();
  const addLabel = (name: string) => t`Add ${name}`;
  const [query, setQuery] = useState('');
  const full = picks.length >= BOXES_PER_SHRO;
  const results = useMemo(
    () =>
      searchRestaurants(
        query,
        picks.map((p) => p.name),
      ),
    [query, picks],
  );

  return (
    <div className="space-y-4">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t`Chosen restaurants`}>
        {Array.from({ length: BOXES_PER_SHRO }, (_, i) => {
          const pick = picks[i];
          const position = i + 1;
          const name = pick?.name;
          return (
            <li
              key={pick?.name ?? `empty-${i}`}
              className={cn(
                'relative flex min-h-20 flex-col justify-center rounded-xl border p-3',
                pick ? 'border-border bg-surface-2/60' : 'border-dashed border-border/80 bg-base/40 text-muted',
                winningBox === i + 1 && 'ring-2 ring-amber-300',
              )}
            >
              {pick ? (
                <>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mb-1 flex size-6 items-center justify-center rounded-md bg-gradient-to-br text-[11px] font-black text-white',
                      boxGradient(i + 1),
                    )}
                  >
                    {i + 1}
                  </span>
                  <span className="pe-6 text-sm font-semibold leading-tight">{pick.name}</span>
                  <span className="text-xs text-muted">{pick.category}</span>
                  <button
                    type="button"
                    onClick={() => onRemove(pick.name)}
                    aria-label={t`Remove ${name}`}
                    className="absolute end-0.5 top-0.5 flex size-10 items-center justify-center rounded-full text-zinc-300 hover:bg-base/60"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                  {winningBox === i + 1 && (
                    <Trophy className="absolute bottom-2 end-2 size-4 text-amber-300" aria-label={t`Winning box`} />
                  )}
                </>
              ) : (
                <span className="text-center text-xs">
                  <Trans>Box {position}</Trans>
                </span>
              )}
            </li>
          );
        })}
      </ol>

      <PickerSearch
        full={full}
        id="restaurant-search"
        label={t`Search restaurants`}
        placeholder={t`Name or kind of food`}
        query={query}
        onQueryChange={setQuery}
      >
        <div className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
          {restaurantCategories.map((category) => (
            <button
              key={category}
              type="button"
              aria-pressed={query === category}
              onClick={() => setQuery(query === category ? '' : category)}
              className={cn(
                'relative h-9 shrink-0 rounded-full border px-3 text-xs font-semibold transition-colors before:absolute before:-inset-y-1 before:inset-x-0',
                query === category
                  ? 'border-brand bg-brand/20 text-white'
                  : 'border-border/70 text-zinc-300 hover:border-brand/60',
              )}
            >
              {category}
            </button>
          ))}
        </div>
        <ul className="grid max-h-80 gap-1.5 overflow-y-auto pe-1 sm:grid-cols-2" aria-label={t`Restaurant results`}>
          {results.length === 0 && (
            <li className="px-1 py-3 text-sm text-muted">
              <Trans>No restaurants match "{query}".</Trans>
            </li>
          )}
          {results.map((restaurant) => (
            <li key={restaurant.name}>
              <button
                type="button"
                onClick={() => {
                  playSound('click');
                  onAdd(restaurant);
                }}
                aria-label={addLabel(restaurant.name)}
                className="flex min-h-12 w-full items-center gap-3 rounded-xl bg-base/40 px-3 py-2 text-start transition-colors hover:bg-surface-2"
              >
                <UtensilsCrossed className="size-4 shrink-0 text-purple-300" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{restaurant.name}</span>
                  <span className="block text-xs text-muted">{restaurant.category}</span>
                </span>
                <Plus className="size-4 shrink-0 text-muted" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      </PickerSearch>
    </div>
  );
}
