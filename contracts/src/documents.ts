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
import {
  AML_OUTCOMES,
  AML_PAYMENT_KINDS,
  CDD_MISSING,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_VARIANTS,
  INVOICE_VAT_TREATMENTS,
  LABEL_PRICE_MODES,
  VAT_TREATMENTS,
} from './documents-messages';
import { DEAL_LINE_KINDS, LAYAWAY_CANCEL_POLICIES } from './deal-messages';
import { WORKSHOP_TERMS_MAX_LENGTH } from './job-documents';

/*
 * Sales documents and compliance (issue 13). Endpoints: `endpoints.settings`, `.invoices`, `.checkouts`,
 * `.compliance` and `clients.verify` / `clients.unverify` / `clients.checkouts` (endpoints.ts).
 *
 * INVOICES — every sale (an item's Sell, a quick sale) gets an invoice in the same transaction, numbered from a
 * gap-free per-shop sequence (migration 013). Everything printed is a snapshot taken at issue: seller (the
 * settings), buyer (the client, or the walk-in name), lines. An invoice is never changed: voiding its sale
 * issues a credit note (kind credit_note, its own sequence, negative amounts) that references it, and the
 * invoice's status becomes 'credited'.
 *
 * VAT (UK, 20%) — for each invoice, in this order:
 *   - 'none'     the shop has no VAT number: it is not VAT-registered, so no VAT anywhere and no margin scheme.
 *   - 'margin'   the line is second-hand goods under the margin scheme (an item whose vatScheme is 'margin'):
 *                no VAT amount is printed, the wording MARGIN_SCHEME_WORDING is. Recorded, never printed:
 *                marginGbp = totalGbp − the item's purchase price; marginVatGbp = round2(max(marginGbp, 0) / 6).
 *   - 'standard' anything else (a standard-rated item, any quick sale): prices include VAT at 20%, printed
 *                separately: vatAmount = round2(total / 6) in the sale's currency, net = total − vatAmount.
 */

// ---------------------------------------------------------------- shop settings

/**
 * `GET /api/shop/settings/` (any member) → ShopSettings; `PUT` (platinum only, else 403) with ShopSettingsUpdate →
 * ShopSettings, audited (entity 'shop_settings'). Omitted fields keep their value.
 * Rules (400 field errors): legalName ≤ 200, tradingName ≤ 200, address ≤ 1000 (multi-line), phone as a client's,
 * email valid or '', vatNumber '' or a UK VAT number (GB + 9 or 12 digits, spaces allowed, stored without them),
 * companyNumber '' or 8 characters (digits, or two letters + 6 digits), invoiceFooter / approvalTerms ≤ 2000,
 * invoicePrefix / creditNotePrefix 1–12 of A–Z 0–9 - / _, timezone an IANA zone (e.g. Europe/London),
 * amlEurGbpRate > 0 with ≤ 6 decimals, labelPrice 'retail' | 'code' | 'none', priceCodeKey '' or ten distinct
 * letters (required when labelPrice is 'code').
 */
export const ShopSettings = Type.Object({
  shopId: Type.Integer(),
  /** The shop's name in Loupe (shops.name), printed when legalName is blank. */
  shopName: Type.String(),
  legalName: Type.String(),
  tradingName: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  vatNumber: Type.String(),
  companyNumber: Type.String(),
  invoiceFooter: Type.String(),
  approvalTerms: Type.String(),
  /** Issue 23: printed on the workshop's intake receipts (DEFAULT_WORKSHOP_TERMS until the owner writes them). */
  workshopTerms: Type.String(),
  invoicePrefix: Type.String(),
  creditNotePrefix: Type.String(),
  timezone: Type.String(),
  /** GBP per 1 EUR, used by the AML guard. */
  amlEurGbpRate: Type.Number(),
  labelPrice: Choice(LABEL_PRICE_MODES),
  /** What a cancelled layaway does with the money paid (issue 20): refund it, or keep it (forfeit). */
  layawayCancelPolicy: Choice(LAYAWAY_CANCEL_POLICIES),
  priceCodeKey: Type.String(),
  /** "Silver sees costs and profit" (issue 21): silver members see purchase prices and profit; off by default. */
  silverSeesCosts: Type.Boolean(),
  /**
   * Due diligence at buy-in (issue 22, purchases.ts), in pounds: a purchase of this total or more needs the
   * seller's identity document on file (default 1000); a watch bought at this price or more needs a
   * stolen-goods register check (default 1000). 0 asks for it on every purchase / watch.
   */
  purchaseIdentityThresholdGbp: Type.Number(),
  purchaseRegisterCheckThresholdGbp: Type.Number(),
  /**
   * "VAT quarters end in" (issue 22): the shop's HMRC stagger, 1 (Mar/Jun/Sep/Dec, the default), 2 (Apr/Jul/Oct/Jan)
   * or 3 (May/Aug/Nov/Feb); the books' default period is its quarter (books-messages.ts, vatQuarterOf).
   */
  vatStagger: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  /** HMRC's AML supervision registration number (suspicions.ts, HVD_NUMBER_PATTERN); '' until entered. */
  hvdRegistrationNumber: Type.String(),
  /** The logo's type and size, or null; its bytes: `GET /api/shop/settings/logo/`. */
  logo: Nullable(Type.Object({ contentType: Type.String(), size: Type.Integer() })),
  updatedAt: Nullable(Type.String()),
  updatedBy: Nullable(Type.String()),
});
export type ShopSettings = Static<typeof ShopSettings>;

