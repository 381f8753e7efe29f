import type { ShroStatus } from '@contract/shros';
import { cn } from '@/lib/cn';

/** docs/product.md §4 list colours: waiting blue, selected yellow, revealed green; expired grey. */
const badges: Record<ShroStatus, { text: string; className: string }> = {
  waiting: { text: 'Waiting for selection', className: 'border-sky-400/40 bg-sky-500/15 text-sky-200' },
  selected: { text: 'Selection made', className: 'border-yellow-400/40 bg-yellow-400/15 text-yellow-200' },
  revealed: { text: 'Revealed', className: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200' },
  expired: { text: 'Expired', className: 'border-zinc-400/40 bg-zinc-500/20 text-zinc-300' },
};

/** `text` replaces the list's text where it would not fit (see openPicksText). */
export function StatusBadge({ status, text }: { status: ShroStatus; text?: string | null }) {
  const badge = badges[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        badge.className,
      )}
    >
      {text ?? badge.text}
    </span>
  );
}
