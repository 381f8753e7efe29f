import type { Shro } from '@contract/shro-views';
import { Trans, useLingui } from '@lingui/react/macro';
import { MysteryBoxArt } from '@/components/mystery-box-art';
import { cn } from '@/lib/cn';
import { filledBoxes } from '../../utils/option-count';

/**
 * The closed boxes a participant picks from (docs/product.md §2 "Mystery Box #n"): four, or as many as the
 * creator filled. One pick only.
 */
export function PickGrid({
  shro,
  pendingId,
  onPick,
  onReach,
}: {
  shro: Shro;
  /** The box being opened (request in flight). */
  pendingId: number | null;
  onPick: (boxId: number) => void;
  /** The viewer reaches for a box (pointer over it, focus, press): what opening one needs can start loading. */
  onReach?: () => void;
}) {
  const { t } = useLingui();
  const busy = pendingId !== null;
  // Only the filled boxes are offered (decision 003); the empty ones stay the creator's business.
  const boxes = filledBoxes(shro.boxes);
  return (
    <section aria-labelledby="pick-heading" className="mt-8">
      <h2 id="pick-heading" className="text-center text-sm font-semibold uppercase tracking-[0.2em] text-purple-200">
        <Trans>Choose one box</Trans>
      </h2>
      <ul
        className={cn(
          'mx-auto mt-5 grid max-w-md grid-cols-2 gap-4 sm:gap-5',
          boxes.length === 1 && 'max-w-48 grid-cols-1',
          boxes.length === 3 && 'sm:max-w-2xl sm:grid-cols-3',
          boxes.length === 4 && 'sm:max-w-3xl sm:grid-cols-4',
        )}
      >
        {boxes.map((box) => {
          const pending = pendingId === box.id;
          const position = box.position;
          const label = t`Mystery Box #${position}`;
          return (
            <li key={box.id}>
              <button
                type="button"
                disabled={busy}
                aria-busy={pending || undefined}
                aria-label={label}
                onClick={() => onPick(box.id)}
                onPointerEnter={onReach}
                onPointerDown={onReach}
                onFocus={onReach}
                className={cn(
                  'group flex w-full flex-col items-center gap-3 rounded-3xl border border-border/60 bg-surface/60 p-4 pt-5 shadow-lg shadow-black/20 transition-all',
                  'hover:-translate-y-1 hover:border-brand/70 hover:bg-surface-2/80 hover:shadow-brand/20 focus-visible:border-brand',
                  'disabled:cursor-not-allowed disabled:hover:translate-y-0',
                  busy && !pending && 'opacity-50',
                  pending && 'border-brand bg-surface-2/80',
                )}
              >
                <MysteryBoxArt
                  position={box.position}
                  motion={pending ? 'wobble' : 'float'}
                  className="max-w-36 transition-transform group-hover:scale-105"
                />
                <span className="text-sm font-bold">{label}</span>
                {pending && (
                  <span className="-mt-2 text-xs text-purple-200">
                    <Trans>Opening...</Trans>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
