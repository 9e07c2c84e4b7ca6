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
} from './common';
import { STOCK_TYPES } from './constants';
import { AmlRefusal, InvoiceRef } from './documents';
import { VAT_SCHEMES, VAT_TREATMENTS } from './documents-messages';
import {
  DEAL_LINE_KINDS,
  DEAL_MAX_LINES,
  DEAL_MAX_PAYMENTS,
  DEAL_PAYMENT_KINDS,
  DEAL_STATUSES,
  LAYAWAY_CANCEL_POLICIES,
  OTHER_LINE_VAT_RATES,
  PAYMENT_DIRECTIONS,
} from './deal-messages';
import { DEAL_CHANNELS } from './feeds';

/*
 * Deals (issue 20). Endpoints: `endpoints.deals` (endpoints.ts). The server's `sales` module owns them.
 *
 * A DEAL is one sale to one buyer: lines (stock items, other lines such as a strap or a service, and
 * part-exchanges: the client's own piece taken as part payment) and payments (several methods and currencies,
 * money in or out). Completing it is ONE transaction: the AML guard over the deal's cash in and, separately, its
 * cash out; every stock item sold; each part-exchange entered as a stock item (cost = its allowance, bought from
 * the client, dated the deal's day, margin scheme); the consignment payables; one `sales` row per sold line (what
 * the reports sum); one invoice of all the lines; the audit trail.
 *
 * MONEY — every line and payment carries its GBP value: round2(amount × exchangeRate). The deal's currency is its
 * lines' (the invoice's); a payment has its own currency and rate. In GBP:
 *   goods   = Σ item and other lines           partExchange = Σ allowances
 *   due     = goods − partExchange             (negative: the shop owes the client the difference)
 *   paid    = Σ payments in − Σ payments out   balance = due − paid
 * A completed deal has balance 0 exactly (400 DEAL_NOT_BALANCED / DEAL_OVERPAID otherwise).
 *
 * VAT per line (the shop's VAT number decides, as for single sales, contracts/src/documents.ts):
 *   item, margin scheme: no VAT printed; marginGbp = amountGbp − the item's cost, marginVatGbp =
 *     round2(max(marginGbp, 0) / 6) (each item on its own: a loss on one never offsets another, Notice 718 §3);
 *   item, standard / other, standard: vatGbp = round2(amountGbp / 6), and in the deal's currency round(amount / 6);
 *   other, zero: no VAT; the shop without a VAT number: 'none' everywhere.
 *
 * RESERVATION (layaway) — `reserve` instead of completing: the items go to status `reserved` (out of the sellable
 * lists) for the client until collectBy; the payments are the deposit (money in only, at least one, not more than
 * is due). Later instalments: `POST /api/deals/{id}/payments/`. `complete` takes the last payments and issues the
 * invoice, dated that day (the tax point of a margin-scheme sale, server/README.md "Deals"). `cancel` puts the
 * items back and, by the shop's policy (ShopSettings.layawayCancelPolicy), refunds every payment by its own method
 * or keeps them (forfeit). Every payment, in or out, goes through the AML guard with the client's linked cash.
 */

export const DealStatusSchema = Choice(DEAL_STATUSES);

/** A new piece taken in part-exchange (a short item form): it becomes a stock item of the shop. */
export const PartExchangeInput = Type.Object(
  {
    serial: Text({ maxLength: 100 }),
    stockType: Choice(STOCK_TYPES),
    brand: Type.Optional(Text({ maxLength: 60 })),
    model: Type.Optional(Text({ maxLength: 60 })),
    description: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /** Default margin: a piece bought from a private person is second-hand goods under the margin scheme. */
    vatScheme: Type.Optional(Choice(VAT_SCHEMES)),
  },
  { additionalProperties: false },
);
export type PartExchangeInput = Static<typeof PartExchangeInput>;

/**
 * One line of a new deal. item: `itemId` and `price`; other: `description`, `price` and `vatRate` (default
 * standard); part_exchange: `partExchange` (the piece) and `price` (the allowance). Prices in the deal's
 * currency, > 0.
 */
export const DealLineInput = Type.Object(
  {
    kind: Choice(DEAL_LINE_KINDS),
    itemId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    price: DecimalInput,
    description: Type.Optional(Text({ maxLength: 200 })),
    vatRate: Type.Optional(Choice(OTHER_LINE_VAT_RATES)),
    partExchange: Type.Optional(PartExchangeInput),
  },
  { additionalProperties: false },
);
export type DealLineInput = Static<typeof DealLineInput>;

/** A payment of a deal: `amount` > 0 in `currency` (default GBP) at `exchangeRate` (GBP per unit; 1 for GBP). */
export const DealPaymentInput = Type.Object(
  {
    method: PaymentMethodSchema,
    amount: DecimalInput,
    currency: Type.Optional(CurrencySchema),
    exchangeRate: Type.Optional(DecimalInput),
    /** Default in. Out: the shop pays the client (a part-exchange worth more than the goods). */
    direction: Type.Optional(Choice(PAYMENT_DIRECTIONS)),
  },
  { additionalProperties: false },
);
export type DealPaymentInput = Static<typeof DealPaymentInput>;

/**
 * `POST /api/deals/` → 201 Deal (completed, with its invoice; or reserved with `reserve`). `POST
 * /api/deals/check/` takes the same body and saves nothing → DealCheck: the totals and, when the guard would
 * refuse the deal's cash, the refusal the create would answer (409), so a screen shows it before confirming.
 * 400 field errors: lines[i].price, lines[i].itemId, payments[j].amount …; 404 never (an item of another shop
 * is a field error); 409 when an item is sold, reserved, unavailable or taken by a deal that won the race.
 */
