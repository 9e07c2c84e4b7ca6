import { endpoints, type DealComplete } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { DEAL_CHANGES } from './deal-changes';

/** `POST /api/deals/{id}/complete/`: a reserved deal's last payments (maybe none) → completed, with its invoice. */
export const useCompleteDeal = () =>
  useApiMutation(endpoints.deals.complete, {
    call: ({ id, body }: { id: number; body: DealComplete }) => ({ params: { id }, body }),
    changes: DEAL_CHANGES,
  });
