import type { FriendActionResult } from '@contract/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@/lib/analytics';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { invalidateFriendQueries } from './friend-queries';

/** Asks someone to be friends; if they had already asked me we are friends at once. */
const sendFriendRequest = (friendId: string) =>
  apiRequest<FriendActionResult>('POST', apiPaths.sendFriendRequest, { friendId });

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSuccess: () => {
      trackEvent('friend_request');
      return invalidateFriendQueries(queryClient);
    },
  });
}
