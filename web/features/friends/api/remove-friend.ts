import type { FriendActionResult } from '@contract/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { invalidateFriendQueries } from './friend-queries';

/** Ends a friendship. */
const removeFriend = (friendId: string) => apiRequest<FriendActionResult>('DELETE', apiPaths.friend(friendId));

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFriend, onSuccess: () => invalidateFriendQueries(queryClient) });
}
