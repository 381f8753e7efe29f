import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
];

describe('applyLiveMessage', () => {
  it.each([
    [{ type: 'shro.box.opened', shroId: 's1' }, ['/api/sessions/s1']],
    [{ type: 'shro.deleted', shroId: 's2' }, ['/api/sessions/s2']],
    [{ type: 'notification.created' }, ['/api/notifications', '/api/notifications/unread-count']],
    [
      { type: 'chat.message.sent', messageId: 1, senderId: 'ada', recipientId: 'bob' },
      ['/api/chat/conversations', '/api/chat/unread-count', '/api/chat/ada', '/api/chat/bob'],
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
