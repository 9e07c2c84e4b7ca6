import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { PURCHASE_CHANGES } from './purchase-changes';

/**
 * `POST /api/purchases/{id}/void/`: the buy-in reversed (platinum and gold, with a reason); refused with 409
 * when one of its items is no longer in stock (sold, out on approval).
 */
export const useVoidPurchase = () =>
  useApiMutation(endpoints.purchases.void, {
    call: ({ id, reason }: { id: number; reason: string }) => ({ params: { id }, body: { reason } }),
    // The Activity screen lists the void too.
    changes: [...PURCHASE_CHANGES, 'activity'],
  });
