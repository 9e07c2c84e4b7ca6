import { Type, type Static } from '@sinclair/typebox';
import { ADDRESS_MAX_LENGTHS } from './address';
import { ClientCdd } from './documents';
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
import { CLIENT_BALANCE_FILTERS, CLIENT_ORDERINGS, CLIENT_STATUSES, LEDGER_DIRECTIONS } from './constants';
import { VoidInfo } from './corrections';

/*
 * Clients (SPEC §3 Client, §5, §9; issue 4). Endpoints: `endpoints.clients` (endpoints.ts).
 *
 * BALANCE — one sign convention for the whole product (the client ledger, server/README.md):
 *   balance = Σ amountGbp of the client's ledger entries, exact, in GBP, two decimals.
 *   positive → the shop owes the client (a creditor of the shop; shown green);
 *   negative → the client owes the shop (a debtor; shown red).
 * A payment recorded at the Payment dialog is either `received` (the client paid the shop: +amount) or `paid`
 * (the shop paid the client: −amount). Stock bought on credit from a client, or taken against what the client
 * owed, posts +amount too (inventory, source 'item_transaction').
 * amountGbp = round2(amount × exchangeRate), computed in the database on the exact decimals (halves away
 * from zero): 0.1 + 0.2 → 0.30; 100.05 USD × 0.79123456 → 79.16; 0.00012345 BTC × 45000.5 → 5.56.
 *
 * Errors are DRF-shaped: `{"email": ["Enter a valid email address."]}`, `{"detail": "Not found."}`.
 * Another shop's client (or an unknown or non-numeric id) is a 404 on every endpoint; 401 anonymous,
 * 403 without a shop membership; all three roles may manage clients.
 */

export const ClientStatusSchema = Choice(CLIENT_STATUSES);

// ---------------------------------------------------------------- postal address

/** The five parts of a postal address as the API answers them (address.ts's PostalAddress). */
export const PostalAddressFields = Type.Object({
  addressLine1: Type.String(),
  addressLine2: Type.String(),
  town: Type.String(),
  postcode: Type.String(),
  country: Type.String(),
});
export type PostalAddressFields = Static<typeof PostalAddressFields>;

/** The parts as a request sends them: each optional, one line of text, within the columns' lengths. */
export const PostalAddressWrite = Type.Object({
  addressLine1: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.addressLine1 })),
  addressLine2: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.addressLine2 })),
  town: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.town })),
  postcode: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.postcode })),
  country: Type.Optional(Text({ maxLength: ADDRESS_MAX_LENGTHS.country })),
});
export const LedgerDirectionSchema = Choice(LEDGER_DIRECTIONS);

// ---------------------------------------------------------------- client

export const Client = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  /** '' when none was given. */
  phone: Type.String(),
  status: ClientStatusSchema,
  notes: Type.String(),
  /** GBP, two decimals; sign convention at the top of this file. */
  balance: Type.Number(),
  /** At least one KYC document is on file. */
  kyc: Type.Boolean(),
  /** The client has an item out on approval (an open check-out): the clients list enables Return. */
  hasItemCheckedOut: Type.Boolean(),
  /** Customer due diligence (issue 13): who verified the client and when; complete with a KYC document too. */
  cdd: ClientCdd,
  /**
   * The postal address (issue 22; rules and layout in address.ts): '' for a part not given; `country` is the
   * country's English name, 'United Kingdom' when none was given. A UK postcode reads 'SW1A 1AA'.
   */
  ...PostalAddressFields.properties,
  /** ISO 8601 timestamps. */
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /**
   * Counts changes of the editable fields (not of the balance: payments never conflict with an edit). Send it
   * back in ClientUpdate; the detail answer carries it as the ETag `W/"<version>"` too.
   */
  version: Type.Integer(),
});
export type Client = Static<typeof Client>;

export const ClientList = ListOf(Client);
export type ClientList = Static<typeof ClientList>;

/**
 * `POST /api/clients/` → 201 Client; `PUT /api/clients/{id}/` → 200 Client.
 * name (trimmed, required, not blank, ≤ 200) and email (trimmed, required, valid, ≤ 254) must be sent.
 * phone (≤ 40; digits, spaces, + ( ) - . /), status (default active) and notes (≤ 5000) are optional: on
 * create they default to '', 'active', ''; on PUT an omitted optional field keeps its value (as DRF does).
 * The postal address (addressLine1, addressLine2, town, postcode, country) is optional, each part as phone is,
 * checked by checkPostalAddress (address.ts): once any part but the country is given, addressLine1 and town are
 * required and, in the United Kingdom, a postcode of UK format (written back as 'SW1A 1AA'); a blank or omitted
 * country on create is 'United Kingdom'. Messages: "This field is required for a postal address.", "Enter a
 * valid UK postcode, such as SW1A 1AA.". Send every part blank to remove an address.
 * Unknown fields are a 400 (`{"balance": ["This field is not allowed."]}`): the balance changes only through
 * the ledger. Messages: "This field is required.", "This field may not be blank.", "Enter a valid email
 * address.", "Enter a valid phone number.", "\"x\" is not a valid choice.".
 */
