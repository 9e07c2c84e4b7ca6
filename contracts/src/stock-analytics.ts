import { Type, type Static } from '@sinclair/typebox';
import { DateString, DecimalInput, Nullable, Text } from './common';

export * from './stock-analytics-messages';

/*
 * Aged stock, margin by brand and consignment-in (issue 14). Endpoints: `endpoints.stock.aging`,
 * `endpoints.reports.margins` / `.marginsCsv`, `endpoints.items.returnToSupplier`, and `consignment` on
 * `POST /api/items/` (ItemCreate, inventory.ts). Constants and messages: stock-analytics-messages.ts.
 *
 * DAYS IN STOCK (ItemRow.daysInStock) — whole days, T = today in the shop's time zone:
 *   - sold item:                      (date of the sale that stands on it) − purchasedOn
 *   - consignment item returned:      (the day it went back, in the shop's zone) − purchasedOn
 *   - any other item (in stock):      T − purchasedOn
 * purchasedOn is the day a consignment item was received. Never negative (a sale dated before the purchase
 * counts 0). Ordering `days_in_stock` lists the fewest days first: it is the purchase-date order reversed
 * (purchasedOn newest first, then id), exact for stock on hand, which is what the list sorts for.
 *
 * VALUATION — "cost" of stock is the items' purchasePrice. Consignment items are NOT the shop's stock: they are
 * left out of every stock value (the 90+ card's cost, the dashboard's and inventory summary's in-stock value
 * and per-type values, the Stock Summary report's stock, and the Purchases report's stock bought) and counted
 * nowhere as money spent. They are listed, filtered (`consignment=true|false`) and sold like any item.
 *
 * CONSIGNMENT-IN — `POST /api/items/` with `consignment: {supplierId, agreedCost, returnBy?, supplierRef?}`:
 *   - supplierId: a client of this shop; agreedCost: GBP ≥ 0, ≤ 2 decimals; returnBy: a date (may be in the
 *     past); supplierRef ≤ 100 characters. Errors are keyed `consignment`, each naming its field, e.g.
 *     `{"consignment": ["supplierId: Invalid pk \"9\" - object does not exist."]}`.
 *   - no `transactions` with it (400 keyed transactions: CONSIGNMENT_WITH_TRANSACTIONS). The item's
 *     purchasePrice is the agreed cost (what the sale's cost of goods will be); purchasedOn = the day received.
 *   - nothing is posted at receipt: the shop owes nothing until it sells.
 *   - SELL: in the sale's transaction, the supplier's ledger gets +agreedCost (GBP, source 'consignment',
 *     method 'Consignment', dated the sale's date): the shop now owes the supplier. The sale's cost of goods
 *     sold is the agreed cost.
 *   - VOID of that sale: the payable is reversed too (a reversal entry on the supplier's ledger, dated the void).
 *   - `POST /api/items/{id}/return-to-supplier/` `{note?}` (any member; available consignment items only, else
 *     409 CONSIGNMENT_NOT_RETURNABLE, or NOT_CONSIGNMENT for an owned item) → status unavailable,
 *     consignment.returnedAt set; audited (item, action 'return_to_supplier').
 *   - overdue: not returned, not sold, returnBy before T.
 */

/** The consignment terms of an item received on memo (ItemRow.consignment; null for an owned item). */
export const ItemConsignment = Type.Object({
  supplierId: Type.Integer(),
  supplierName: Type.String(),
  /** GBP: what the shop owes the supplier once the item sells; left out without 'viewCosts' (it is the cost). */
  agreedCost: Type.Optional(Type.Number()),
  returnBy: Nullable(DateString),
  supplierRef: Type.String(),
  /** ISO 8601 instant it went back to the supplier, or null. */
  returnedAt: Nullable(Type.String()),
  /** Not returned, not sold, and returnBy is before today (shop's zone). */
  overdue: Type.Boolean(),
});
export type ItemConsignment = Static<typeof ItemConsignment>;

