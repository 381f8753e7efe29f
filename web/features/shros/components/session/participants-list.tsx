import type { Shro } from '@contract/shro-views';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Users } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { UserAvatar, userHandle } from '@/components/user-avatar';
import { formatRelativeTime } from '@/lib/relative-time';
import { REACTION_NAMES } from '../../utils/reactions';

/**
 * Link and public Shros: the creator sees who opened which box; everyone else, and the creator of
 * an anonymous Shro (decision 188), a count (docs/product.md §2).
 */
export function ParticipantsList({ shro }: { shro: Shro }) {
  const { t, i18n } = useLingui();
  const count = shro.participantCount;
  if (count === 0) return null;
  const namesPickers = shro.viewerRole === 'creator' && !shro.isAnonymous;
  return (
    <Card className="mt-6 p-5 sm:p-6">
      <section aria-labelledby="participants-heading">
        <h2 id="participants-heading" className="flex items-center gap-2 font-bold">
          <Users className="size-5 text-purple-300" aria-hidden="true" /> <Trans>Participants</Trans>
          <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-zinc-200">{count}</span>
        </h2>
        {namesPickers ? (
          <ul className="mt-4 divide-y divide-border/60">
            {shro.participants.map((p) => {
              const reaction = p.reaction ? i18n._(REACTION_NAMES[p.reaction]) : null;
              const position = p.selectedBoxPosition;
              return (
                <li key={p.userId} className="flex items-center gap-3 py-2.5">
                  <UserAvatar user={{ username: p.username }} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold">{userHandle(p.username)}</p>
                    <p className="text-xs text-muted">{formatRelativeTime(p.createdAt, i18n.locale)}</p>
                  </div>
                  {p.reaction && (
                    <span className="text-xl" role="img" aria-label={t`Reacted ${reaction}`}>
                      {p.reaction}
                    </span>
                  )}
                  <span className="rounded-full bg-brand/20 px-2.5 py-1 text-xs font-bold text-purple-100">
                    <Trans>Box #{position}</Trans>
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted">
            {t`${plural(count, { one: `${count} person has opened a box so far.`, other: `${count} people have opened a box so far.` })}`}
          </p>
        )}
      </section>
    </Card>
  );
}
