import { endpoints, type DealPaymentCreate } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { DEAL_CHANGES } from './deal-changes';

/** `POST /api/deals/{id}/payments/`: an instalment on a reserved deal (money in, not beyond the balance). */
export const usePayDeal = () =>
  useApiMutation(endpoints.deals.pay, {
    call: ({ id, body }: { id: number; body: DealPaymentCreate }) => ({ params: { id }, body }),
    changes: DEAL_CHANGES,
  });
