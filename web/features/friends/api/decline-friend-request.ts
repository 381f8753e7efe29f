import type { FriendActionResult } from '@contract/friends';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { invalidateFriendQueries } from './friend-queries';

/** Declines (quietly deletes) the request someone sent me. */
const declineFriendRequest = (friendId: string) =>
  apiRequest<FriendActionResult>('POST', apiPaths.declineFriendRequest, { friendId });

export function useDeclineFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineFriendRequest, onSuccess: () => invalidateFriendQueries(queryClient) });
}
