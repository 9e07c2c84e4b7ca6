import { endpoints, type DealCreate } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { DEAL_CHANGES } from './deal-changes';

/**
 * `POST /api/deals/` → 201 the deal: completed with its invoice, or reserved (`reserve`). 400 names the field
 * at fault (`lines[1].price`); 409 when an item is no longer sellable or the AML guard refuses the cash.
 */
export const useCreateDeal = () =>
  useApiMutation(endpoints.deals.create, {
    call: (body: DealCreate) => ({ body }),
    changes: DEAL_CHANGES,
  });
