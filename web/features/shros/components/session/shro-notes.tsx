import type { Shro } from '@contract/shro-views';
import { Trans } from '@lingui/react/macro';
import { EyeOff, type LucideIcon, Shuffle } from 'lucide-react';
import type { ReactNode } from 'react';

function Note({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl border border-border/70 bg-base/50 px-3 py-2 text-sm text-zinc-200">
      <Icon className="mt-0.5 size-4 shrink-0 text-purple-300" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/**
 * What a Shro's options mean for who sees what, said to everyone on it: an anonymous Shro's
 * picks are counted, never named (decision 188); a shuffled Shro's box numbers are each
 * person's own (decision 189).
 */
export function ShroNotes({ shro }: { shro: Shro }) {
  const isCreator = shro.viewerRole === 'creator';
  const creator = shro.creator.username;
  return (
    <>
      {shro.isAnonymous && (
        <Note icon={EyeOff}>
          {isCreator ? (
            <Trans>Anonymous: you see how many people opened each box, never who.</Trans>
          ) : (
            <Trans>Anonymous: @{creator} sees how many people opened each box, never who.</Trans>
          )}
        </Note>
      )}
      {shro.isShuffled && (
        <Note icon={Shuffle}>
          {isCreator ? (
            <Trans>
              Shuffled: everyone sees these boxes in an order of their own, so nobody can tell a friend where the winner
              is.
            </Trans>
          ) : (
            <Trans>Shuffled: your boxes are in an order of your own, so a friend’s Box #2 is not yours.</Trans>
          )}
        </Note>
      )}
    </>
  );
}
