import { useEffect, useState } from 'react';
import { CSRF_COOKIE } from '@loupe/contracts';
import { getCookie, http } from '../http';

export const CSRF_INIT_FAILED = 'Failed to initialize login. Please refresh the page.';

/**
 * Makes sure the `csrftoken` cookie exists before the first sign-in attempt (SPEC §7): `POST /token/` is
 * CSRF-checked like every other non-GET call. Rejects when the token cannot be fetched.
 */
export async function initLoginCsrf(): Promise<void> {
  if (getCookie(CSRF_COOKIE)) return;
  await http.refreshCsrf();
}

/** Runs {@link initLoginCsrf} once on mount; the message to show when it failed, otherwise null. */
export function useLoginCsrf(): string | null {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    initLoginCsrf().catch((reason: unknown) => {
      // The client only logs a failed CSRF fetch; here the user must know sign-in cannot work (SPEC §8).
      console.error('CSRF token fetch failed', reason);
      if (active) setError(CSRF_INIT_FAILED);
    });
    return () => {
      active = false;
    };
  }, []);
  return error;
}
