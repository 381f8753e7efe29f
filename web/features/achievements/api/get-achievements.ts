import type { UserAchievement } from '@contract/achievements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

/** The whole catalogue with the signed-in user's progress (docs/product.md §3 "User achievement"). */
const getAchievements = () => apiGet<UserAchievement[]>(apiPaths.achievements);

const achievementsQueryOptions = queryOptions({ queryKey: queryKey(apiPaths.achievements), queryFn: getAchievements });

export function useAchievements() {
  // Progress moves with every action elsewhere in the app: read it afresh on each visit.
  return useQuery({ ...achievementsQueryOptions, refetchOnMount: 'always' });
}
