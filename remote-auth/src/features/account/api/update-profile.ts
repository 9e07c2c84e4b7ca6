import { endpoints, type BodyOf, type ResponseOf } from '@loupe/contracts';
import { api, useAuth, useMutation, useQueryClient } from '@loupe/platform';
import { profileKeys } from './get-profile';

type Profile = ResponseOf<typeof endpoints.profile.update>;

export const PROFILE_UPDATED = 'Profile updated successfully.';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile.';

/** SPEC §7 sends the username too; the server ignores it (the username is read-only). */
export type UpdateProfileInput = Required<BodyOf<typeof endpoints.profile.update>>;

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return api(endpoints.profile.update, { body: input });
}

/**
 * Saves the profile. The answer is the stored profile, so it goes into the cache as it is (asking again would
 * only repeat it). The shell greets the user with the session's copy of their name, which the save made
 * stale: the session is checked again, without holding the form busy for it.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { checkAuth } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKeys.me(), saved);
      void checkAuth();
    },
  });
}
