import { paths, type Profile } from '@loupe/contracts';
import { http } from '@loupe/platform';
import { useCallback, useEffect, useState } from 'react';

export const PROFILE_LOAD_FAILED = 'Failed to load profile data.';

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return http.get<Profile>(paths.profileMe, { signal });
}

export type ProfileQuery =
  | { status: 'loading'; profile: null }
  | { status: 'error'; profile: null }
  | { status: 'success'; profile: Profile };

export interface UseProfileResult {
  query: ProfileQuery;
  /** Puts a fresher copy (the answer to a save) in place of the loaded one. */
  setProfile(profile: Profile): void;
}

/** The signed-in user's profile, loaded once per mount. */
export function useProfile(): UseProfileResult {
  const [query, setQuery] = useState<ProfileQuery>({ status: 'loading', profile: null });

  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (profile) => {
        if (!controller.signal.aborted) setQuery({ status: 'success', profile });
      },
      () => {
        if (!controller.signal.aborted) setQuery({ status: 'error', profile: null });
      },
    );
    return () => controller.abort();
  }, []);

  const setProfile = useCallback((profile: Profile) => setQuery({ status: 'success', profile }), []);
  return { query, setProfile };
}
