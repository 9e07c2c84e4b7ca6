import { endpoints, pathOf, type ResponseOf } from '@loupe/contracts';
import { http, useMutation, useQueryClient } from '@loupe/platform';
import { sessionKeys } from './get-sessions';

type SignedOutSessions = ResponseOf<typeof endpoints.sessions.signOutOthers>;

export const SIGN_OUT_OTHERS_FAILED = 'The other sessions could not be signed out. Please try again.';

/** Ends every session of the user but the one making the request; the answer says how many ended. */
export function signOutOtherSessions(): Promise<SignedOutSessions> {
  return http.post<SignedOutSessions>(pathOf(endpoints.sessions.signOutOthers));
}

/** Signs the other sessions out; the mutation ends once the list is back, so the outcome and the list agree. */
export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
