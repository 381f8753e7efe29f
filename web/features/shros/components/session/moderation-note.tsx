import { CREATOR_MODERATION_NOTES } from '@contract/content-filter';
import type { Shro } from '@contract/shro-views';
import { useLingui } from '@lingui/react';
import { ShieldAlert } from 'lucide-react';

/**
 * Tells the creator why their public Shro is not on explore: waiting for review, reported, or hidden
 * by moderators (`Shro.moderation`, sent to the creator only). Nothing for a listed Shro. The
 * notes are contract texts, translated in the server's catalogs (decision 167).
 */
export function ModerationNote({ moderation }: { moderation: Shro['moderation'] }) {
  const { i18n } = useLingui();
  if (!moderation || moderation === 'visible') return null;
  return (
    <p
      role="status"
      className="mt-4 flex items-start gap-2 rounded-xl border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-100"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {i18n._(CREATOR_MODERATION_NOTES[moderation])}
    </p>
  );
}
