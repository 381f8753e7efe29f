import type { CurrentUser } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths, pathPrefix, queryKey } from '@/lib/api-paths';

interface ProfileFormValues {
  username: string;
  firstName: string;
  lastName: string;
  profileImage?: File | null;
  /** Take the current picture away (ignored when a new image is sent). */
  removeProfileImage?: boolean;
}

/**
 * PATCH /api/profile as multipart: username, firstName, lastName, an optional profileImage, or
 * removeProfileImage to go back to the initial.
 */
function updateProfile(values: ProfileFormValues) {
  const form = new FormData();
  form.append('username', values.username);
  form.append('firstName', values.firstName);
  form.append('lastName', values.lastName);
  if (values.profileImage) form.append('profileImage', values.profileImage);
  else if (values.removeProfileImage) form.append('removeProfileImage', 'true');
  return apiRequest<CurrentUser>('PATCH', apiPaths.profile, form);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      // Query keys are API paths, so the signed-in user (header, menus) updates from the answer.
      queryClient.setQueryData(queryKey(apiPaths.currentUser), user);
      void queryClient.invalidateQueries(pathPrefix(apiPaths.publicProfilePrefix));
    },
  });
}
