import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';

export const SIGN_OUT_OTHERS_FAILED = 'The other sessions could not be signed out. Please try again.';

/**
 * Ends every session of the user but the one making the request (the answer says how many ended); the
 * mutation ends once the list is back, so the outcome and the list agree.
 */
export function useSignOutOtherSessions() {
  return useApiMutation(endpoints.sessions.signOutOthers, {
    call: (_: void) => ({}),
    changes: ['sessions'],
    invalidateOn: 'settled',
  });
}
