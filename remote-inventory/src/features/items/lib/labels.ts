import type { ItemStatus, TransactionType, VatScheme } from '@loupe/contracts';

/** How statuses read on screen; the API's values stay snake_case. */
export const STATUS_LABELS: Record<ItemStatus, string> = {
  available: 'Available',
  checked_out: 'Checked Out',
  // Issue 20: held for a client on a layaway deal.
  reserved: 'Reserved',
  unavailable: 'Unavailable',
  sold: 'Sold',
};

/** An item's VAT scheme (issue 13), as the Add and Edit forms offer it. */
export const VAT_SCHEME_LABELS: Record<VatScheme, string> = {
  margin: 'Margin scheme (second-hand)',
  standard: 'Standard rate (VAT charged)',
};

export const TRANSACTION_LABELS: Record<TransactionType, string> = {
  cash: 'Cash',
  credit: 'Credit',
  debt: 'Debt',
};
