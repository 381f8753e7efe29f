import { FRIEND_SEARCH_MAX_LENGTH, type FriendSearchResult } from '@contract/friends';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search, UserPlus, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchUsers } from '../api/search-users';
import { useSendFriendRequest } from '../api/send-friend-request';
import { requestSentToast, runFriendAction } from './friend-actions';
import { FriendsBadge, PendingBadge } from './friendship-badges';
import { InviteFriendCard } from './invite-friend-card';
import { PersonRow, rowButtonClass } from './person-row';
import { RequestButtons } from './request-buttons';

const SEARCH_DEBOUNCE_MS = 300;

function AddFriendButton({ userId }: { userId: string }) {
  const { i18n } = useLingui();
  const send = useSendFriendRequest();
  return (
    <Button
      size="sm"
      className={rowButtonClass}
      disabled={send.isPending}
      onClick={() =>
        runFriendAction(
          i18n,
          () => send.mutateAsync(userId),
          (result) => requestSentToast(result.friendshipStatus),
        )
      }
    >
      <UserPlus /> <Trans>Add Friend</Trans>
    </Button>
  );
}

/**
 * The action that fits where I stand with someone (docs/product.md §2): Friends, Pending,
 * Accept/Decline or Add Friend.
 */
function ResultAction({ result }: { result: FriendSearchResult }) {
  switch (result.friendshipStatus) {
    case 'friends':
      return <FriendsBadge />;
    case 'pending':
      return <PendingBadge />;
    case 'received':
      return <RequestButtons userId={result.id} />;
    default:
      return <AddFriendButton userId={result.id} />;
  }
}

/** The Find Friends tab: username search, debounced, then an invite link for friends not on Shro yet. */
export function FindFriends() {
  const { i18n, t } = useLingui();
  const [input, setInput] = useState('');
  const term = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchUsers(term);
  const typing = input.trim() !== term;

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="friend-search">
          <Trans>Search by username</Trans>
        </Label>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
          <Input
            id="friend-search"
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            maxLength={FRIEND_SEARCH_MAX_LENGTH}
            placeholder={t`Type a username…`}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            className="ps-10"
          />
          {(typing || search.isFetching) && term && (
            <Spinner className="absolute end-3 top-1/2 size-4 -translate-y-1/2" label={t`Searching`} />
          )}
        </div>
      </div>

      {!term ? (
        <EmptyState icon={UserSearch} title={t`Find your friends`}>
          <Trans>Search for people by their username, then send a friend request.</Trans>
        </EmptyState>
      ) : search.isError ? (
        <Alert variant="destructive">{errorMessage(search.error, i18n)}</Alert>
      ) : search.isLoading ? (
        <Spinner className="mx-auto my-8 block" label={t`Searching`} />
      ) : search.data && search.data.length > 0 ? (
        <ul className="space-y-2" aria-label={t`Search results`}>
          {search.data.map((result) => (
            <PersonRow key={result.id} user={result}>
              <ResultAction result={result} />
            </PersonRow>
          ))}
        </ul>
      ) : (
        <EmptyState icon={UserSearch} title={t`No users found`}>
          <Trans>Nobody's username matches “{term}”. Check the spelling and try again.</Trans>
        </EmptyState>
      )}
      {/* After the search: on a phone the box and its results stay above the keyboard. */}
      <InviteFriendCard />
    </div>
  );
}