export const ShopSettingsUpdate = Type.Object(
  {
    legalName: Type.Optional(Text({ maxLength: 200 })),
    tradingName: Type.Optional(Text({ maxLength: 200 })),
    address: Type.Optional(Text({ maxLength: 1000, multiline: true })),
    phone: Type.Optional(Text({ maxLength: 40 })),
    email: Type.Optional(Text({ maxLength: 254 })),
    vatNumber: Type.Optional(Text({ maxLength: 20 })),
    companyNumber: Type.Optional(Text({ maxLength: 20 })),
    invoiceFooter: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    approvalTerms: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /** ≤ WORKSHOP_TERMS_MAX_LENGTH; '' brings back DEFAULT_WORKSHOP_TERMS. */
    workshopTerms: Type.Optional(Text({ maxLength: WORKSHOP_TERMS_MAX_LENGTH, multiline: true })),
    invoicePrefix: Type.Optional(Text({ maxLength: 12 })),
    creditNotePrefix: Type.Optional(Text({ maxLength: 12 })),
    timezone: Type.Optional(Text({ maxLength: 64 })),
    amlEurGbpRate: Type.Optional(DecimalInput),
    labelPrice: Type.Optional(Text({ maxLength: 8 })),
    layawayCancelPolicy: Type.Optional(Choice(LAYAWAY_CANCEL_POLICIES)),
    priceCodeKey: Type.Optional(Text({ maxLength: 10 })),
    silverSeesCosts: Type.Optional(Type.Boolean()),
    /** Pounds, ≥ 0 with at most 2 decimals. */
    purchaseIdentityThresholdGbp: Type.Optional(DecimalInput),
    purchaseRegisterCheckThresholdGbp: Type.Optional(DecimalInput),
    /** 1, 2 or 3 (VAT_STAGGERS); anything else is a 400 keyed vatStagger (INVALID_VAT_STAGGER). */
    vatStagger: Type.Optional(Type.Integer()),
    /** '' clears it; anything else must be HMRC's form (INVALID_HVD_NUMBER, keyed hvdRegistrationNumber). */
    hvdRegistrationNumber: Type.Optional(Text({ maxLength: 30 })),
  },
  { additionalProperties: false },
);
export type ShopSettingsUpdate = Static<typeof ShopSettingsUpdate>;
// Logo: `POST /api/shop/settings/logo/` multipart (part `file`), PNG or JPEG by content, ≤ LOGO_MAX_BYTES
// (413 above, 400 for another type) → 201 ShopSettings; `DELETE` → ShopSettings; both platinum only, audited.

// ---------------------------------------------------------------- invoices and credit notes

export const InvoiceParty = Type.Object({
  name: Type.String(),
  /** Multi-line postal address ('' when none). */
  address: Type.String(),
  email: Type.String(),
  phone: Type.String(),
});
export type InvoiceParty = Static<typeof InvoiceParty>;

export const InvoiceSeller = Type.Object({
  legalName: Type.String(),
  tradingName: Type.String(),
  address: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  vatNumber: Type.String(),
  companyNumber: Type.String(),
  footer: Type.String(),
  /** Whether the shop had a logo when the invoice was issued (the PDF prints the current logo file). */
  hasLogo: Type.Boolean(),
});
export type InvoiceSeller = Static<typeof InvoiceSeller>;

export const InvoiceLine = Type.Object({
  /** e.g. "Cartier Panthère" or a quick sale's name. */
  description: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  serial: Type.String(),
  stockType: Type.String(),
  /** In the invoice's currency, VAT included when there is VAT; negative on a credit note. */
  amount: Type.Number(),
  vatTreatment: Choice(VAT_TREATMENTS),
  /** A deal's line (issue 20): item, other or part_exchange (its allowance, negative). Absent on older invoices. */
  kind: Type.Optional(Choice(DEAL_LINE_KINDS)),
  /** A standard-rated line's VAT in the invoice's currency (deals). */
  vatAmount: Type.Optional(Type.Number()),
});
export type InvoiceLine = Static<typeof InvoiceLine>;

