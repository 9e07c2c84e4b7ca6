import { Type, type Static } from '@sinclair/typebox';
import { DateString, ListOf, Nullable, PagingQuery, Text } from './common';

// ---------------------------------------------------------------- the audit trail (issue 12)
//
// Every change to a shop's records, and every sign-in, sign-out, failed sign-in, password change, membership
// change and KYC download, is an append-only, hash-chained entry of the shop's trail (server: kernel/audit). The
// server words each entry for staff (`summary`, `changes`), once, so the screens and the CSV say the same thing.

/** One field that changed, in words: `{ field: 'Phone', before: '020 7946 0000', after: '020 7946 0999' }`. */
export const AuditChange = Type.Object({
  /** The field as the screens label it ("Retail price", "Status"). */
  field: Type.String(),
  /** The value as staff read it (money as "£1,250.00", dates as "23 Nov 2026"); null when there was none. */
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});
export type AuditChange = Static<typeof AuditChange>;

export const AuditEvent = Type.Object({
  id: Type.Integer(),
  /** When it happened (ISO 8601). */
  at: Type.String(),
  /** Who did it: the username as it was then (kept when the user is deleted); null for the system itself. */
  actor: Nullable(Type.String()),
  actorId: Nullable(Type.Integer()),
  /** The kind of record, a key of AUDIT_ENTITY_LABELS ('client', 'item', 'sale', 'session', ...). */
  entity: Type.String(),
  /** The record's id, when the entry is about one record. */
  entityId: Nullable(Type.Integer()),
  /** The record as staff name it at the time ("Eleanor Vance", "Rolex Submariner 126610LN · SN 7F3K2"). */
  recordName: Nullable(Type.String()),
  /** A key of AUDIT_ACTION_LABELS ('create', 'update', 'void', 'sign_in', 'kyc_download', ...). */
  action: Type.String(),
  /** One line for staff: "Recorded a payment of £1,200.00", "Voided a sale: wrong client". */
  summary: Type.String(),
  changes: Type.Array(AuditChange),
});
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = ListOf(AuditEvent);
export type AuditEventList = Static<typeof AuditEventList>;

/** `GET /api/clients/{id}/history/`, `GET /api/items/{id}/history/`: newest first, paged. */
export const HistoryQuery = Type.Object(PagingQuery, { additionalProperties: false });
export type HistoryQuery = Static<typeof HistoryQuery>;

/**
 * `GET /api/activity/` (platinum only), newest first, paged; the same filters for `GET /api/activity/csv/`.
 * user: a user id; entity / action: keys of the label maps; date_from / date_to: YYYY-MM-DD inclusive, in the
 * shop's time zone (date_from after date_to → 400 on date_to).
 */
export const ActivityQuery = Type.Object(
  {
    ...PagingQuery,
    user: Type.Optional(Type.Integer({ minimum: 1 })),
    entity: Type.Optional(Text({ maxLength: 32 })),
    action: Type.Optional(Text({ maxLength: 32 })),
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type ActivityQuery = Static<typeof ActivityQuery>;

const Option = Type.Object({ value: Type.String(), label: Type.String() });

/** `GET /api/activity/filters/`: the choices of the Activity screen's filters (people who appear in the trail). */
export const ActivityFilters = Type.Object({
  people: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  entities: Type.Array(Option),
  actions: Type.Array(Option),
});
export type ActivityFilters = Static<typeof ActivityFilters>;

/** The kinds of record in the trail, as the Activity filter and the CSV name them. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  client: 'Client',
  item: 'Item',
  sale: 'Sale',
  expense: 'Expense',
  ledger_entry: 'Payment or charge',
  membership: 'Membership',
  session: 'Sign-in',
  user: 'Account',
  shop: 'Shop',
  stock_take: 'Stock Take',
  aml: 'AML cash check',
  shop_settings: 'Shop settings',
  deal: 'Deal',
  catalogue_brand: 'Catalogue brand',
  catalogue_model: 'Catalogue model',
  suspicion_report: 'Suspicious activity report',
  sanctions_screening: 'Sanctions screening',
  risk_assessment: 'Firm-wide risk assessment',
  storefront: 'Storefront',
  storefront_listing: 'Online listing',
  want: 'Wanted item',
  want_match: 'Wanted-list match',
  feed_channel: 'Marketplace feed',
  sale_report: 'Chrono24 sale report',
  enquiry: 'Website enquiry',
};

/** The actions in the trail, as the Activity filter and the CSV name them. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Added',
  update: 'Changed',
  void: 'Voided',
  void_sale: 'Sale voided',
  ledger_entry: 'Payment or charge recorded',
  kyc_upload: 'KYC document uploaded',
  kyc_download: 'KYC document downloaded',
  sell: 'Sold',
  check_out: 'Checked out',
  return: 'Returned',
  promote: 'Promoted',
  unpromote: 'Promotion ended',
  upload: 'Image added',
  delete_image: 'Image removed',
  grant: 'Access granted',
  change: 'Role changed',
  revoke: 'Access revoked',
  restore: 'Access restored',
  nominate: 'Named nominated officer',
  unnominate: 'Nominated officer stood down',
  report_suspicion: 'Suspicion reported',
  decide_suspicion: 'Report decided',
  sanctions_possible_match: 'Possible sanctions match',
  sanctions_cleared: 'Sanctions match cleared',
  sanctions_confirmed: 'Sanctions match confirmed',
  sign_in: 'Signed in',
  sign_out: 'Signed out',
  sign_in_failed: 'Failed sign-in',
  password_change: 'Password changed',
  start: 'Started',
  close: 'Closed',
  mark_unavailable: 'Marked unavailable',
  verify: 'Identity verified',
  unverify: 'Verification withdrawn',
  aml_refused: 'Cash refused (AML)',
  aml_flagged: 'Cash flagged (AML)',
  risk_rating: 'Risk rating set',
  edd_document: 'Enhanced due diligence document filed',
  edd_download: 'Enhanced due diligence document downloaded',
  edd_approval: 'Enhanced due diligence approved',
  upload_logo: 'Logo uploaded',
  delete_logo: 'Logo removed',
  complete: 'Deal completed',
  reserve: 'Reserved on a deposit',
  instalment: 'Instalment taken',
  cancel: 'Reservation cancelled',
  merge: 'Merged',
  delete: 'Deleted',
  email_match: 'Match e-mailed to the client',
  dismiss_match: 'Match dismissed',
  rotate_token: 'Feed address changed',
  report_done: 'Sale reported to Chrono24',
  reply: 'Replied',
  convert: 'Converted to client',
};
