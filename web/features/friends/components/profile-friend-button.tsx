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
import { acceptedToast, declinedToast, removedToast, requestSentToast } from './friend-actions';
import { UnfriendButton } from './unfriend-button';

/** Runs an action with its own failure text, as the public profile words them (docs/product.md §8). */
async function run<T>(action: () => Promise<T>, success: (result: T) => { title: string }, failure: string) {
  try {
    toast(success(await action()));
  } catch {
    toast({ variant: 'destructive', title: failure });
  }
}

/** The friend button of someone else's public profile: Add Friend, Pending, Accept/Decline, or Friends with Unfriend. */
export function ProfileFriendButton({ userId, username }: { userId: string; username: string }) {
  const status = useFriendStatus(userId);
  const send = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const busy = send.isPending || accept.isPending || decline.isPending;

  // A 404 is not a failure worth a toast: the person is gone, or one of the two blocked the other
  // (decision 104), and the profile says so itself. It must not push away the toast of the block.
  const gone = status.error instanceof ApiError && status.error.status === 404;
  useEffect(() => {
    if (status.isError && !gone) toast({ variant: 'destructive', title: 'Failed to fetch friendship status' });
  }, [status.isError, gone]);

  if (status.isLoading) return <Spinner label="Loading friendship status" />;
  if (!status.data) return null;

  if (status.data.areFriends) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-2">
        <span className="inline-flex h-11 items-center gap-2 rounded-xl border border-emerald-400/40 bg-emerald-400/10 px-4 text-sm font-semibold text-emerald-200">
          <Check className="size-4" aria-hidden="true" /> Friends
        </span>
        <UnfriendButton
          userId={userId}
          username={username}
          variant="outline"
          disabled={busy}
          onDone={(action) => run(action, () => removedToast, 'Failed to remove friend')}
        />
      </div>
    );
  }
  if (status.data.sentRequest) {
    return (
      <Button variant="secondary" disabled>
        <Clock /> Pending
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
              () => accept.mutateAsync(userId),
              () => acceptedToast,
              'Failed to accept friend request',
            )
          }
        >
          <Check /> Accept
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() =>
            run(
              () => decline.mutateAsync(userId),
              () => declinedToast,
              'Failed to decline friend request',
            )
          }
        >
          <X /> Decline
        </Button>
      </div>
    );
  }
  return (
    <Button
      disabled={busy}
      onClick={() =>
        run(
          () => send.mutateAsync(userId),
          (result) => requestSentToast(result.friendshipStatus),
          'Failed to send friend request',
        )
      }
    >
      <UserPlus /> Add Friend
    </Button>
  );
}
