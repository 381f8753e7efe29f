import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Clock, UserPlus, X } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/use-toast';
import { useAcceptFriendRequest } from '../api/accept-friend-request';
import { useDeclineFriendRequest } from '../api/decline-friend-request';
import { useFriendStatus } from '../api/get-friend-status';
import { useSendFriendRequest } from '../api/send-friend-request';
import {
  acceptedToast,
  declinedToast,
  type FriendToast,
  removedToast,
  requestSentToast,
  showFriendToast,
} from './friend-actions';
import { UnfriendButton } from './unfriend-button';

/** Runs an action with its own failure text, as the public profile words them (docs/product.md §8). */
async function run<T>(i18n: I18n, action: () => Promise<T>, success: (result: T) => FriendToast, failure: string) {
  try {
    showFriendToast(i18n, success(await action()));
  } catch {
    toast({ variant: 'destructive', title: failure });
  }
}

/** The friend button of someone else's public profile: Add Friend, Pending, Accept/Decline, or Friends with Unfriend. */
export function ProfileFriendButton({ userId, username }: { userId: string; username: string }) {
  const { t, i18n } = useLingui();
  const status = useFriendStatus(userId);
  const send = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const busy = send.isPending || accept.isPending || decline.isPending;

  // A 404 is not a failure worth a toast: the person is gone, or one of the two blocked the other
  // (decision 104), and the profile says so itself. It must not push away the toast of the block.
  const gone = status.error instanceof ApiError && status.error.status === 404;
  useEffect(() => {
    if (status.isError && !gone)
      toast({ variant: 'destructive', title: i18n._(msg`Failed to fetch friendship status`) });
  }, [status.isError, gone, i18n]);

  if (status.isLoading) return <Spinner label={t`Loading friendship status`} />;
  if (!status.data) return null;

  if (status.data.areFriends) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-2">
        <span className="inline-flex h-11 items-center gap-2 rounded-xl border border-emerald-400/40 bg-emerald-400/10 px-4 text-sm font-semibold text-emerald-200">
          <Check className="size-4" aria-hidden="true" /> <Trans>Friends</Trans>
        </span>
        <UnfriendButton
          userId={userId}
          username={username}
          variant="outline"
          disabled={busy}
          onDone={(action) => run(i18n, action, () => removedToast, t`Failed to remove friend`)}
        />
      </div>
    );
  }
  if (status.data.sentRequest) {
    return (
      <Button variant="secondary" disabled>
        <Clock /> <Trans>Pending</Trans>
      </Button>
    );
  }
  if (status.data.receivedRequest) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button
          disabled={busy}
          onClick={() =>
            run(
              i18n,
              () => accept.mutateAsync(userId),
              () => acceptedToast,
              t`Failed to accept friend request`,
            )
          }
        >
          <Check /> <Trans>Accept</Trans>
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            run(
              i18n,
              () => decline.mutateAsync(userId),
              () => declinedToast,
              t`Failed to decline friend request`,
            )
          }
        >
          <X /> <Trans>Decline</Trans>
        </Button>
      </div>
    );
  }
  return (
    <Button
      disabled={busy}
      onClick={() =>
        run(
          i18n,
          () => send.mutateAsync(userId),
          (result) => requestSentToast(result.friendshipStatus),
          t`Failed to send friend request`,
        )
      }
    >
      <UserPlus /> <Trans>Add Friend</Trans>
    </Button>
  );
}
