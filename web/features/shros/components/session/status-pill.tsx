import type { ShroStatus } from '@contract/shros';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CheckCircle2, Clock, Sparkles, TimerOff } from 'lucide-react';
import { cn } from '@/lib/cn';

/** docs/product.md §2 status pill texts. */
const STATUS_PILL_TEXT: Record<ShroStatus, MessageDescriptor> = {
  waiting: msg`Waiting for selection...`,
  selected: msg`Selection made! Revealing...`,
  revealed: msg`Box revealed!`,
  expired: msg`Expired`,
};

const styles: Record<ShroStatus, string> = {
  waiting: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  selected: 'border-amber-300/50 bg-amber-300/10 text-amber-200',
  revealed: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-200',
  expired: 'border-zinc-400/40 bg-zinc-400/10 text-zinc-300',
};

const icons = { waiting: Clock, selected: Sparkles, revealed: CheckCircle2, expired: TimerOff } as const;

/** `text` replaces the spec's text where it would not fit (see openPicksText). */
export function StatusPill({ status, text }: { status: ShroStatus; text?: string | null }) {
  const { i18n } = useLingui();
  const Icon = icons[status];
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold',
        styles[status],
      )}
    >
      <span className="relative flex size-2">
        {status !== 'revealed' && status !== 'expired' && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-current opacity-60" />
        )}
        <span className="relative inline-flex size-2 rounded-full bg-current" />
      </span>
      <Icon className="size-3.5" aria-hidden="true" />
      {text ?? i18n._(STATUS_PILL_TEXT[status])}
    </span>
  );
}
