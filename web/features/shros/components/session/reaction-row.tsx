import { REACTION_EMOJIS, type ReactionEmoji } from '@contract/shros';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { playSound } from '@/lib/sounds';
import { toast } from '@/lib/use-toast';
import { useReactToShro } from '../../api/react-to-shro';
import { REACTION_NAMES } from '../../utils/reactions';

/** The 8 reactions (docs/product.md §9) for non-creators; once one is sent it replaces the picker. */
export function ReactionRow({ shroId, sent }: { shroId: string; sent: ReactionEmoji | null }) {
  const { t, i18n } = useLingui();
  const react = useReactToShro(shroId);
  const [justSent, setJustSent] = useState<ReactionEmoji | null>(null);
  const chosen = justSent ?? sent;

  if (chosen)
    return (
      <div className="flex items-center justify-center gap-3 rounded-2xl bg-base/50 px-4 py-3" aria-live="polite">
        <span className="text-4xl animate-pop" role="img" aria-label={i18n._(REACTION_NAMES[chosen])}>
          {chosen}
        </span>
        <span className="text-sm text-muted">
          <Trans>Your reaction was sent to the creator</Trans>
        </span>
      </div>
    );

  return (
    <fieldset>
      <legend className="mx-auto mb-2 text-center text-sm font-semibold text-zinc-200">
        <Trans>How do you feel about it?</Trans>
      </legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        {REACTION_EMOJIS.map((emoji) => {
          const name = i18n._(REACTION_NAMES[emoji]);
          return (
            <button
              key={emoji}
              type="button"
              disabled={react.isPending}
              aria-label={t`React ${name}`}
              title={name}
              onClick={() => {
                playSound('click');
                react.mutate(emoji, {
                  onSuccess: () => {
                    setJustSent(emoji);
                    playSound('success');
                    toast({ title: t`Reaction Sent!`, description: t`Your reaction has been sent to the creator.` });
                  },
                  onError: () =>
                    toast({
                      title: t`Error`,
                      description: t`Failed to send reaction. Please try again.`,
                      variant: 'destructive',
                    }),
                });
              }}
              className={cn(
                'flex h-12 items-center justify-center rounded-2xl border border-border/60 bg-base/50 text-2xl transition-all',
                'hover:-translate-y-0.5 hover:scale-110 hover:border-brand/60 hover:bg-surface-2 active:scale-95 disabled:opacity-50',
                react.isPending && react.variables === emoji && 'animate-pulse border-brand',
              )}
            >
              <span aria-hidden="true">{emoji}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
