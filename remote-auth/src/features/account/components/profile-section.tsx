import type { Profile } from '@loupe/contracts';
import { Alert, Spinner } from '@loupe/platform';
import { PROFILE_LOAD_FAILED, type ProfileQuery } from '../api/get-profile';
import { ProfileForm } from './profile-form';

interface ProfileSectionProps {
  query: ProfileQuery;
  onSaved(profile: Profile): void;
}

/**
 * The profile form with its loading and failure states. The form only appears once the profile has loaded:
 * saving a form that never received the stored values would blank them.
 */
export function ProfileSection({ query, onSaved }: ProfileSectionProps) {
  if (query.status === 'loading') return <Spinner />;
  if (query.status === 'error') return <Alert>{PROFILE_LOAD_FAILED}</Alert>;
  return <ProfileForm profile={query.profile} onSaved={onSaved} />;
}
