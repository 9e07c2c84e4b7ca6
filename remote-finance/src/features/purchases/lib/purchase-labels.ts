import {
  SELLER_NOT_ON_FILE,
  type Purchase,
  type PurchaseStatus,
  type RegisterResult,
} from '@loupe/contracts';

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

/** The seller as the screens show them: their name, or that none is on file (an item-form purchase). */
export const sellerShown = (p: Pick<Purchase, 'sellerId' | 'sellerName'>): string =>
  p.sellerId === null ? SELLER_NOT_ON_FILE : p.sellerName;
