import type { Shro } from '@contract/shro-views';
import { Trans } from '@lingui/react/macro';
import { EyeOff } from 'lucide-react';

/** An anonymous Shro says so to everyone on it (decision 188): who sees what of the picks. */
export function AnonymousNote({ shro }: { shro: Shro }) {
  const creator = shro.creator.username;
  return (
    <p className="mt-3 flex items-start gap-2 rounded-xl border border-border/70 bg-base/50 px-3 py-2 text-sm text-zinc-200">
      <EyeOff className="mt-0.5 size-4 shrink-0 text-purple-300" aria-hidden="true" />
      <span>
        {shro.viewerRole === 'creator' ? (
          <Trans>Anonymous: you see how many people opened each box, never who.</Trans>
        ) : (
          <Trans>Anonymous: @{creator} sees how many people opened each box, never who.</Trans>
        )}
      </span>
    </p>
  );
}