export const ClientWrite = Type.Object(
  {
    name: Text({ maxLength: 200 }),
    email: Text({ maxLength: 254 }),
    phone: Type.Optional(Text({ maxLength: 40 })),
    status: Type.Optional(ClientStatusSchema),
    notes: Type.Optional(Text({ maxLength: 5000, multiline: true })),
    ...PostalAddressWrite.properties,
  },
  { additionalProperties: false },
);
export type ClientWrite = Static<typeof ClientWrite>;
export const ClientCreate = ClientWrite;
export type ClientCreate = Static<typeof ClientCreate>;
/**
 * `PUT /api/clients/{id}/`: the fields and the `version` of the client the form loaded (no lost updates,
 * issue 12). An `If-Match: W/"<version>"` header may stand in for it and, when both are sent, decides; with
 * neither the answer is 400 `{"version": ["This field is required."]}`. A stale version is 409 and a failed
 * If-Match 412, both answering ClientConflict with the client as it is now.
 */
export const ClientUpdate = Type.Object(
  { ...ClientWrite.properties, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type ClientUpdate = Static<typeof ClientUpdate>;

/**
 * The 409 (stale `version`) or 412 (failed If-Match) of `PUT /api/clients/{id}/`: who changed the client
 * last and when (from the audit trail; changedBy null when unknown or deleted), and the client now.
 */
export const ClientConflict = Type.Object({
  detail: Type.String(),
  changedBy: Nullable(Type.String()),
  /** ISO 8601. */
  changedAt: Type.String(),
  current: Client,
});
export type ClientConflict = Static<typeof ClientConflict>;

/**
 * `GET /api/clients/` → ClientList (a query string: see PagingQuery for how it is read); unknown parameters are a 400.
 * - page (1-based, default 1; past the end → 404 `{"detail": "Invalid page."}`, page 1 of nothing is empty)
 * - page_size: 10 | 25 | 50 | 100 (default 10)
 * - search: name, email or phone containing the text, case-insensitive
 * - status: active | inactive
 * - has_item_checked_out: true | false;  kyc: true | false (1 | 0 too)
 * - balance: negative (debtors) | positive (creditors) | zero
 * - ordering: one of CLIENT_ORDERINGS (constants.ts), default "name" (ties by id)
 */
export const ClientQuery = Type.Object(
  {
    ...PagingQuery,
    search: Type.Optional(Text({ maxLength: 100 })),
    status: Type.Optional(ClientStatusSchema),
    has_item_checked_out: Type.Optional(Type.Boolean()),
    kyc: Type.Optional(Type.Boolean()),
    balance: Type.Optional(Choice(CLIENT_BALANCE_FILTERS)),
    ordering: Type.Optional(Choice(CLIENT_ORDERINGS, { default: 'name' })),
  },
  { additionalProperties: false },
);
export type ClientQuery = Static<typeof ClientQuery>;

// ---------------------------------------------------------------- KYC documents

/**
 * `POST /api/clients/{id}/kyc/` multipart/form-data with one file part named `file` → 201 ClientDocument.
 * PDF, JPEG or PNG recognised by content (magic bytes), whatever the name or declared type: otherwise 400
 * `{"file": ["..."]}` (also for an empty file, no file, or another part). Larger than KYC_MAX_BYTES → 413
 * `{"detail": "..."}`. A client may have several documents (passport, proof of address); `kyc` is true from
 * the first.
 * `GET /api/clients/{id}/kyc/` → ClientDocumentList (every document, newest first; not paged).
 * `GET /api/clients/{id}/kyc/{docId}/` → the bytes, as an attachment (Content-Disposition with the
 * original name made safe, Content-Type as recognised, X-Content-Type-Options: nosniff,
 * Cache-Control: private, no-store). Staff of the client's shop only.
 */
export const ClientDocument = Type.Object({
  id: Type.Integer(),
  /** The uploaded file's name, without any path. */
  name: Type.String(),
  /** application/pdf | image/jpeg | image/png, as recognised from the bytes. */
  contentType: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
  uploadedAt: Type.String(),
});
export type ClientDocument = Static<typeof ClientDocument>;

export const ClientDocumentList = ListOf(ClientDocument);
export type ClientDocumentList = Static<typeof ClientDocumentList>;

// ---------------------------------------------------------------- ledger

export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  /** 'received' when the entry raised the balance (amount > 0), 'paid' when it lowered it. */
  direction: LedgerDirectionSchema,
  /** Signed, in `currency` (up to 8 decimals for BTC, 2 otherwise): the sign is the balance's. */
  amount: Type.Number(),
  currency: CurrencySchema,
  /** GBP per unit of currency (1 for GBP), up to 8 decimals. */
  exchangeRate: Type.Number(),
  /** Signed, GBP, 2 decimals: what the entry added to the balance. */
  amountGbp: Type.Number(),
  /** A payment method of SPEC §9 for payments; 'Stock credit' / 'Stock debt' for postings from stock purchases. */
  method: Type.String(),
  date: DateString,
  note: Type.String(),
  /** null for a payment recorded by staff; 'item_transaction' for a stock purchase on credit or debt. */
  source: Nullable(Type.String()),
  sourceId: Nullable(Type.Integer()),
  createdAt: Type.String(),
  /** Set when the entry was voided (issue 12): it stays in the ledger, and its reversal entry follows it. */
  voided: Nullable(VoidInfo),
  /** On a reversal entry (the opposite amount, dated the day of the void): the id of the entry it reverses. */
  reversalOf: Nullable(Type.Integer()),
});
export type LedgerEntry = Static<typeof LedgerEntry>;

