import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

export const SIGN_OUT_SESSION_FAILED = 'The session could not be signed out. Please try again.';

/**
 * Ends one of the user's other sessions by its public id (never the cookie value, which the page cannot see),
 * then reloads the list — after a failure too: a 404 means that session had already
 * ended (it expired, or was signed out from elsewhere), and the row should go all the same. The mutation ends
 * once the list is back, so the row and the button's busy state leave together.
 */
export function useSignOutSession() {
  return useApiMutation(endpoints.sessions.signOut, {
    call: (sessionId: string) => ({ params: { sessionId } }),
    changes: ['sessions'],
    invalidateOn: 'settled',
  });
}
