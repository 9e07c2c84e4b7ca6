import { endpoints, type WantMatch, type WantMatchEmail, type WantMatchSend } from '@loupe/contracts';
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
 * match is no longer open (`wants`), and the service records the e-mail on the client's and the item's History.
 */
export function useSendMatchEmail() {
  return useApiMutation(endpoints.wants.send, {
    call: ({ match, body }: { match: WantMatch; body: WantMatchSend }) => ({
      params: { id: match.id },
      body,
    }),
    changes: ({ match }) => [
      'wants',
      historyKey('clients', match.clientId),
      historyKey('items', match.itemId),
    ],
  });
}