/** `POST /api/clients/{id}/ledger/{entryId}/void/` → the original (now voided), its reversal and the new balance. */
export const LedgerVoidResult = Type.Object({
  entry: LedgerEntry,
  reversal: LedgerEntry,
  /** The client's balance after the reversal, GBP. */
  balance: Type.Number(),
});
export type LedgerVoidResult = Static<typeof LedgerVoidResult>;

/** `GET /api/clients/{id}/ledger/?page=&page_size=` → newest first (date, then entry). */
export const LedgerList = ListOf(LedgerEntry);
export type LedgerList = Static<typeof LedgerList>;
export const LedgerQuery = Type.Object(PagingQuery, { additionalProperties: false });
export type LedgerQuery = Static<typeof LedgerQuery>;

/**
 * `POST /api/clients/{id}/ledger/` (the Payment dialog) → 201 LedgerPaymentResult.
 * - direction: 'received' (the client paid the shop; balance up) | 'paid' (the shop paid the client; down)
 * - amount: > 0, ≤ 2 decimals and ≤ 12 digits before the point (BTC: ≤ 8 and ≤ 7); a number or a numeric string
 * - currency: GBP | USD | EUR | BTC, default GBP
 * - exchangeRate: GBP per unit, > 0, ≤ 8 decimals, ≤ 7 digits before the point. GBP: omit it (or send 1).
 *   Other currencies: REQUIRED
 *   (400 `{"exchangeRate": ["This field is required."]}`): the server never guesses a rate.
 * - method: a PAYMENT_METHODS value, default Cash
 * - date: YYYY-MM-DD, default today (in the shop's time zone), not in the future
 * - note: ≤ 2000 characters
 * An amount worth less than £0.01 after conversion is a 400 on `amount`.
 */
export const LedgerPayment = Type.Object(
  {
    direction: LedgerDirectionSchema,
    amount: DecimalInput,
    currency: Type.Optional(CurrencySchema),
    exchangeRate: Type.Optional(Nullable(DecimalInput)),
    method: Type.Optional(PaymentMethodSchema),
    date: Type.Optional(DateString),
    note: Type.Optional(Text({ maxLength: 2000, multiline: true })),
  },
  { additionalProperties: false },
);
export type LedgerPayment = Static<typeof LedgerPayment>;

export const LedgerPaymentResult = Type.Object({
  entry: LedgerEntry,
  /** The client's balance after the entry (GBP). */
  balance: Type.Number(),
});
export type LedgerPaymentResult = Static<typeof LedgerPaymentResult>;

// ---------------------------------------------------------------- dashboard

export const ClientBalanceRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: ClientStatusSchema,
  /** GBP, signed as everywhere (debtors negative, creditors positive). */
  balance: Type.Number(),
});
export type ClientBalanceRow = Static<typeof ClientBalanceRow>;

/** `GET /api/clients/summary/` for the dashboard's Clients card, Client Balances, Debtors and Creditors. */
export const ClientSummary = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  inactive: Type.Integer(),
  /** Clients with at least one KYC document. */
  withKyc: Type.Integer(),
  /** Clients with an item out on approval. */
  withItemCheckedOut: Type.Integer(),
  /** Clients with a negative / positive balance. */
  debtorCount: Type.Integer(),
  creditorCount: Type.Integer(),
  /** Σ of the negative balances, as a positive number (what clients owe the shop), GBP. */
  totalOwedToShop: Type.Number(),
  /** Σ of the positive balances (what the shop owes clients), GBP. */
  totalOwedByShop: Type.Number(),
  /** Σ of all balances = totalOwedByShop − totalOwedToShop. */
  netBalance: Type.Number(),
  /** The 5 most negative balances, most owed first (balance stays negative). */
  debtors: Type.Array(ClientBalanceRow),
  /** The 5 largest positive balances, largest first. */
  creditors: Type.Array(ClientBalanceRow),
});
export type ClientSummary = Static<typeof ClientSummary>;