export const Invoice = Type.Object({
  id: Type.Integer(),
  kind: Choice(INVOICE_KINDS),
  number: Type.Integer(),
  /** As printed, e.g. "INV-000042" / "CN-000003". */
  reference: Type.String(),
  /** 'issued', or 'credited' for an invoice a credit note cancels (a credit note is always 'issued'). */
  status: Choice(INVOICE_STATUSES),
  issueDate: DateString,
  saleId: Type.Integer(),
  /** The sold stock item, null for a quick sale. */
  itemId: Nullable(Type.Integer()),
  /** On a credit note: the invoice it cancels. */
  creditsInvoice: Nullable(Type.Object({ id: Type.Integer(), reference: Type.String() })),
  /** On a credited invoice: its credit note. */
  creditNote: Nullable(Type.Object({ id: Type.Integer(), reference: Type.String(), reason: Type.String() })),
  currency: CurrencySchema,
  /** GBP per unit of the currency (1 for GBP). */
  exchangeRate: Type.Number(),
  /** In `currency`; negative on a credit note. */
  total: Type.Number(),
  totalGbp: Type.Number(),
  vatTreatment: Choice(INVOICE_VAT_TREATMENTS),
  /** The VAT printed (standard only, in `currency`), else 0. */
  vatAmount: Type.Number(),
  /** The same VAT in sterling (a deal's invoice; printed too when the invoice is not in GBP), or null. */
  vatAmountGbp: Nullable(Type.Number()),
  /** The deal the invoice is of (issue 20), or null for a single sale's. */
  dealId: Nullable(Type.Integer()),
  /** Part-exchange allowances, in `currency` and GBP (0 when none). */
  partExchange: Type.Number(),
  partExchangeGbp: Type.Number(),
  /** A deal's payments as printed on its receipt (empty for a single sale's invoice: its paymentMethod says). */
  payments: Type.Array(
    Type.Object({
      method: PaymentMethodSchema,
      direction: Choice(['in', 'out'] as const),
      kind: Type.String(),
      amount: Type.Number(),
      currency: CurrencySchema,
      amountGbp: Type.Number(),
      date: DateString,
    }),
  ),
  /** total − vatAmount. */
  netAmount: Type.Number(),
  /**
   * Margin scheme only (else null): for the VAT return, never printed. Both left out for a caller who may not see
   * costs (permissions.ts 'viewCosts'): price − margin is the item's cost.
   */
  marginGbp: Type.Optional(Nullable(Type.Number())),
  marginVatGbp: Type.Optional(Nullable(Type.Number())),
  paymentMethod: PaymentMethodSchema,
  paidInFull: Type.Boolean(),
  clientId: Nullable(Type.Integer()),
  buyer: InvoiceParty,
  seller: InvoiceSeller,
  lines: Type.Array(InvoiceLine),
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type Invoice = Static<typeof Invoice>;

export const InvoiceList = ListOf(Invoice);
export type InvoiceList = Static<typeof InvoiceList>;

/**
 * `GET /api/invoices/` → InvoiceList, newest first (issue date, then number); `GET /api/invoices/csv/` the same
 * rows as a CSV download (no paging). date_from / date_to inclusive on the issue date; client: a client id;
 * status: issued | credited; kind: invoice | credit_note; search: the reference or the buyer's name (contains).
 * Another shop's invoice is a 404 everywhere.
 */
export const InvoiceQuery = Type.Object(
  {
    ...PagingQuery,
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
    client: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    status: Type.Optional(Choice(INVOICE_STATUSES)),
    kind: Type.Optional(Choice(INVOICE_KINDS)),
    search: Type.Optional(Text({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type InvoiceQuery = Static<typeof InvoiceQuery>;

/**
 * `GET /api/invoices/{id}/pdf/?variant=invoice|receipt` → application/pdf, inline, named "<reference>.pdf"
 * (receipt: "<reference>-receipt.pdf"). The receipt variant is for paid-in-full invoices (409 otherwise); a
 * credit note always prints as a credit note.
 */
export const InvoicePdfQuery = Type.Object(
  { variant: Type.Optional(Choice(INVOICE_VARIANTS)) },
  { additionalProperties: false },
);
export type InvoicePdfQuery = Static<typeof InvoicePdfQuery>;

/** Where a sale's invoice is shown (Item.sale, QuickSale). */
export const InvoiceRef = Type.Object({ id: Type.Integer(), reference: Type.String() });
export type InvoiceRef = Static<typeof InvoiceRef>;

// ---------------------------------------------------------------- approval (memo) notes

/**
 * A check-out of an item to a client (open or ended). `GET /api/clients/{id}/checkouts/` → every check-out of
 * the client, newest first (not paged). `GET /api/checkouts/{id}/approval-note/` → the approval note PDF
 * (inline, "approval-<id>.pdf"): item, agreed price, due date, the client's details, the shop's approval terms
 * and signature lines for the client and the shop.
 */
export const ClientCheckout = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  serial: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  stockType: Type.String(),
  /** GBP, or null when none was agreed. */
  agreedPrice: Nullable(Type.Number()),
  dueDate: Nullable(DateString),
  checkedOutAt: Type.String(),
  /** null while the item is out. */
  endedAt: Nullable(Type.String()),
  outcome: Nullable(Choice(['returned', 'sold'] as const)),
});
export type ClientCheckout = Static<typeof ClientCheckout>;
export const ClientCheckoutList = ListOf(ClientCheckout);
export type ClientCheckoutList = Static<typeof ClientCheckoutList>;

// ---------------------------------------------------------------- customer due diligence and the AML guard

/**
 * `POST /api/clients/{id}/verification/` (platinum and gold; silver 403 CDD_NOT_ALLOWED) records that the
 * caller verified the client's identity on `verifiedOn` (default today, not in the future) → Client;
 * `DELETE` withdraws it → Client. Both audited. Due diligence is complete when the client also has a KYC
 * document on file (Client.cdd.complete).
 */
export const ClientVerification = Type.Object(
  { verifiedOn: Type.Optional(DateString) },
  { additionalProperties: false },
);
export type ClientVerification = Static<typeof ClientVerification>;

/** Client.cdd. */
export const ClientCdd = Type.Object({
  verifiedBy: Nullable(Type.String()),
  verifiedOn: Nullable(DateString),
  /** An identity document on file and a verification record. */
  complete: Type.Boolean(),
});
export type ClientCdd = Static<typeof ClientCdd>;

/**
 * THE GUARD — a cash payment (payment method Cash: an item's Sell, a quick sale, or a ledger payment received
 * from a client) is converted to EUR: amountEur = amount × exchangeRate / amlEurGbpRate. When it, or it plus the
 * same client's other standing (not voided) cash payments dated in the 90 days up to it (the day and the 89
 * before), reaches AML_THRESHOLD_EUR, the client must have complete due diligence. Without it (or without a
 * client at all) the server answers 409 AmlRefusal, saves nothing else, and records a 'refused' event; with it
 * the payment is saved and a 'flagged' event recorded. Both audited. Checks of one client run one at a time
 * (the client's row is locked), so two linked payments cannot both slip under.
 */
export const AmlRefusal = Type.Object({
  detail: Type.String(),
  rule: Type.Literal('aml_cash_threshold'),
  missing: Type.Array(Choice(CDD_MISSING)),
  amountEur: Type.Number(),
  linkedTotalEur: Type.Number(),
});
export type AmlRefusal = Static<typeof AmlRefusal>;

export const AmlEvent = Type.Object({
  id: Type.Integer(),
  outcome: Choice(AML_OUTCOMES),
  kind: Choice(AML_PAYMENT_KINDS),
  clientId: Nullable(Type.Integer()),
  clientName: Type.String(),
  itemId: Nullable(Type.Integer()),
  saleId: Nullable(Type.Integer()),
  /** The deal whose payment this was (issue 20). */
  dealId: Nullable(Type.Integer()),
  ledgerEntryId: Nullable(Type.Integer()),
  description: Type.String(),
  amount: Type.Number(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  amountGbp: Type.Number(),
  amountEur: Type.Number(),
  linkedTotalEur: Type.Number(),
  eurGbpRate: Type.Number(),
  missing: Type.Array(Choice(CDD_MISSING)),
  date: DateString,
  createdBy: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type AmlEvent = Static<typeof AmlEvent>;
export const AmlEventList = ListOf(AmlEvent);
export type AmlEventList = Static<typeof AmlEventList>;

/**
 * `GET /api/compliance/aml/` (platinum and gold; silver 403) → AmlEventList, newest first; `GET
 * /api/compliance/aml/csv/` the same rows as CSV. date_from / date_to on the event's date; outcome filter.
 */
export const AmlEventQuery = Type.Object(
  {
    ...PagingQuery,
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
    outcome: Type.Optional(Choice(AML_OUTCOMES)),
  },
  { additionalProperties: false },
);
export type AmlEventQuery = Static<typeof AmlEventQuery>;
