import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { DEAL_CHANGES } from './deal-changes';

/**
 * `POST /api/deals/{id}/cancel/`: a reserved deal given up; the items go back to stock and, by the shop's policy,
 * the payments are refunded or kept.
 */
export const useCancelDeal = () =>
  useApiMutation(endpoints.deals.cancel, {
    call: ({ id, reason }: { id: number; reason: string }) => ({ params: { id }, body: { reason } }),
    changes: DEAL_CHANGES,
  });
