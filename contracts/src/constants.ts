// Runtime constants the pages need. This file must not import TypeBox: the browser build resolves
// @loupe/contracts to browser.ts, which re-exports this file as values (everything else as types only).

/** SPEC §9. The £ sign is used in lists; BTC amounts carry up to 8 decimals, the others 2. */
export const CURRENCIES = ['GBP', 'USD', 'EUR', 'BTC'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'GBP';

/** SPEC §9, in the order the forms list them; default Cash. Shared by Sell, quick sales and expenses. */
export const PAYMENT_METHODS = [
  'Cash',
  'Bank Transfer',
  'Credit Card',
  'Debit Card',
  'PayPal',
  'Bitcoin',
  'Other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'Cash';

/** SPEC §9: items per page. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

// ---- Inventory (SPEC §3, §4) ----

export const STOCK_TYPES = ['Watches', 'Jewellery', 'Accessories'] as const;
export type StockType = (typeof STOCK_TYPES)[number];

export const ITEM_STATUSES = ['available', 'checked_out', 'unavailable', 'sold'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const DEFAULT_ITEM_STATUS: ItemStatus = 'available';

export const TRANSACTION_TYPES = ['cash', 'credit', 'debt'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** The brand-to-model catalogue (SPEC §3): a model is chosen only after its brand, and only from its list. */
export const BRAND_CATALOGUE = {
  Rolex: ['Submariner', 'Daytona', 'Datejust', 'GMT-Master', 'Explorer'],
  Omega: ['Speedmaster', 'Seamaster', 'Constellation', 'De Ville', 'Globemaster'],
  Cartier: ['Tank', 'Ballon Bleu', 'Santos', 'Pasha', 'Panthère'],
} as const satisfies Record<string, readonly string[]>;
export type Brand = keyof typeof BRAND_CATALOGUE;
export const BRANDS = Object.keys(BRAND_CATALOGUE) as Brand[];

/** `GET /api/items/?ordering=`: the sort keys the item lists accept; default "-created_at". */
export const ITEM_ORDERINGS = [
  'created_at',
  '-created_at',
  'serial',
  '-serial',
  'purchase_price',
  '-purchase_price',
  'listing_price',
  '-listing_price',
  'purchased_on',
  '-purchased_on',
  'brand',
  '-brand',
  'due_date',
  '-due_date',
] as const;
export type ItemOrdering = (typeof ITEM_ORDERINGS)[number];

/** Item images: any image type recognised by content, at most this size (413 above). */
export const ITEM_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ITEM_IMAGE_MAX_COUNT = 20;
