// The values and words of deals (issue 20) that both the service and the pages use. No TypeBox here: the browser
// entry (browser.ts) re-exports this file as values.

/** reserved: a layaway (items held against a deposit); completed: invoiced; cancelled: a layaway given up; voided:
 * a completed deal reversed by one credit note. */
export const DEAL_STATUSES = ['reserved', 'completed', 'cancelled', 'voided'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** item: a stock item sold; other: a line that is not stock (a strap, a service); part_exchange: the client's own
 * piece taken as part payment, which becomes a stock item at its allowance. */
export const DEAL_LINE_KINDS = ['item', 'other', 'part_exchange'] as const;
export type DealLineKind = (typeof DEAL_LINE_KINDS)[number];

/** The VAT rate of an "other" line in a VAT-registered shop: standard (20%, included) or zero-rated. */
export const OTHER_LINE_VAT_RATES = ['standard', 'zero'] as const;
export type OtherLineVatRate = (typeof OTHER_LINE_VAT_RATES)[number];

/** Money in (the client pays the shop) or out (the shop pays the client: a larger allowance, a refund). */
export const PAYMENT_DIRECTIONS = ['in', 'out'] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

/** payment: taken at completion; deposit: the first payment of a layaway; instalment: later ones; refund: paid
 * back on a cancelled layaway; payout: the shop pays the client what a part-exchange exceeds the goods by. */
export const DEAL_PAYMENT_KINDS = ['payment', 'deposit', 'instalment', 'refund', 'payout'] as const;
export type DealPaymentKind = (typeof DEAL_PAYMENT_KINDS)[number];

/** What a cancelled layaway does with the money paid, by the shop's policy (Shop Settings). */
export const LAYAWAY_CANCEL_POLICIES = ['refund', 'forfeit'] as const;
export type LayawayCancelPolicy = (typeof LAYAWAY_CANCEL_POLICIES)[number];

/** Lines and payments of one deal. */
export const DEAL_MAX_LINES = 20;
export const DEAL_MAX_PAYMENTS = 10;

export const DEAL_NO_SALE_LINE = 'A deal needs at least one item or other line to sell.';
export const DEAL_ITEM_TWICE = 'This item is on the deal twice.';
export const DEAL_ITEM_SOLD = 'This item has already been sold.';
export const DEAL_ITEM_UNAVAILABLE = 'This item is unavailable and cannot be sold.';
export const DEAL_ITEM_RESERVED = 'This item is reserved for another client.';
export const DEAL_ITEM_CHECKED_OUT = (client: string) => `This item is checked out to ${client}.`;
export const DEAL_NOT_BALANCED = (balance: string) =>
  `The payments do not settle the deal: £${balance} is left to pay.`;
export const DEAL_OVERPAID = (excess: string) => `The payments exceed the deal by £${excess}.`;
export const DEAL_PX_NEEDS_CLIENT = 'A part-exchange needs the client it is bought from.';
export const DEAL_RESERVE_NEEDS_CLIENT = 'A reservation needs the client it is held for.';
export const DEAL_RESERVE_NEEDS_DEPOSIT = 'A reservation needs a deposit.';
export const DEAL_RESERVE_NO_PX =
  'A part-exchange is taken when the deal is completed, not on a reservation.';
export const DEAL_RESERVE_NO_OUT = 'A reservation takes money in only.';
export const DEAL_NOT_RESERVED = 'Only a reserved deal can take an instalment, be completed or be cancelled.';
export const DEAL_NOT_COMPLETED = 'Only a completed deal can be voided.';
export const DEAL_PX_ITEM_SOLD =
  'The part-exchanged item has been sold since: void that sale first, then this deal.';
