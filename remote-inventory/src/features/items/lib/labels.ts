import type { ItemStatus, TransactionType } from '@loupe/contracts';

/** How statuses read on screen; the API's values stay snake_case. */
export const STATUS_LABELS: Record<ItemStatus, string> = {
  available: 'Available',
  checked_out: 'Checked Out',
  unavailable: 'Unavailable',
  sold: 'Sold',
};

export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  cash: 'Cash',
  credit: 'Credit',
  debt: 'Debt',
};
