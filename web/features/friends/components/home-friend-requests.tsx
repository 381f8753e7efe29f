import { pageHref } from '@contract/pages';
import { useLingui } from '@lingui/react/macro';
import { UserPlus, Users } from 'lucide-react';
import { FirstStep, InboxSection } from '@/components/inbox-section';
import { PendingRead } from '@/components/pending-read';
import { Alert, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { useFriendRequests } from '../api/get-friend-requests';
import { PersonRow } from './person-row';
import { RequestButtons } from './request-buttons';

/** The home inbox's friend requests: accept or decline right there; none yet suggests adding a friend. */
export function HomeFriendRequests() {
  const { t, i18n } = useLingui();
  const requests = useFriendRequests();
  const received = requests.data ?? [];
  return (
    <InboxSection title={t`Friend requests`} icon={Users} count={received.length}>
      {requests.isPending ? (
        <PendingRead>
          <Spinner className="mx-auto my-4 block" label={t`Loading friend requests`} />
        </PendingRead>
      ) : requests.isError ? (
        <Alert variant="destructive">{errorMessage(requests.error, i18n)}</Alert>
      ) : received.length === 0 ? (
        <FirstStep
          text={t`No friend requests right now. Add a friend to send each other Shros.`}
          href={pageHref('friends', { query: { tab: 'find' } })}
          icon={UserPlus}
          label={t`Add a friend`}
        />
      ) : (
        <ul className="space-y-2" aria-label={t`Friend requests`}>
          {received.map((request) => (
            <PersonRow key={request.id} user={request.user} note={formatRelativeTime(request.createdAt, i18n.locale)}>
              <RequestButtons userId={request.user.id} />
            </PersonRow>
          ))}
        </ul>
      )}
    </InboxSection>
  );
}
