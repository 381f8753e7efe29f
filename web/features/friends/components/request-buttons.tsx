import { Trans, useLingui } from '@lingui/react/macro';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAcceptFriendRequest } from '../api/accept-friend-request';
import { useDeclineFriendRequest } from '../api/decline-friend-request';
import { acceptedToast, declinedToast, runFriendAction } from './friend-actions';
import { rowButtonClass } from './person-row';

/** Accept and Decline for a request someone sent me. */
export function RequestButtons({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button
        size="sm"
        className={rowButtonClass}
        disabled={busy}
        onClick={() =>
          runFriendAction(
            i18n,
            () => accept.mutateAsync(userId),
            () => acceptedToast,
          )
        }
      >
        <Check /> <Trans>Accept</Trans>
      </Button>
      <Button
        size="sm"
        variant="outline"
        className={rowButtonClass}
        disabled={busy}
        onClick={() =>
          runFriendAction(
            i18n,
            () => decline.mutateAsync(userId),
            () => declinedToast,
          )
        }
      >
        <X /> <Trans>Decline</Trans>
      </Button>
    </>
  );
}
