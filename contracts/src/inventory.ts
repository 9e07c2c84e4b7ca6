import { Type, type Static } from '@sinclair/typebox';
import {
  Choice,
  CurrencySchema,
  DateString,
  DecimalInput,
  ListOf,
  Nullable,
  PagingQuery,
  PaymentMethodSchema,
  Text,
  ChoiceList,
} from './common';
import { InvoiceRef } from './documents';
import { VAT_SCHEMES } from './documents-messages';
import { ITEM_LOCATION_MAX } from './stock-take-messages';
import { SELLER_KINDS } from './purchase-messages';
import { ConsignmentInput, ItemConsignment } from './stock-analytics';
import { ITEM_ORDERINGS, ITEM_STATUSES, STOCK_TYPES, TRANSACTION_TYPES } from './constants';
import { itemAttributeFields, itemAttributeInputFields } from './item-attribute-schemas';
import { CONDITION_GRADES, METALS } from './item-attributes';
import { DEAL_CHANNELS } from './feeds';

/*
 * Inventory (SPEC §2-§5, issue 5). Endpoints: `endpoints.items` (endpoints.ts).
 *
 * PURCHASE PRICE — the exact rule the server applies and the form's read-only total must show:
 *   line(cash)          = round2( amount × exchangeRate × (1 − feePercent / 100) )
 *   line(credit | debt) = amount                      (a GBP amount: see ItemTransactionInput)
 *   purchasePrice       = Σ line                      (each line is rounded BEFORE summing)
 * round2 rounds to 2 decimals, halves away from zero (PostgreSQL `round(numeric, 2)`), computed on the exact
 * decimal values (no binary floating point: 10.01 × 1.5 = 15.015 → 15.02, where floats give 15.01). Each
 * line's value is returned as `amountGbp`. An item without transactions has purchasePrice 0.
 */

export const StockTypeSchema = Choice(STOCK_TYPES);
export const ItemStatusSchema = Choice(ITEM_STATUSES);
export const TransactionTypeSchema = Choice(TRANSACTION_TYPES);

/*
 * Decimals in requests (DecimalInput, common.ts): GBP/USD/EUR amounts ≤ 2 decimals, BTC amounts and exchange
 * rates ≤ 8, feePercent 0–100 with ≤ 4. Violations are DRF field errors.
 */

// ---------------------------------------------------------------- responses

export const ItemTransaction = Type.Object({
  id: Type.Integer(),
  type: TransactionTypeSchema,
  /** In `currency`; up to 8 decimals for BTC. */
  amount: Type.Number(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  feePercent: Type.Number(),
  clientId: Nullable(Type.Integer()),
  clientName: Nullable(Type.String()),
  /** This line's contribution to purchasePrice (the rule above). */
  amountGbp: Type.Number(),
});
export type ItemTransaction = Static<typeof ItemTransaction>;

export const ItemImage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});
export type ItemImage = Static<typeof ItemImage>;

/** The open check-out of a checked_out item (null otherwise). */
export const ItemCheckout = Type.Object({
  /** The check-out's id: its approval note is `GET /api/checkouts/{id}/approval-note/`. */
  id: Type.Integer(),
  clientId: Type.Integer(),
  clientName: Type.String(),
  dueDate: Nullable(DateString),
  note: Type.String(),
  checkedOutAt: Type.String(),
  /** The price agreed with the client (GBP), printed on the approval note; null when none was agreed. */
  agreedPrice: Nullable(Type.Number()),
});
export type ItemCheckout = Static<typeof ItemCheckout>;

/**
 * PROMOTE, as a dealer means it: the item is featured — in the shop window and at the top of the online
 * listing — optionally at a promotional price below its listing price. Lists show a badge and filter on it
 * (`promoted=true`). Starting (or changing) a promotion needs an available or checked-out item; ending one is
 * always allowed; selling an item ends its promotion. null when the item is not promoted.
 */
export const ItemPromotion = Type.Object({
  /** Promotional price in GBP, or null to feature the item at its listing price. */
  price: Nullable(Type.Number()),
  note: Type.String(),
  promotedAt: Type.String(),
});
export type ItemPromotion = Static<typeof ItemPromotion>;

