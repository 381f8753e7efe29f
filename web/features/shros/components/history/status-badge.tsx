import type { ShroStatus } from '@contract/shros';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { cn } from '@/lib/cn';

/** docs/product.md §4 list colours: waiting blue, selected yellow, revealed green; expired grey. */
const badges: Record<ShroStatus, { text: MessageDescriptor; className: string }> = {
  waiting: { text: msg`Waiting for selection`, className: 'border-sky-400/40 bg-sky-500/15 text-sky-200' },
  selected: { text: msg`Selection made`, className: 'border-yellow-400/40 bg-yellow-400/15 text-yellow-200' },
  revealed: { text: msg`Revealed`, className: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-200' },
  expired: { text: msg`Expired`, className: 'border-zinc-400/40 bg-zinc-500/20 text-zinc-300' },
};

/** `text` replaces the list's text where it would not fit (see openPicksText). */
export function StatusBadge({ status, text }: { status: ShroStatus; text?: string | null }) {
  const { i18n } = useLingui();
  const badge = badges[status];
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        badge.className,
      )}
    >
      {text ?? i18n._(badge.text)}
    </span>
  );
}
