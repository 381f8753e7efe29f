import type { FriendActionResult } from '@contract/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { invalidateFriendQueries } from './friend-queries';

/** Accepts the request someone sent me. */
const acceptFriendRequest = (friendId: string) =>
  apiRequest<FriendActionResult>('POST', apiPaths.acceptFriendRequest, { friendId });

export function useAcceptFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptFriendRequest, onSuccess: () => invalidateFriendQueries(queryClient) });
}
