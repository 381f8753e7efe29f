import { Trans } from '@lingui/react/macro';
import { Clock, UserCheck } from 'lucide-react';

const badgeClass =
  'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold [&_svg]:size-4 [&_svg]:shrink-0';

export function PendingBadge() {
  return (
    <span className={`${badgeClass} border-amber-400/40 bg-amber-400/10 text-amber-200`}>
      <Clock aria-hidden="true" /> <Trans>Pending</Trans>
    </span>
  );
}

export function FriendsBadge() {
  return (
    <span className={`${badgeClass} border-emerald-400/40 bg-emerald-400/10 text-emerald-200`}>
      <UserCheck aria-hidden="true" /> <Trans>Friends</Trans>
    </span>
  );
}
