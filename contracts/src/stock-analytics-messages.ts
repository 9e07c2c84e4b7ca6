// Aged stock, margins and consignment-in (issue 14): the constants and texts both sides need, in plain TypeScript
// so that browser.ts can carry them (the schemas are in stock-analytics.ts).

/** An item in stock this many days or more is "aged" (the dashboard's 90+ day card). */
export const AGED_STOCK_DAYS = 90;
/** Average days to sell: over sales dated in the last this many days (today included) unless a range is asked. */
export const DAYS_TO_SELL_DEFAULT_DAYS = 365;
/** The margin report's longest range, in days (both ends included). */
export const MARGIN_RANGE_MAX_DAYS = 3660;
/** The margin report's line for items sold without a brand. */
export const NO_BRAND_LABEL = '(No brand)';
/** The ledger source of the payable a consignment sale posts to its supplier (client_ledger.source). */
export const CONSIGNMENT_LEDGER_SOURCE = 'consignment';
/** The ledger method shown on that payable. */
export const CONSIGNMENT_LEDGER_METHOD = 'Consignment';

// ---- messages (400 field errors and 409 details)
export const CONSIGNMENT_WITH_TRANSACTIONS =
  'A consignment item has no purchase transactions: the supplier is paid the agreed cost when it sells.';
export const CONSIGNMENT_SUPPLIER_UNKNOWN = (id: number) => `Invalid pk "${id}" - object does not exist.`;
export const NOT_CONSIGNMENT = 'This item is not on consignment.';
export const CONSIGNMENT_NOT_RETURNABLE =
  'Only an available consignment item can be returned to its supplier.';
export const MARGIN_RANGE_TOO_LONG = `A range covers at most ${MARGIN_RANGE_MAX_DAYS} days.`;