/** `consignment` in ItemCreate. */
export const ConsignmentInput = Type.Object(
  {
    supplierId: Type.Integer(),
    agreedCost: DecimalInput,
    returnBy: Type.Optional(Nullable(DateString)),
    supplierRef: Type.Optional(Text({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ConsignmentInput = Static<typeof ConsignmentInput>;

/** `POST /api/items/{id}/return-to-supplier/` → 200 Item. */
export const ReturnToSupplier = Type.Object(
  { note: Type.Optional(Text({ maxLength: 500, multiline: true })) },
  { additionalProperties: false },
);
export type ReturnToSupplier = Static<typeof ReturnToSupplier>;

// ---------------------------------------------------------------- aged stock (dashboard cards)

/** An item out on approval past its due date (memo aging). */
export const MemoOverdue = Type.Object({
  checkoutId: Type.Integer(),
  itemId: Type.Integer(),
  serial: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  clientId: Type.Integer(),
  clientName: Type.String(),
  dueDate: DateString,
  /** T − dueDate (≥ 1). */
  daysOverdue: Type.Integer(),
  /** GBP, null when none was agreed. */
  agreedPrice: Nullable(Type.Number()),
});
export type MemoOverdue = Static<typeof MemoOverdue>;

/** A consignment item past its return-by date. */
export const ConsignmentOverdue = Type.Object({
  itemId: Type.Integer(),
  serial: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  supplierId: Type.Integer(),
  supplierName: Type.String(),
  returnBy: DateString,
  /** T − returnBy (≥ 1). */
  daysOverdue: Type.Integer(),
  /** Left out without 'viewCosts'. */
  agreedCost: Type.Optional(Type.Number()),
});
export type ConsignmentOverdue = Static<typeof ConsignmentOverdue>;

/**
 * `GET /api/stock/aging/?from&to` (any member) → StockAging, for the dashboard. T = today, shop's zone.
 * - over90: owned items in stock (status available, checked_out or unavailable; not sold; no consignment) with
 *   T − purchasedOn ≥ AGED_STOCK_DAYS: how many, and their purchase prices summed (GBP, exact).
 * - averageDaysToSell: over the item sales that stand (not voided, not reversals) dated from … to (default: the
 *   last DAYS_TO_SELL_DEFAULT_DAYS days, T−364 … T): the mean of (sale date − purchasedOn), to one decimal
 *   (halves away from zero); null when there is no such sale. `salesCounted` = how many sales it averages.
 * - memoOverdue: open check-outs with a due date before T, most overdue first (then check-out id).
 * - consignmentOverdue: consignment items neither returned nor sold, returnBy before T, most overdue first.
 * Lists hold at most 50 lines each; `memoOverdueCount` / `consignmentOverdueCount` count them all.
 * from/to: YYYY-MM-DD, both or neither, from ≤ to (400 field errors as the reports').
 */
export const StockAgingQuery = Type.Object(
  { from: Type.Optional(DateString), to: Type.Optional(DateString) },
  { additionalProperties: false },
);
export type StockAgingQuery = Static<typeof StockAgingQuery>;

export const StockAging = Type.Object({
  today: DateString,
  /** `cost` is left out for a caller who may not see costs ('viewCosts'). */
  over90: Type.Object({ count: Type.Integer(), cost: Type.Optional(Type.Number()) }),
  averageDaysToSell: Nullable(Type.Number()),
  salesCounted: Type.Integer(),
  from: DateString,
  to: DateString,
  memoOverdue: Type.Array(MemoOverdue),
  memoOverdueCount: Type.Integer(),
  consignmentOverdue: Type.Array(ConsignmentOverdue),
  consignmentOverdueCount: Type.Integer(),
});
export type StockAging = Static<typeof StockAging>;

// ---------------------------------------------------------------- margin by brand

/**
 * `GET /api/reports/margins/?from&to` (any member) → MarginReport; `/api/reports/margins/csv/` the same as CSV.
 * from/to: YYYY-MM-DD, required, from ≤ to, at most MARGIN_RANGE_MAX_DAYS days (400 field errors keyed by the
 * parameter). Item sales only (quick sales have no brand and no cost), by sale date, in GBP, exact:
 *   - a sale counts +1 on its day with its price (salesGbp) and cost (the item's purchase price when sold, a
 *     consignment item's agreed cost);
 *   - a VOID counts −1 on the day of the void with the negated price and cost (as the finance reports do), so
 *     a range holding both nets to nothing and a range holding only the void shows it as negative;
 *   - brand = the item's brand when it was sold; '' is shown as NO_BRAND_LABEL.
 * Per brand: sales (count), salesGbp, costGbp, marginGbp = salesGbp − costGbp, marginPercent =
 * round1(marginGbp / salesGbp × 100) (halves away from zero), null when salesGbp is 0. Rows: largest salesGbp
 * first, then brand; brands whose every figure nets to 0 are left out. `totals` the same over all rows.
 * CSV: text/csv attachment `loupe-margins-<from>-<to>.csv`, header Brand,Sales,Sales (GBP),Cost of goods sold
 * (GBP),Margin (GBP),Margin %,Repair costs (GBP),Shop margin (GBP), one line per row then a `Total` line; money with 2 decimals, % with 1 ('' when
 * null); CRLF line ends, quoting and formula guard as the reports' CSV.
 */
export const MarginQuery = Type.Object({ from: DateString, to: DateString }, { additionalProperties: false });
export type MarginQuery = Static<typeof MarginQuery>;

export const MarginLine = Type.Object({
  /** The brand as stored ('' for none). */
  brand: Type.String(),
  /** What to show: the brand, or NO_BRAND_LABEL. */
  label: Type.String(),
  sales: Type.Integer(),
  salesGbp: Type.Number(),
  costGbp: Type.Number(),
  marginGbp: Type.Number(),
  marginPercent: Nullable(Type.Number()),
  /**
   * Issue 23 item 5: the workshop's repair and service costs of the items sold (a void's on its day, negative),
   * and the shop's own margin after them (marginGbp − repairGbp). costGbp and marginGbp stay on the purchase
   * price, the margin scheme's figure (HMRC VAT Notice 718: restoration costs are not part of it). Optional for
   * readers built before them.
   */
  repairGbp: Type.Optional(Type.Number()),
  shopMarginGbp: Type.Optional(Type.Number()),
});
export type MarginLine = Static<typeof MarginLine>;

export const MarginReport = Type.Object({
  from: DateString,
  to: DateString,
  currency: Type.Literal('GBP'),
  rows: Type.Array(MarginLine),
  totals: MarginLine,
});
export type MarginReport = Static<typeof MarginReport>;