export const DealCreate = Type.Object(
  {
    clientId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
    /** A walk-in buyer's name for the invoice, when there is no client. */
    buyerName: Type.Optional(Text({ maxLength: 200 })),
    currency: Type.Optional(CurrencySchema),
    exchangeRate: Type.Optional(DecimalInput),
    /** The deal's day: default today, not in the future. */
    date: Type.Optional(DateString),
    lines: Type.Array(DealLineInput, { maxItems: DEAL_MAX_LINES }),
    payments: Type.Array(DealPaymentInput, { maxItems: DEAL_MAX_PAYMENTS }),
    /** Reserve (layaway) instead of completing: the items are held for the client until this day. */
    reserve: Type.Optional(Type.Object({ collectBy: DateString }, { additionalProperties: false })),
    notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /** Where the sale came from (issue 24 item 4, feeds.ts DEAL_CHANNELS): default 'shop'. */
    channel: Type.Optional(Choice(DEAL_CHANNELS)),
  },
  { additionalProperties: false },
);
export type DealCreate = Static<typeof DealCreate>;

/** `POST /api/deals/{id}/payments/`: an instalment on a reserved deal (money in; not beyond the balance). */
export const DealPaymentCreate = Type.Object(
  {
    payment: DealPaymentInput,
    date: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type DealPaymentCreate = Static<typeof DealPaymentCreate>;

/** `POST /api/deals/{id}/complete/`: the last payments (may be none when the deposits settle it) → the invoice. */
export const DealComplete = Type.Object(
  {
    payments: Type.Optional(Type.Array(DealPaymentInput, { maxItems: DEAL_MAX_PAYMENTS })),
    date: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type DealComplete = Static<typeof DealComplete>;

/** `POST /api/deals/{id}/cancel/`: a reserved deal given up; the shop's policy refunds or keeps the money. */
export const DealCancel = Type.Object(
  { reason: Text({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type DealCancel = Static<typeof DealCancel>;

export const DealLine = Type.Object({
  id: Type.Integer(),
  kind: Choice(DEAL_LINE_KINDS),
  /** The stock item sold, or the one a part-exchange became. */
  itemId: Nullable(Type.Integer()),
  serial: Type.String(),
  description: Type.String(),
  /** In the deal's currency; an allowance is positive here and subtracted in the totals. */
  amount: Type.Number(),
  amountGbp: Type.Number(),
  vatTreatment: Choice(VAT_TREATMENTS),
  /** Standard-rated lines: the VAT within the price (GBP), else 0. */
  vatGbp: Type.Number(),
  /** Margin-scheme item lines (else null): for the VAT return. Left out without 'viewCosts' (it gives the cost). */
  marginGbp: Type.Optional(Nullable(Type.Number())),
  marginVatGbp: Type.Optional(Nullable(Type.Number())),
});
export type DealLine = Static<typeof DealLine>;

export const DealPayment = Type.Object({
  id: Type.Integer(),
  kind: Choice(DEAL_PAYMENT_KINDS),
  direction: Choice(PAYMENT_DIRECTIONS),
  method: PaymentMethodSchema,
  amount: Type.Number(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  amountGbp: Type.Number(),
  date: DateString,
  createdBy: Nullable(Type.String()),
});
export type DealPayment = Static<typeof DealPayment>;

export const DealTotals = Type.Object({
  goodsGbp: Type.Number(),
  partExchangeGbp: Type.Number(),
  dueGbp: Type.Number(),
  paidGbp: Type.Number(),
  balanceGbp: Type.Number(),
});
export type DealTotals = Static<typeof DealTotals>;

export const Deal = Type.Object({
  id: Type.Integer(),
  /** As shown: "D-" and the id. */
  reference: Type.String(),
  status: DealStatusSchema,
  clientId: Nullable(Type.Integer()),
  /** The client's name, or the walk-in's, or ''. */
  buyerName: Type.String(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  date: DateString,
  collectBy: Nullable(DateString),
  /** A reserved deal past its collect-by day. */
  overdue: Type.Boolean(),
  completedOn: Nullable(DateString),
  cancelledOn: Nullable(DateString),
  /** How a cancelled layaway ended. */
  cancelOutcome: Nullable(Choice(LAYAWAY_CANCEL_POLICIES)),
  cancelReason: Type.String(),
  lines: Type.Array(DealLine),
  payments: Type.Array(DealPayment),
  totals: DealTotals,
  invoice: Nullable(InvoiceRef),
  creditNote: Nullable(InvoiceRef),
  notes: Type.String(),
  /** Where the sale came from: shop, phone, website (an enquiry), chrono24 or other (DEAL_CHANNEL_LABELS). */
  channel: Choice(DEAL_CHANNELS),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Deal = Static<typeof Deal>;
export const DealList = ListOf(Deal);
export type DealList = Static<typeof DealList>;

/** `GET /api/deals/`: newest first; status; client; overdue=true: reserved deals past their collect-by day. */
export const DealQuery = Type.Object(
  {
    ...PagingQuery,
    status: Type.Optional(DealStatusSchema),
    client: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    overdue: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DealQuery = Static<typeof DealQuery>;

/** `POST /api/deals/check/` → the totals the deal would have and the AML guard's answer (null: it passes). */
export const DealCheck = Type.Object({
  totals: DealTotals,
  aml: Nullable(AmlRefusal),
});
export type DealCheck = Static<typeof DealCheck>;
