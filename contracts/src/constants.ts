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

/** reserved (issue 20): held for a client against a deposit (a layaway deal), out of the sellable lists. */
export const ITEM_STATUSES = ['available', 'checked_out', 'reserved', 'unavailable', 'sold'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const DEFAULT_ITEM_STATUS: ItemStatus = 'available';

export const TRANSACTION_TYPES = ['cash', 'credit', 'debt'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * The specification's brand-to-model catalogue (SPEC §3): a model is chosen only after its brand, and only from its
 * list. Every shop's own catalogue starts with it (server migration 020, served by GET /api/catalogue/).
 */
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
  /** Fewest days in stock first (issue 14: the purchase-date order reversed). */
  'days_in_stock',
  '-days_in_stock',
] as const;
export type ItemOrdering = (typeof ITEM_ORDERINGS)[number];

/** Item images: any image type recognised by content, at most this size (413 above). */
export const ITEM_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const ITEM_IMAGE_MAX_COUNT = 20;

// ---- Clients (SPEC §3 Client, §5, §9) ----

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const DEFAULT_CLIENT_STATUS: ClientStatus = 'active';
/** The clients list's balance filter: debtors, creditors, settled. */
export const CLIENT_BALANCE_FILTERS = ['negative', 'positive', 'zero'] as const;
/** How lists show a status (SPEC §4: inactive is shown as "Not Active"). */
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Active',
  inactive: 'Not Active',
};

/** `GET /api/clients/?ordering=`: the sort keys the clients list accepts; default "name". */
export const CLIENT_ORDERINGS = [
  'name',
  '-name',
  'email',
  '-email',
  'balance',
  '-balance',
  'status',
  '-status',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;
export type ClientOrdering = (typeof CLIENT_ORDERINGS)[number];
export const DEFAULT_CLIENT_ORDERING: ClientOrdering = 'name';

/** KYC documents (SPEC §5): what the file input accepts, and what the server recognises by content. */
export const KYC_ACCEPT = '.pdf,.jpg,.png';
export const KYC_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** At most this size (413 above). */
export const KYC_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The Payment dialog: 'received' = the client paid the shop (the balance goes up), 'paid' = the shop paid the
 * client (the balance goes down). Positive balance: the shop owes the client; negative: the client owes the shop.
 */
export const LEDGER_DIRECTIONS = ['received', 'paid'] as const;
export type LedgerDirection = (typeof LEDGER_DIRECTIONS)[number];

// ---- Finance (SPEC §2 Reports, §9) ----

/** The keys of a list of `{key, label}`, in order, as a tuple (so a schema can be built from them). */
type KeysOf<T extends readonly { key: string }[]> = { readonly [K in keyof T]: T[K]['key'] };

/** The report types in the order the Reports screen lists them: API key → visible label (SPEC §2). */
export const REPORT_TYPES = [
  { key: 'sales', label: 'Sales' },
  { key: 'purchases', label: 'Purchases' },
  { key: 'stock_summary', label: 'Stock Summary' },
  { key: 'profit_loss', label: 'Profit & Loss' },
  { key: 'sales_by_method', label: 'Sales by Payment Method' },
  { key: 'client_balances', label: 'Client Balances' },
  { key: 'client_report', label: 'Client Report' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['key'];
export const REPORT_TYPE_KEYS = REPORT_TYPES.map((t) => t.key) as unknown as KeysOf<typeof REPORT_TYPES>;

/** The report ranges (SPEC §2); Custom Range takes From and To. */
export const REPORT_RANGES = [
  { key: 'daily', label: 'Daily' },
  { key: 'weekly', label: 'Weekly' },
  { key: 'monthly', label: 'Monthly' },
  { key: 'custom', label: 'Custom Range' },
] as const;
export type ReportRange = (typeof REPORT_RANGES)[number]['key'];
export const REPORT_RANGE_KEYS = REPORT_RANGES.map((r) => r.key) as unknown as KeysOf<typeof REPORT_RANGES>;

/** A Custom Range covers at most this many days (one summary row per day). */
export const REPORT_MAX_CUSTOM_DAYS = 366;

/** JSON client lists of the client reports stop after this many lines (the CSV has every client). */
export const REPORT_CLIENT_LIMIT = 500;

/** Pinned reports ("Add to Dash") a user may keep. */
export const MAX_PINS_PER_USER = 50;
