import type { UserAchievement } from '@contract/achievements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

const achievementsPath = '/api/achievements';

/** The whole catalogue with the signed-in user's progress (docs/product.md §3 "User achievement"). */
const getAchievements = () => apiGet<UserAchievement[]>(achievementsPath);

const achievementsQueryOptions = queryOptions({ queryKey: [achievementsPath], queryFn: getAchievements });

export function useAchievements() {
  // Progress moves with every action elsewhere in the app: read it afresh on each visit.
  return useQuery({ ...achievementsQueryOptions, refetchOnMount: 'always' });
}
