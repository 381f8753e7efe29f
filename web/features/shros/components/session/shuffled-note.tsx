import type { Shro } from '@contract/shro-views';
import { Trans } from '@lingui/react/macro';
import { Shuffle } from 'lucide-react';

/** A shuffled Shro says so (decision 189): a friend's box numbers are not yours. */
export function ShuffledNote({ shro }: { shro: Shro }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl border border-border/70 bg-base/50 px-3 py-2 text-sm text-zinc-200">
      <Shuffle className="mt-0.5 size-4 shrink-0 text-purple-300" aria-hidden="true" />
      <span>
        {shro.viewerRole === 'creator' ? (
          <Trans>
            Shuffled: everyone sees these boxes in an order of their own, so nobody can tell a friend where the winner
            is.
          </Trans>
        ) : (
          <Trans>Shuffled: your boxes are in an order of your own, so a friend’s Box #2 is not yours.</Trans>
        )}
      </span>
    </p>
  );
}
