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
import { AmlRefusal } from './documents';
import {
  INTAKE_CONDITION_GRADES,
  PURCHASE_SOURCES,
  STOCK_SETTLEMENT_METHODS,
  PURCHASE_MAX_LINES,
  PURCHASE_MAX_PAYMENTS,
  PURCHASE_STATUSES,
  REGISTER_RESULTS,
  SELLER_KINDS,
} from './purchase-messages';

/*
 * Purchases — buy-ins (issue 22, items 1 and 2). Endpoints: `endpoints.purchases` (endpoints.ts). The server's
 * `purchases` module owns them.
 *
 * A PURCHASE is one buy-in from one client (the seller, private or trade) of one or more pieces, each becoming a
 * stock item with the next stock number of the shop, its purchase price the line's price (GBP), dated the
 * purchase's day; paid by one or more payments OUT (method, currency, rate → GBP, as a deal's payments) whose GBP
 * total equals the purchase total exactly. It is numbered gap-free per shop ('PUR-000042', the purchase invoice
 * the seller signs: `GET /api/purchases/{id}/pdf/`).
 *
 * DUE DILIGENCE (Shop Settings, refused with 409 `{detail, missing: [...]}` naming the line):
 *  - the seller's identity document on file (a KYC document of the client) when the total is at or above
 *    ShopSettings.purchaseIdentityThresholdGbp (default £1,000);
 *  - a stolen-goods register check on each WATCH line at or above ShopSettings.purchaseRegisterCheckThresholdGbp
 *    (default £1,000): provider, search reference, date, result; a 'flagged' result refuses the line; the
 *    certificate file is uploaded afterwards (`POST /api/purchases/{id}/lines/{lineId}/certificate/`);
 *  - cash paid out goes through the AML guard (kind 'payout'; 409 AmlRefusal as deals when CDD is missing).
 * `POST /api/purchases/check/` takes the same body, saves nothing, and answers what the create would refuse.
 *
 * VOID (`POST /api/purchases/{id}/void/`, reason required): by reversal — the payments reversed by rows of their
 * own, the purchase marked voided; its items leave stock (status unavailable). 409 when an item is no longer in
 * stock (sold, checked out, reserved).
 */

export const PurchaseStatusSchema = Choice(PURCHASE_STATUSES);
export const SellerKindSchema = Choice(SELLER_KINDS);
export const RegisterResultSchema = Choice(REGISTER_RESULTS);

/** A stolen-goods register search for a line. */
export const RegisterCheckInput = Type.Object(
  {
    /** e.g. The Watch Register. */
    provider: Text({ minLength: 1, maxLength: 100 }),
    searchReference: Text({ minLength: 1, maxLength: 100 }),
    /** The day of the search: not in the future. */
    checkedOn: DateString,
    result: RegisterResultSchema,
  },
  { additionalProperties: false },
);
export type RegisterCheckInput = Static<typeof RegisterCheckInput>;

/** What came with the piece and its state, recorded at intake. */
export const IntakeInput = Type.Object(
  {
    conditionGrade: Type.Optional(Nullable(Choice(INTAKE_CONDITION_GRADES))),
    box: Type.Optional(Type.Boolean()),
    papers: Type.Optional(Type.Boolean()),
    warrantyCard: Type.Optional(Type.Boolean()),
    serviceHistory: Type.Optional(Type.Boolean()),
    extraLinks: Type.Optional(Type.Boolean()),
    notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
  },
  { additionalProperties: false },
);
export type IntakeInput = Static<typeof IntakeInput>;

