import { endpoints, pathOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { sessionKeys } from './get-sessions';

export const SIGN_OUT_SESSION_FAILED = 'The session could not be signed out. Please try again.';

/** Ends one of the user's other sessions by its public id (never the cookie value, which the page cannot see). */
export function signOutSession(sessionId: string): Promise<void> {
  return http.delete<void>(pathOf(endpoints.sessions.signOut, { sessionId }));
}

/**
 * Signs one session out, then reloads the list — after a failure too: a 404 means that session had already
 * ended (it expired, or was signed out from elsewhere), and the row should go all the same. The mutation ends
 * once the list is back, so the row and the button's busy state leave together.
 */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
