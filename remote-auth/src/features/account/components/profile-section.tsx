import { Alert, Spinner } from '@loupe/platform';
import { PROFILE_LOAD_FAILED, useProfile } from '../api/get-profile';
import { ProfileForm } from './profile-form';

/**
 * The profile form with its loading and failure states. The form only appears once the profile has loaded:
 * saving a form that never received the stored values would blank them. Once it has, a later refetch that
 * fails leaves the form in place rather than taking it from under the user.
 */
export function ProfileSection() {
  const profile = useProfile();
  if (profile.data) return <ProfileForm profile={profile.data} />;
  if (profile.isError) return <Alert>{PROFILE_LOAD_FAILED}</Alert>;
  return <Spinner />;
}
