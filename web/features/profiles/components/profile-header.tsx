import type { PublicUser } from '@contract/auth';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { displayName, UserAvatar } from '@/components/user-avatar';
import { formatMonthYear } from './format-date';

/** The top card of a profile: banner, avatar or initial, name, username, member since, then actions. */
export function ProfileHeader({
  user,
  extra,
  children,
}: {
  user: PublicUser;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const name = displayName(user);
  const since = formatMonthYear(user.createdAt, i18n.locale);
  return (
    <Card className="overflow-hidden">
      <div
        aria-hidden="true"
        className="h-24 bg-gradient-to-r from-purple-600/60 via-fuchsia-500/40 to-pink-500/50 sm:h-32"
      />
      <div className="flex flex-col items-center px-5 pb-6 text-center sm:flex-row sm:items-end sm:gap-5 sm:px-8 sm:text-start">
        <UserAvatar user={user} size="xl" className="-mt-12 rounded-full ring-4 ring-surface sm:-mt-14" />
        <div className="mt-3 min-w-0 flex-1">
          <h1 className="truncate text-2xl font-extrabold tracking-tight sm:text-3xl">{name}</h1>
          <p className="truncate text-purple-300">@{user.username}</p>
          <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted sm:justify-start">
            <CalendarDays className="size-4" aria-hidden="true" /> <Trans>Member since {since}</Trans>
          </p>
          {extra}
        </div>
        {children && <div className="mt-4 flex shrink-0 flex-wrap justify-center gap-2 sm:mt-0">{children}</div>}
      </div>
    </Card>
  );
}
