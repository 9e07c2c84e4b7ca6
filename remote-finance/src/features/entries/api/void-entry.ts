import { endpoints } from '@loupe/contracts';
import { useApiMutation } from '@loupe/platform';
import { ENTRY_CHANGES, QUICK_SALE_CHANGES } from '../../../api/query-keys';

/*
 * A void posts a reversal dated today: the entry lists (the original marked, the reversal added), every report
 * that may cover today, the dashboard's figures, and the shop's Activity screen all change.
 */

type VoidVariables = { id: number; reason: string };
const voidCall = ({ id, reason }: VoidVariables) => ({ params: { id }, body: { reason } });

/** `POST /api/expenses/{id}/void/` → the original expense, now voided (its reversal is listed on the day of the void). */
export const useVoidExpense = () =>
  useApiMutation(endpoints.expenses.void, { call: voidCall, changes: [...ENTRY_CHANGES, 'activity'] });

/** `POST /api/quick-sales/{id}/void/` → the original quick sale, now voided; it also issues its credit note (issue 13). */
export const useVoidQuickSale = () =>
  useApiMutation(endpoints.quickSales.void, { call: voidCall, changes: [...QUICK_SALE_CHANGES, 'activity'] });
