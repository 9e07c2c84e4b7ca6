// One search (issue 21, item 3): the top bar's type-ahead. Path: `endpoints.search.query`.
import { Type, type Static } from '@sinclair/typebox';
import { Choice, Id, Text } from './common';
import { ITEM_STATUSES, STOCK_TYPES } from './constants';
import { INVOICE_KINDS } from './documents-messages';
import { WORKSHOP_STAGES } from './workshop-messages';

/** At most this many results of each kind (items, clients, invoices). */
export const SEARCH_LIMIT_PER_KIND = 8;
/** The longest search text, as every other search of the API. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * `GET /api/search/?q=` — any signed-in member of the shop; q is a single line of 1–100 characters (trimmed;
 * missing, blank, longer or holding a control or invisible character → 400). Only the shop's own records.
 */
export const SearchQuery = Type.Object(
  { q: Text({ minLength: 1, maxLength: SEARCH_MAX_LENGTH }) },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuery>;

/**
 * How a result matched, best first: the whole serial or stock number (or the whole reference, e-mail, phone,
 * invoice reference); its start; or somewhere inside a name, brand or model (any case).
 */
export const SEARCH_MATCHES = ['exact', 'prefix', 'contains'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const SearchItem = Type.Object({
  id: Id,
  serial: Type.String(),
  stockNumber: Type.Integer(),
  stockType: Choice(STOCK_TYPES),
  brand: Type.String(),
  model: Type.String(),
  referenceNumber: Type.String(),
  status: Choice(ITEM_STATUSES),
  match: Choice(SEARCH_MATCHES),
});
export type SearchItem = Static<typeof SearchItem>;

export const SearchClient = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  match: Choice(SEARCH_MATCHES),
});
export type SearchClient = Static<typeof SearchClient>;

export const SearchInvoice = Type.Object({
  id: Id,
  reference: Type.String(),
  kind: Choice(INVOICE_KINDS),
  issueDate: Type.String(),
  /** The buyer's name as printed ('' for a walk-in sale without one). */
  buyerName: Type.String(),
  match: Choice(SEARCH_MATCHES),
});
export type SearchInvoice = Static<typeof SearchInvoice>;

/**
 * A workshop job (issue 23, item 3): found only by its whole job number ('JOB-000123', any case, leading zeros
 * optional: jobNumberOf), which is what its receipt's and its bag label's QR codes hold, so a scan opens it.
 */
export const SearchJob = Type.Object({
  id: Id,
  /** 'JOB-000123'. */
  reference: Type.String(),
  clientName: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  stage: Choice(WORKSHOP_STAGES),
  match: Choice(SEARCH_MATCHES),
});
export type SearchJob = Static<typeof SearchJob>;

/**
 * Up to SEARCH_LIMIT_PER_KIND of each kind. Items: the exact serial or stock number ("1042", "#1042") first,
 * then serials, stock numbers and references starting with q, then brands and models containing it. Clients:
 * the exact e-mail or phone, then names, e-mails and phones starting with q, then names containing it.
 * Invoices: the exact reference, then references starting with q. Jobs: the one whose job number q is. Within a
 * rank, by serial / name / newest.
 */
export const SearchResults = Type.Object({
  items: Type.Array(SearchItem),
  clients: Type.Array(SearchClient),
  invoices: Type.Array(SearchInvoice),
  jobs: Type.Array(SearchJob),
});
export type SearchResults = Static<typeof SearchResults>;
