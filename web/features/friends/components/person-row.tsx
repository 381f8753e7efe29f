import type { PublicUser } from '@contract/auth';
import { pageHref } from '@contract/pages';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { displayName, UserAvatar } from '@/components/user-avatar';

/** One person in a list: avatar and name (linking to their public profile), then the actions. */
export function PersonRow({ user, note, children }: { user: PublicUser; note?: ReactNode; children?: ReactNode }) {
  const { t } = useLingui();
  const name = displayName(user);
  const username = user.username;
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-border/60 bg-surface-2/40 p-3 transition-colors hover:border-border sm:flex-row sm:items-center">
      <Link
        href={pageHref('publicProfile', { username: user.username })}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-xl"
        aria-label={t`${name} (@${username}), view profile`}
      >
        <UserAvatar user={user} />
        <span className="min-w-0">
          <span className="block truncate font-semibold group-hover:underline">{name}</span>
          <span className="block truncate text-sm text-muted">
            @{user.username}
            {note && <span className="text-muted"> · {note}</span>}
          </span>
        </span>
      </Link>
      {children && <div className="flex flex-wrap items-center gap-2 sm:justify-end">{children}</div>}
    </li>
  );
}

/** Row buttons: 44 px tall on phones, compact on wider screens. */
export const rowButtonClass = 'h-11 flex-1 sm:h-9 sm:flex-none';
