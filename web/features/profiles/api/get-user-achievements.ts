import type { UnlockedAchievement } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** A user's unlocked achievements, most recent first. */
const getUserAchievements = (userId: string) => apiGet<UnlockedAchievement[]>(apiPaths.userAchievements(userId));

const userAchievementsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKey(apiPaths.userAchievements(userId)), queryFn: () => getUserAchievements(userId) });

export function useUserAchievements(userId: string | undefined) {
  return useQuery({ ...userAchievementsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
