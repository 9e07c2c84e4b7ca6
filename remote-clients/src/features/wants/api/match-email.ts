import { endpoints, type WantMatchEmail, type WantMatchSend } from '@loupe/contracts';
import { api, historyKey, useApiMutation, useQuery } from '@loupe/platform';
import { wantKeys } from './want-keys';

/** `GET /api/wants/matches/{id}/email/`: the prepared e-mail, and why it cannot be sent if it cannot. */
export function getMatchEmail(matchId: number, signal?: AbortSignal): Promise<WantMatchEmail> {
  return api(endpoints.wants.email, { params: { id: matchId }, signal });
}

export function useMatchEmail(matchId: number) {
  return useQuery({
    queryKey: wantKeys.email(matchId),
    queryFn: ({ signal }) => getMatchEmail(matchId, signal),
    // A draft is read once when the dialog opens: asking again while it is being edited would change nothing.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * `POST /api/wants/matches/{id}/email/`: sent through the shop's mail (the outbox without an SMTP server); the
 * match is no longer open (`wants`), and the e-mail is on the client's History (`clients`).
 */
export function useSendMatchEmail(clientId: number) {
  return useApiMutation(endpoints.wants.send, {
    call: ({ matchId, body }: { matchId: number; body: WantMatchSend }) => ({
      params: { id: matchId },
      body,
    }),
    changes: ['wants', historyKey('clients', clientId)],
  });
}
