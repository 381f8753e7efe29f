import type { UnlockedAchievement } from '@contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const userAchievementsPath = (userId: string) => `/api/users/achievements/${encodeURIComponent(userId)}`;

/** A user's unlocked achievements, most recent first. */
const getUserAchievements = (userId: string) => apiGet<UnlockedAchievement[]>(userAchievementsPath(userId));

const userAchievementsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: [userAchievementsPath(userId)], queryFn: () => getUserAchievements(userId) });

export function useUserAchievements(userId: string | undefined) {
  return useQuery({ ...userAchievementsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
