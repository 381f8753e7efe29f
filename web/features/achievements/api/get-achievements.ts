import type { UserAchievement } from '@contract/achievements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const achievementsPath = '/api/achievements';

/** The whole catalogue with the signed-in user's progress (spec §3 "User achievement"). */
export const getAchievements = () => apiGet<UserAchievement[]>(achievementsPath);

export const achievementsQueryOptions = queryOptions({ queryKey: [achievementsPath], queryFn: getAchievements });

export function useAchievements() {
  // Progress moves with every action elsewhere in the app: read it afresh on each visit.
  return useQuery({ ...achievementsQueryOptions, refetchOnMount: 'always' });
}
