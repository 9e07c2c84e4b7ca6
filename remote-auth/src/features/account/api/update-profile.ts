import { paths, type Profile } from '@loupe/contracts';
import { http } from '@loupe/platform';

export const PROFILE_UPDATED = 'Profile updated successfully.';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile.';

/** SPEC §7 sends the username too; the server ignores it (the username is read-only). */
export interface UpdateProfileInput {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

export function updateProfile(input: UpdateProfileInput): Promise<Profile> {
  return http.put<Profile>(paths.profileUpdate, input);
}
