import type { CurrentUser } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ProfileFormValues {
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
  return apiRequest<CurrentUser>('PATCH', '/api/profile', form);
}

/** Query keys are API paths, so the signed-in user (header, menus) updates from the answer. */
const currentUserKey = ['/api/auth/user'];

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      void queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/users/profile/'),
      });
    },
  });
}
