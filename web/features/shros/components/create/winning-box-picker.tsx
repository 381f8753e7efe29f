import { BOXES_PER_SHRO } from '@contract/shros';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trophy } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The optional winning box: one of the filled boxes; pressing it again clears it (docs/product.md §4). */
export function WinningBoxPicker({
  filled,
  winningBox,
  onToggle,
}: {
  filled: number[];
  winningBox: number | null;
  onToggle: (position: number) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        <Trans>Winning box (optional)</Trans>
      </legend>
      <p className="mb-2 text-xs text-muted">
        <Trans>Mark the box you hope they find. Guessing it counts toward the Lucky Guesser achievement.</Trans>
      </p>
      <div className="grid grid-cols-4 gap-2">
        {Array.from({ length: BOXES_PER_SHRO }, (_, i) => {
          const position = i + 1;
          const active = winningBox === position;
          return (
            <button
              key={position}
              type="button"
              aria-pressed={active}
              aria-label={t`Winning box: Box ${position}`}
              disabled={!filled.includes(position)}
              onClick={() => onToggle(position)}
              className={cn(
                'flex h-12 items-center justify-center gap-1.5 rounded-xl border text-sm font-bold transition-all disabled:cursor-not-allowed disabled:opacity-40',
                active
                  ? 'border-amber-300 bg-amber-300 text-amber-950 shadow-lg shadow-amber-300/20'
                  : 'border-border/70 bg-base/40 text-zinc-200 hover:border-amber-300/60',
              )}
            >
              <Trophy className="size-4" aria-hidden="true" />
              {position}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
