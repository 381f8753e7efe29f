import type { NotificationSettings } from '@contract/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { apiPaths, queryKey } from '@/lib/api-paths';

const settingsKey = queryKey(apiPaths.notificationSettings);

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: settingsKey,
  queryFn: () => apiGet<NotificationSettings>(apiPaths.notificationSettings),
});

/** GET /api/notifications/settings: each kind × channel, and the quiet hours. */
export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

/** PUT /api/notifications/settings: the whole settings at once; shown at once, put back if refused. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest<NotificationSettings>('PUT', apiPaths.notificationSettings, settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const previous = queryClient.getQueryData<NotificationSettings>(settingsKey);
      queryClient.setQueryData(settingsKey, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
