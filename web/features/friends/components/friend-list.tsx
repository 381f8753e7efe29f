import { pageHref } from '@contract/pages';
import { PRODUCT_NAME } from '@contract/product';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageCircle, Send, Users } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/empty-state';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { useFriends } from '@/lib/shared-reads';
import { removedToast, runFriendAction } from './friend-actions';
import { PersonRow, rowButtonClass } from './person-row';
import { UnfriendButton } from './unfriend-button';

/** The Friends tab: each friend with Send Shro, Message and Unfriend. */
export function FriendList({ onFindFriends }: { onFindFriends: () => void }) {
  const { t, i18n } = useLingui();
  const friends = useFriends();
  if (friends.isPending)
    return (
      <PendingRead>
        <Spinner className="mx-auto my-10 block" label={t`Loading friends`} />
      </PendingRead>
    );
  if (friends.isError) return <Alert variant="destructive">{errorMessage(friends.error, i18n)}</Alert>;
  if (!friends.data?.length) {
    return (
      <EmptyState
        icon={Users}
        title={t`No friends yet`}
        action={
          <Button onClick={onFindFriends}>
            <Users /> <Trans>Find Friends</Trans>
          </Button>
        }
      >
        <Trans>
          Search for people by username and send them a friend request. Friends can send each other {PRODUCT_NAME}s and
          chat.
        </Trans>
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-2" aria-label={t`Friends`}>
      {friends.data.map((friend) => {
        const username = friend.username;
        return (
          <PersonRow key={friend.id} user={friend}>
            <Button asChild size="sm" className={rowButtonClass}>
              <Link href={pageHref('create', { query: { friendId: friend.id } })}>
                <Send /> <Trans>Send {PRODUCT_NAME}</Trans>
              </Link>
            </Button>
            <Button asChild size="sm" variant="secondary" className="h-11 min-w-11 sm:h-9 sm:min-w-9">
              <Link href={pageHref('chat', { query: { with: friend.id } })} aria-label={t`Message @${username}`}>
                <MessageCircle />
              </Link>
            </Button>
            <UnfriendButton
              userId={friend.id}
              username={friend.username}
              size="sm"
              variant="ghost"
              className={`${rowButtonClass} text-zinc-300`}
              aria-label={t`Unfriend @${username}`}
              onDone={(action) => runFriendAction(i18n, action, () => removedToast)}
            />
          </PersonRow>
        );
      })}
    </ul>
  );
}
