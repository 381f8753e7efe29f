import type { FriendActionResult } from '@contract/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateFriendQueries } from './friend-queries';

/** Ends a friendship. */
const removeFriend = (friendId: string) =>
  apiRequest<FriendActionResult>('DELETE', `/api/friends/${encodeURIComponent(friendId)}`);

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFriend, onSuccess: () => invalidateFriendQueries(queryClient) });
}