/** One piece bought: it becomes a stock item. Price in pounds, > 0. Brand/model from the shop's catalogue. */
export const PurchaseLineInput = Type.Object(
  {
    stockType: Choice(STOCK_TYPES),
    brand: Type.Optional(Text({ maxLength: 60 })),
    model: Type.Optional(Text({ maxLength: 60 })),
    serial: Text({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    price: DecimalInput,
    intake: Type.Optional(IntakeInput),
    registerCheck: Type.Optional(Nullable(RegisterCheckInput)),
  },
  { additionalProperties: false },
);
export type PurchaseLineInput = Static<typeof PurchaseLineInput>;

/** A payment out to the seller: `amount` > 0 in `currency` (default GBP) at `exchangeRate` (GBP per unit). */
export const PurchasePaymentInput = Type.Object(
  {
    method: PaymentMethodSchema,
    amount: DecimalInput,
    currency: Type.Optional(CurrencySchema),
    exchangeRate: Type.Optional(DecimalInput),
  },
  { additionalProperties: false },
);
export type PurchasePaymentInput = Static<typeof PurchasePaymentInput>;

/**
 * `POST /api/purchases/` → 201 Purchase. 400 field errors keyed sellerId, lines[i].price, lines[i].serial,
 * lines[i].registerCheck.checkedOn, payments[j].amount, payments …; 409 due diligence or the AML guard.
 */
export const PurchaseCreate = Type.Object(
  {
    sellerId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    sellerKind: SellerKindSchema,
    /** The purchase's day: default today, not in the future. */
    date: Type.Optional(DateString),
    lines: Type.Array(PurchaseLineInput, { maxItems: PURCHASE_MAX_LINES }),
    payments: Type.Array(PurchasePaymentInput, { maxItems: PURCHASE_MAX_PAYMENTS }),
    notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
  },
  { additionalProperties: false },
);
export type PurchaseCreate = Static<typeof PurchaseCreate>;

/** One thing due diligence lacks: `line` is 1-based (null: the whole purchase). */
export const PurchaseMissing = Type.Object({
  rule: Choice(['seller_identity', 'register_check', 'register_flagged'] as const),
  line: Nullable(Type.Integer()),
  detail: Type.String(),
});
export type PurchaseMissing = Static<typeof PurchaseMissing>;

export const RegisterCheck = Type.Object({
  provider: Type.String(),
  searchReference: Type.String(),
  checkedOn: DateString,
  result: RegisterResultSchema,
  /** The certificate's file name, or null until uploaded. Download: `GET …/lines/{lineId}/certificate/`. */
  certificateName: Nullable(Type.String()),
});
export type RegisterCheck = Static<typeof RegisterCheck>;

export const Intake = Type.Object({
  conditionGrade: Nullable(Choice(INTAKE_CONDITION_GRADES)),
  box: Type.Boolean(),
  papers: Type.Boolean(),
  warrantyCard: Type.Boolean(),
  serviceHistory: Type.Boolean(),
  extraLinks: Type.Boolean(),
  notes: Type.String(),
});
export type Intake = Static<typeof Intake>;

export const PurchaseLine = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  stockNumber: Type.Integer(),
  stockType: Choice(STOCK_TYPES),
  brand: Type.String(),
  model: Type.String(),
  serial: Type.String(),
  description: Type.String(),
  priceGbp: Type.Number(),
  intake: Intake,
  registerCheck: Nullable(RegisterCheck),
});
export type PurchaseLine = Static<typeof PurchaseLine>;

export const PurchasePayment = Type.Object({
  id: Type.Integer(),
  /** A payment method, or an item form's credit/debt line ('Stock credit', 'Stock debt': the client's ledger). */
  method: Type.Union([
    PaymentMethodSchema,
    Choice([STOCK_SETTLEMENT_METHODS.credit, STOCK_SETTLEMENT_METHODS.debt]),
  ]),
  /** Negative on a void's reversing row (the money back). */
  amount: Type.Number(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  amountGbp: Type.Number(),
  date: DateString,
  reversalOf: Nullable(Type.Integer()),
});
export type PurchasePayment = Static<typeof PurchasePayment>;

export const Purchase = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  /** The purchase invoice number, e.g. 'PUR-000042'. */
  reference: Type.String(),
  status: PurchaseStatusSchema,
  date: DateString,
  /** Null only on a purchase entered on the item form without a seller (source 'item_form'): not on file. */
  sellerId: Nullable(Type.Integer()),
  sellerName: Type.String(),
  /** The seller's postal address as printed, one line per entry. */
  sellerAddress: Type.Array(Type.String()),
  sellerKind: SellerKindSchema,
  totalGbp: Type.Number(),
  lines: Type.Array(PurchaseLine),
  payments: Type.Array(PurchasePayment),
  voidedOn: Nullable(DateString),
  voidReason: Type.String(),
  notes: Type.String(),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
  source: Choice(PURCHASE_SOURCES),
  /**
   * The due diligence an item-form purchase lacks today, by the shop's current rules (the same rules Buy In
   * enforces with a 409): recorded, not refused, so it is shown to be done. Always [] for a Buy In purchase.
   */
  outstanding: Type.Array(PurchaseMissing),
});
export type Purchase = Static<typeof Purchase>;
export const PurchaseList = ListOf(Purchase);
export type PurchaseList = Static<typeof PurchaseList>;

/**
 * `GET /api/purchases/`: newest first; date_from/date_to (the purchase's day, inclusive); seller (a client id);
 * status; source.
 */
export const PurchaseQuery = Type.Object(
  {
    ...PagingQuery,
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
    seller: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    status: Type.Optional(PurchaseStatusSchema),
    /** Where it was entered: Buy In or the item form (migration 025). */
    source: Type.Optional(Choice(PURCHASE_SOURCES)),
  },
  { additionalProperties: false },
);
export type PurchaseQuery = Static<typeof PurchaseQuery>;

/** `POST /api/purchases/check/` → what the create would refuse (empty lists: it would pass). */
export const PurchaseCheck = Type.Object({
  totalGbp: Type.Number(),
  paidGbp: Type.Number(),
  missing: Type.Array(PurchaseMissing),
  /** The AML guard's refusal of the cash paid out, as the create would answer it (409), or null. */
  aml: Nullable(AmlRefusal),
});
export type PurchaseCheck = Static<typeof PurchaseCheck>;
