import type { Shro } from '@contract/shro-views';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyLiveMessage } from './live';

/** Live events become invalidations of exactly the queries they concern. */
function clientWith(keys: string[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData([key], {});
  const invalidated = () => keys.filter((key) => queryClient.getQueryState([key])?.isInvalidated);
  return { queryClient, invalidated };
}

const KEYS = [
  '/api/sessions/s1',
  '/api/sessions/s2',
  '/api/notifications',
  '/api/notifications/unread-count',
  '/api/chat/conversations',
  '/api/chat/unread-count',
  '/api/chat/ada',
  '/api/chat/bob',
  '/api/chat/cy',
  '/api/friends',
  '/api/friends/requests',
  '/api/users/online-status?userIds=ada,bob',
  '/api/home',
];

describe('applyLiveMessage', () => {
  it.each([
    [{ type: 'shro.deleted', shroId: 's2' }, ['/api/sessions/s2', '/api/home']],
    [{ type: 'notification.created' }, ['/api/notifications', '/api/notifications/unread-count', '/api/home']],
    [{ type: 'notification.read' }, ['/api/notifications', '/api/notifications/unread-count']],
    [
      { type: 'chat.message.sent', messageId: 1, senderId: 'ada', recipientId: 'bob' },
      ['/api/chat/conversations', '/api/chat/unread-count', '/api/chat/ada', '/api/chat/bob', '/api/home'],
    ],
    [{ type: 'chat.message.delivered', recipientId: 'cy' }, ['/api/chat/cy']],
    [
      { type: 'friend.request.changed', userId: 'ada' },
      ['/api/friends', '/api/friends/requests', '/api/users/online-status?userIds=ada,bob'],
    ],
    [{ type: 'presence.changed', userId: 'ada', online: true }, ['/api/users/online-status?userIds=ada,bob']],
    [{ type: 'ready', watching: [] }, []],
  ] as const)('%o refreshes its queries only', (message, expected) => {
    const { queryClient, invalidated } = clientWith(KEYS);
    applyLiveMessage(queryClient, message as never);
    expect(invalidated()).toEqual(expected);
  });

  it('resync refreshes everything', () => {
    const { queryClient, invalidated } = clientWith(KEYS);
    applyLiveMessage(queryClient, { type: 'resync' });
    expect(invalidated()).toEqual(KEYS);
  });
});

describe('a Shro event with its public state', () => {
  const KEY = ['/api/sessions/s1'];
  const view = (overrides: Partial<Shro> = {}): Shro =>
    ({
      id: 's1',
      status: 'waiting',
      expiresAt: null,
      participantCount: 3,
      viewerRole: 'visitor',
      hasSelected: false,
      ...overrides,
    }) as Shro;
  const opened = (participantCount: number, status: 'waiting' | 'expired' = 'waiting') =>
    ({ type: 'shro.picked', shroId: 's1', participantCount, status, expiresAt: null }) as const;

  function clientHolding(data: Shro) {
    const queryClient = new QueryClient();
    let fetches = 0;
    // An observed query, as on the Shro page: an invalidation would refetch it.
    const observer = new QueryObserver(queryClient, {
      queryKey: KEY,
      queryFn: () => {
        fetches++;
        return data;
      },
      staleTime: Number.POSITIVE_INFINITY,
      initialData: data,
    });
    const unsubscribe = observer.subscribe(() => {});
    return { queryClient, fetches: () => fetches, unsubscribe };
  }

  it('updates a visitor’s count in place, with no request', () => {
    const { queryClient, fetches, unsubscribe } = clientHolding(view());
    applyLiveMessage(queryClient, opened(4));
    expect(queryClient.getQueryData<Shro>(KEY)).toEqual(view({ participantCount: 4 }));
    expect(queryClient.getQueryState(KEY)?.isInvalidated).toBe(false);
    expect(fetches()).toBe(0);
    unsubscribe();
  });

  it('reads a pick under its previous name, shro.box.opened, as shro.picked for one release', () => {
    const { queryClient, fetches, unsubscribe } = clientHolding(view());
    applyLiveMessage(queryClient, { ...opened(5), type: 'shro.box.opened' });
    expect(queryClient.getQueryData<Shro>(KEY)).toEqual(view({ participantCount: 5 }));
    expect(fetches()).toBe(0);
    unsubscribe();
  });

  it('never lowers the count (events may arrive in another order than the picks committed)', () => {
    const { queryClient, unsubscribe } = clientHolding(view({ participantCount: 9 }));
    applyLiveMessage(queryClient, opened(7));
    applyLiveMessage(queryClient, { ...opened(8), type: 'shro.reaction.added' });
    expect(queryClient.getQueryData<Shro>(KEY)?.participantCount).toBe(9);
    unsubscribe();
  });

  it('keeps a participant’s own status and moves it only to expired', () => {
    const { queryClient, unsubscribe } = clientHolding(
      view({ viewerRole: 'recipient', hasSelected: true, status: 'selected' }),
    );
    applyLiveMessage(queryClient, opened(4));
    expect(queryClient.getQueryData<Shro>(KEY)?.status).toBe('selected');
    applyLiveMessage(queryClient, opened(4, 'expired'));
    expect(queryClient.getQueryData<Shro>(KEY)?.status).toBe('expired');
    unsubscribe();
  });

  it('makes the creator refetch: their board shows who picked', async () => {
    const { queryClient, fetches, unsubscribe } = clientHolding(view({ viewerRole: 'creator' }));
    applyLiveMessage(queryClient, opened(4));
    await vi.waitFor(() => expect(fetches()).toBe(1));
    unsubscribe();
  });

  it('refetches when a read is in flight: its answer may predate the event', async () => {
    const { queryClient, fetches, unsubscribe } = clientHolding(view());
    void queryClient.refetchQueries({ queryKey: KEY });
    expect(queryClient.getQueryState(KEY)?.fetchStatus).toBe('fetching');
    applyLiveMessage(queryClient, opened(4));
    await vi.waitFor(() => expect(fetches()).toBe(2));
    unsubscribe();
  });

  it('refetches a deleted Shro for everyone', async () => {
    const { queryClient, fetches, unsubscribe } = clientHolding(view());
    applyLiveMessage(queryClient, { type: 'shro.deleted', shroId: 's1' });
    await vi.waitFor(() => expect(fetches()).toBe(1));
    unsubscribe();
  });
});
