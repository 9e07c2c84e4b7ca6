import { endpoints, type SanctionsDecisionKind, type SanctionsReview } from '@loupe/contracts';
import { api, queryKeys, queryOptions, useApiMutation } from '@loupe/platform';

/** Keys under the 'sanctions' root (a group of the endpoint map, so a resource of its own). */
export const sanctionsKeys = queryKeys.sanctions;

/** `GET /api/compliance/sanctions/`: the last import, open possible matches and recent decisions. */
export function getSanctionsReview(signal?: AbortSignal): Promise<SanctionsReview> {
  return api(endpoints.sanctions.review, { signal });
}

export const sanctionsReviewQuery = () =>
  queryOptions({
    queryKey: sanctionsKeys.all,
    queryFn: ({ signal }) => getSanctionsReview(signal),
  });

/** `POST /api/compliance/sanctions/{id}/decision/`: clear (false positive) or confirm (true match). */
export const useDecideMatch = () =>
  useApiMutation(endpoints.sanctions.decide, {
    call: ({ id, decision, note }: { id: number; decision: SanctionsDecisionKind; note: string }) => ({
      params: { id },
      body: note.trim() ? { decision, note: note.trim() } : { decision },
    }),
    // A decision lifts or keeps a client's hold: the client screens re-read what they may do.
    changes: ['sanctions', 'clients', 'activity'],
  });
