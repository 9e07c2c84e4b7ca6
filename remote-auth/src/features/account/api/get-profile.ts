import { endpoints, type ResponseOf } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useQuery } from '@loupe/platform';

type Profile = ResponseOf<typeof endpoints.profile.me>;

export const PROFILE_LOAD_FAILED = 'Failed to load profile data.';

/** The signed-in user's own record: no id in its key, since the cache is emptied when the user changes. */
export const profileKeys = {
  me: () => [...queryKeys.profile.all, 'me'] as const,
};

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api(endpoints.profile.me, { signal });
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.me(), queryFn: ({ signal }) => getProfile(signal) });

/** The signed-in user's profile; Account Settings and Profile Settings share the one copy. */
export const useProfile = () => useQuery(profileQueryOptions());
