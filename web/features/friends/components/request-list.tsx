import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox, Search } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PendingRead } from '@/components/pending-read';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/error-message';
import { formatRelativeTime } from '@/lib/relative-time';
import { useFriendRequests } from '../api/get-friend-requests';
import { useSentRequests } from '../api/get-sent-requests';
import { PendingBadge } from './friendship-badges';
import { PersonRow } from './person-row';
import { RequestButtons } from './request-buttons';

/** The Requests tab: incoming requests to answer, then the ones I sent, marked Pending. */
export function RequestList({ onFindFriends }: { onFindFriends: () => void }) {
  const { t, i18n } = useLingui();
  const incoming = useFriendRequests();
  const sent = useSentRequests();
  if (incoming.isPending || sent.isPending)
    return (
      <PendingRead>
        <Spinner className="mx-auto my-10 block" label={t`Loading requests`} />
      </PendingRead>
    );
  const error = incoming.error ?? sent.error;
  if (error) return <Alert variant="destructive">{errorMessage(error, i18n)}</Alert>;
  const received = incoming.data ?? [];
  const pending = sent.data ?? [];
  const receivedCount = received.length;
  const sentCount = pending.length;
  if (received.length === 0 && pending.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={t`No friend requests`}
        action={
          <Button variant="secondary" onClick={onFindFriends}>
            <Search /> <Trans>Find Friends</Trans>
          </Button>
        }
      >
        <Trans>When someone asks to be your friend, it shows up here.</Trans>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="received-heading">
        <h2 id="received-heading" className="mb-2 px-1 text-sm font-semibold uppercase tracking-wide text-muted">
          <Trans>Received ({receivedCount})</Trans>
        </h2>
        {received.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
            <Trans>No requests waiting for you.</Trans>
          </p>
        ) : (
          <ul className="space-y-2" aria-label={t`Received requests`}>
            {received.map((request) => (
              <PersonRow key={request.id} user={request.user} note={formatRelativeTime(request.createdAt, i18n.locale)}>
                <RequestButtons userId={request.user.id} />
              </PersonRow>
            ))}
          </ul>
        )}
      </section>
      {pending.length > 0 && (
        <section aria-labelledby="sent-heading">
          <h2 id="sent-heading" className="mb-2 px-1 text-sm font-semibold uppercase tracking-wide text-muted">
            <Trans>Sent ({sentCount})</Trans>
          </h2>
          <ul className="space-y-2" aria-label={t`Sent requests`}>
            {pending.map((request) => (
              <PersonRow key={request.id} user={request.user} note={formatRelativeTime(request.createdAt, i18n.locale)}>
                <PendingBadge />
              </PersonRow>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