const itemRowFields = {
  id: Type.Integer(),
  /**
   * The stock book's stock number (HMRC VAT Notice 718, issue 22): given when the item is created, the next in
   * the shop's gap-free sequence (1, 2, 3…), never changed; searchable like the serial.
   */
  stockNumber: Type.Integer({ minimum: 1 }),
  serial: Type.String(),
  stockType: StockTypeSchema,
  brand: Type.String(),
  model: Type.String(),
  description: Type.String(),
  /**
   * Computed from the transactions (rule at the top of this file); never sent by the client. Left out (never
   * sent as 0) for a caller who may not see costs (permissions.ts 'viewCosts').
   */
  purchasePrice: Type.Optional(Type.Number()),
  tradePrice: Nullable(Type.Number()),
  retailPrice: Nullable(Type.Number()),
  /** The same value as retailPrice, under the name the lists use (SPEC §3). */
  listingPrice: Nullable(Type.Number()),
  status: ItemStatusSchema,
  purchasedOn: DateString,
  /** Set at purchase (issue 13): 'margin' (second-hand, margin scheme: the default) or 'standard'. */
  vatScheme: Choice(VAT_SCHEMES),
  /** Where the item is kept, e.g. "Safe 1" or "Window" ('' when not given): a stock-take can count one. */
  location: Type.String(),
  checkout: Nullable(ItemCheckout),
  promotion: Nullable(ItemPromotion),
  /** Whole days in stock (issue 14; the rule in stock-analytics.ts): to today, or to the sale for a sold item. */
  daysInStock: Type.Integer(),
  /** The terms of an item received on consignment (memo-in) from a supplier; null for the shop's own stock. */
  consignment: Nullable(ItemConsignment),
  /** Id of the first image (for a thumbnail), or null. */
  imageId: Nullable(Type.Integer()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /**
   * Counts every change of the item (edits, sales, check-outs, returns, promotions, voids). Send it back in
   * ItemUpdate; the detail answer carries it as the ETag `W/"<version>"` too.
   */
  version: Type.Integer(),
  /** Watch and jewellery attributes (issue 22; item-attributes.ts). */
  ...itemAttributeFields,
};

/**
 * The sale that stands on a sold item (null unless the item is sold): what the item page shows and what
 * `POST /api/items/{id}/void-sale/` reverses (issue 12). A voided sale no longer stands, so it is null again.
 */
export const ItemSale = Type.Object({
  id: Type.Integer(),
  date: DateString,
  /** In `currency`. */
  price: Type.Number(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  amountGbp: Type.Number(),
  paymentMethod: PaymentMethodSchema,
  clientId: Nullable(Type.Integer()),
  clientName: Nullable(Type.String()),
  /** A walk-in buyer's name when the sale has no client ('' when none was given). */
  buyerName: Type.String(),
  soldBy: Nullable(Type.String()),
  /** The sale's invoice (issue 13). */
  invoice: Nullable(InvoiceRef),
});
export type ItemSale = Static<typeof ItemSale>;

/** A list row: everything but the transactions and the image list. */
export const ItemRow = Type.Object(itemRowFields);
export type ItemRow = Static<typeof ItemRow>;

/** `GET/PUT /api/items/{id}/`, and the answer of every action. */
export const Item = Type.Object({
  ...itemRowFields,
  images: Type.Array(ItemImage),
  /** The purchase transactions: left out for a caller who may not see costs ('viewCosts'). */
  transactions: Type.Optional(Type.Array(ItemTransaction)),
  sale: Nullable(ItemSale),
});
export type Item = Static<typeof Item>;

export const ItemList = ListOf(ItemRow);
export type ItemList = Static<typeof ItemList>;

// ---------------------------------------------------------------- create / update

/**
 * One purchase transaction. `clientId` is required for credit and debt (a client of this shop) and not
 * allowed for cash. Credit and debt amounts are GBP amounts ("the amount as is", SPEC §5): currency must be
 * GBP, exchangeRate 1 and feePercent 0 for them (omit the three, or send the defaults).
 * Each credit/debt line posts an entry of +amount on that client's ledger (client_ledger, source
 * 'item_transaction'): credit = the shop bought on credit and owes the client; debt = the item settles what
 * the client owed the shop. Both move the balance in the client's favour (positive = the shop owes more).
 */
export const ItemTransactionInput = Type.Object(
  {
    /*
     * type (a TRANSACTION_TYPES value) and currency (a CURRENCIES value, default GBP) are plain strings here on
     * purpose: the server checks them itself so that the error names the line ("Line 2: currency: "XYZ" is not
     * a valid choice."), which a schema error keyed `transactions` could not.
     */
    type: Text({ maxLength: 16 }),
    amount: DecimalInput,
    currency: Type.Optional(Text({ maxLength: 8 })),
    exchangeRate: Type.Optional(DecimalInput),
    feePercent: Type.Optional(DecimalInput),
    clientId: Type.Optional(Nullable(Type.Integer())),
    /**
     * How a cash line was paid (a PAYMENT_METHODS value; issue 22): default 'Cash' ('Bitcoin' for BTC). It is the
     * payment method of the purchase document Add Item records, and only 'Cash' goes through the AML guard. Not
     * allowed on credit and debt lines. A plain string for the same reason as type.
     */
    method: Type.Optional(Text({ maxLength: 16 })),
  },
  { additionalProperties: false },
);
export type ItemTransactionInput = Static<typeof ItemTransactionInput>;

const editableFields = {
  serial: Text({ maxLength: 100 }),
  stockType: StockTypeSchema,
  /** '' or a brand of the shop's catalogue (GET /api/catalogue/), active unless the item already names it. */
  brand: Type.Optional(Text({ maxLength: 60 })),
  /** '' or one of the brand's models in the shop's catalogue; a model without a brand is an error. */
  model: Type.Optional(Text({ maxLength: 60 })),
  description: Type.Optional(Text({ maxLength: 5000, multiline: true })),
  /** Default: today in the shop's time zone; not in the future. */
  purchasedOn: Type.Optional(DateString),
  /** Default 'margin' on create; on edit, changeable until the item is sold (then a 400 on vatScheme). */
  vatScheme: Type.Optional(Choice(VAT_SCHEMES)),
  /** Trimmed, ≤ ITEM_LOCATION_MAX; default ''. */
  location: Type.Optional(Text({ maxLength: ITEM_LOCATION_MAX })),
  /** Watch and jewellery attributes, each optional (item-attribute-schemas.ts); an edit keeps those left out. */
  ...itemAttributeInputFields,
};

/**
 * `POST /api/items/` → 201 Item. Serial is trimmed and required, unique per shop (case-sensitive as typed):
 * 400 `{"serial": ["An item with this serial already exists."]}`. Errors of a transaction line are keyed
 * `transactions` with one message per failing line, e.g. `["Line 2: clientId: This field is required."]`.
 */
export const ItemCreate = Type.Object(
  {
    ...editableFields,
    tradePrice: Type.Optional(Nullable(DecimalInput)),
    retailPrice: Type.Optional(Nullable(DecimalInput)),
    /**
     * Chosen freely on add (SPEC §4); default available. checked_out passes the schema so that the server can
     * refuse it with the reason (a check-out names the client: use Check Out).
     */
    status: Type.Optional(ItemStatusSchema),
    transactions: Type.Optional(Type.Array(ItemTransactionInput, { maxItems: 20 })),
    /**
     * Who sold the item to the shop (issue 22): with transactions, the item is recorded as a one-line purchase
     * (purchases.ts, source 'item_form') whose seller this client is. Default: the client the credit and debt
     * lines name, if they name one; otherwise none (a cash purchase on the form: "not on file"). Naming a client
     * other than the lines' is a 400 on sellerId.
     */
    sellerId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
    /** The seller is a member of the public (default) or the trade. */
    sellerKind: Type.Optional(Choice(SELLER_KINDS)),
    /** Received on consignment instead of bought (issue 14; rules in stock-analytics.ts): no transactions then. */
    consignment: Type.Optional(ConsignmentInput),
  },
  { additionalProperties: false },
);
export type ItemCreate = Static<typeof ItemCreate>;

/**
 * `PUT /api/items/{id}/` → 200 Item. Only these fields: status, the three prices and the transactions change
 * only through actions (SPEC §4), so sending any of them is a 400 `{"status": ["This field is not allowed."]}`.
 */
export const ItemUpdate = Type.Object(
  {
    ...editableFields,
    /**
     * The version of the item the page loaded (no lost updates, issue 12). An `If-Match: W/"<version>"`
     * header may stand in for it and, when both are sent, decides; with neither the answer is 400
     * `{"version": ["This field is required."]}`. A stale version is 409 and a failed If-Match 412, both
     * answering ItemConflict with the item as it is now.
     */
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type ItemUpdate = Static<typeof ItemUpdate>;

/**
 * The 409 (stale `version`) or 412 (failed If-Match) of `PUT /api/items/{id}/`: who changed the item last
 * and when (from the audit trail; changedBy null when unknown or deleted), and the item now.
 */
export const ItemConflict = Type.Object({
  detail: Type.String(),
  changedBy: Nullable(Type.String()),
  /** ISO 8601. */
  changedAt: Type.String(),
  current: Item,
});
export type ItemConflict = Static<typeof ItemConflict>;

// ---------------------------------------------------------------- list

/**
 * `GET /api/items/` → ItemList (a query string: see PagingQuery for how it is read). Unknown parameters are a 400.
 * - page (1-based, default 1; past the end → 404 `{"detail": "Invalid page."}`), page_size 10|25|50|100
 * - stock_type: Watches|Jewellery|Accessories; status: one status or a comma list ("available,checked_out")
 * - brand, model: exact catalogue names; min_price, max_price: inclusive bounds on purchasePrice, "£1,234.50"
 *   accepted (£, commas and spaces removed)
 * - search: serial starting with the text, case-insensitive, or (all digits) the item of that stock number
 * - reference: reference number containing the text, case-insensitive
 * - condition_grade: one of CONDITION_GRADES; metal: one of METALS (item-attributes.ts)
 * - box, papers: "true" | "false" (with box and papers: both "true"; box only: box=true&papers=false)
 * - client: client id; items currently checked out to that client
 * - promoted: "true" | "false"
 * - location: exact location (trimmed), e.g. "Safe 1"
 * - consignment: "true" (items received on consignment) | "false" (the shop's own stock)
 * - ordering: one of ITEM_ORDERINGS (constants.ts), default "-created_at"; due_date orders by the open
 *   check-out's due date (checked-out list)
 */

export const ItemQuery = Type.Object(
  {
    ...PagingQuery,
    stock_type: Type.Optional(Choice(STOCK_TYPES)),
    status: Type.Optional(ChoiceList(ITEM_STATUSES)),
    brand: Type.Optional(Text({ maxLength: 60 })),
    model: Type.Optional(Text({ maxLength: 60 })),
    min_price: Type.Optional(Text({ maxLength: 40 })),
    max_price: Type.Optional(Text({ maxLength: 40 })),
    search: Type.Optional(Text({ maxLength: 100 })),
    client: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    promoted: Type.Optional(Type.Boolean()),
    location: Type.Optional(Text({ maxLength: ITEM_LOCATION_MAX })),
    consignment: Type.Optional(Type.Boolean()),
    reference: Type.Optional(Text({ maxLength: 40 })),
    condition_grade: Type.Optional(Choice(CONDITION_GRADES)),
    box: Type.Optional(Type.Boolean()),
    papers: Type.Optional(Type.Boolean()),
    metal: Type.Optional(Choice(METALS)),
    ordering: Type.Optional(Choice(ITEM_ORDERINGS, { default: '-created_at' })),
  },
  { additionalProperties: false },
);
export type ItemQuery = Static<typeof ItemQuery>;

// ---------------------------------------------------------------- actions (each → 200 Item; 409 when the status forbids it)

/**
 * `POST /api/items/{id}/sell/` from available or checked_out (a client on approval buys it: the check-out is
 * closed) → status sold, a `sales` row (amount_gbp = round2(price × exchangeRate), cost_gbp = purchasePrice),
 * promotion ended. clientId defaults to the open check-out's client. date: default today, not in the future.
 * 409 from sold or unavailable.
 */
export const ItemSell = Type.Object(
  {
    price: DecimalInput,
    currency: Type.Optional(CurrencySchema),
    exchangeRate: Type.Optional(DecimalInput),
    paymentMethod: Type.Optional(PaymentMethodSchema),
    clientId: Type.Optional(Nullable(Type.Integer())),
    /** A walk-in buyer's name for the invoice, when there is no client (issue 13). */
    buyerName: Type.Optional(Text({ maxLength: 200 })),
    date: Type.Optional(DateString),
    notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /**
     * Where the sale came from (issue 24 item 4, feeds.ts DEAL_CHANNELS): default 'shop', as a deal's. The
     * Chrono24 7-day rule reads it: a sale made through Chrono24 owes Chrono24 no report.
     */
    channel: Type.Optional(Choice(DEAL_CHANNELS)),
  },
  { additionalProperties: false },
);
export type ItemSell = Static<typeof ItemSell>;

/**
 * `POST /api/items/{id}/check-out/` from available only → checked_out with an open check-out (the client's
 * hasItemCheckedOut becomes true). dueDate optional, not in the past.
 */
export const ItemCheckOut = Type.Object(
  {
    clientId: Type.Integer(),
    dueDate: Type.Optional(Nullable(DateString)),
    note: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /** GBP ≥ 0, ≤ 2 decimals; default the item's listing (retail) price, null when it has none. */
    agreedPrice: Type.Optional(Nullable(DecimalInput)),
  },
  { additionalProperties: false },
);
export type ItemCheckOut = Static<typeof ItemCheckOut>;

/** `POST /api/items/{id}/return/` (body `{}` or none) from checked_out only → available, check-out closed. */
export const ItemReturn = Type.Object({}, { additionalProperties: false });
export type ItemReturn = Static<typeof ItemReturn>;

/**
 * `POST /api/items/{id}/promote/`: `{promoted: true, price?, note?}` starts or changes the promotion (item
 * available or checked_out, else 409); `{promoted: false}` ends it (409 if it is not promoted). price: GBP,
 * > 0, null/omitted = feature at the listing price.
 */
export const ItemPromote = Type.Object(
  {
    promoted: Type.Boolean(),
    price: Type.Optional(Nullable(DecimalInput)),
    note: Type.Optional(Text({ maxLength: 500, multiline: true })),
  },
  { additionalProperties: false },
);
export type ItemPromote = Static<typeof ItemPromote>;

// ---------------------------------------------------------------- images

/**
 * `POST /api/items/{id}/images/` multipart, field `file`: PNG, JPEG, GIF, WebP, AVIF, HEIC, BMP or TIFF recognised
 * by content (not by name or declared type; SVG is refused), ≤ 10 MB (413), at most 20 per item → 201
 * ItemImage. `GET /api/items/{id}/images/{imageId}/` serves the bytes (staff of the shop only, nosniff);
 * `DELETE` the same path → 204. Size cap: ITEM_IMAGE_MAX_BYTES (constants.ts).
 */

// ---------------------------------------------------------------- dashboard

export const StockTypeSummary = Type.Object({
  /** Items of this type in stock (every status but sold). */
  count: Type.Integer(),
  /** Their purchase prices summed, GBP; left out for a caller who may not see costs ('viewCosts'). */
  value: Type.Optional(Type.Number()),
});
export type StockTypeSummary = Static<typeof StockTypeSummary>;

export const RecentPurchase = Type.Object({
  id: Type.Integer(),
  /** "<brand> <model>", else the description, else the serial. */
  name: Type.String(),
  serial: Type.String(),
  /** Left out, with the markup, for a caller who may not see costs ('viewCosts'). */
  purchasePrice: Type.Optional(Type.Number()),
  retailPrice: Nullable(Type.Number()),
  /** (retail − purchase) / purchase × 100, 1 decimal; null without a retail price or a purchase price. */
  expectedMarkupPercent: Type.Optional(Nullable(Type.Number())),
  purchasedOn: DateString,
});
export type RecentPurchase = Static<typeof RecentPurchase>;

/** `GET /api/items/summary/` for the dashboard widgets. */
export const InventorySummary = Type.Object({
  byStockType: Type.Object({
    Watches: StockTypeSummary,
    Jewellery: StockTypeSummary,
    Accessories: StockTypeSummary,
  }),
  /** Every item, by status. */
  byStatus: Type.Object({
    available: Type.Integer(),
    checked_out: Type.Integer(),
    reserved: Type.Integer(),
    unavailable: Type.Integer(),
    sold: Type.Integer(),
  }),
  /** Items in stock (not sold) and their value at purchase price (the value left out without 'viewCosts'). */
  inStockCount: Type.Integer(),
  inStockValue: Type.Optional(Type.Number()),
  /** The last 5 watches bought (purchasedOn, then newest first). */
  recentPurchases: Type.Array(RecentPurchase),
});
export type InventorySummary = Static<typeof InventorySummary>;
