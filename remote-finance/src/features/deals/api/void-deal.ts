import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { DEAL_CHANGES } from './deal-changes';

/** `POST /api/deals/{id}/void/`: a completed deal reversed by one credit note (platinum and gold). */
export const useVoidDeal = () =>
  useApiMutation(endpoints.deals.void, {
    call: ({ id, reason }: { id: number; reason: string }) => ({ params: { id }, body: { reason } }),
    // The Activity screen lists the void too.
    changes: [...DEAL_CHANGES, 'activity'],
  });
