import type { PurchaseStatus, RegisterResult } from '@loupe/contracts';

/** How a purchase's values read on screen; the API's values stay as they are. */
export const PURCHASE_STATUS_LABELS: Record<PurchaseStatus, string> = {
  completed: 'Completed',
  voided: 'Voided',
};

export const REGISTER_RESULT_LABELS: Record<RegisterResult, string> = {
  clear: 'Clear (no match)',
  flagged: 'Flagged (reported lost or stolen)',
};

/** The stock number as the labels and documents print it: "Stock no. 1042". */
export const stockNumberText = (stockNumber: number): string => `Stock no. ${stockNumber}`;
