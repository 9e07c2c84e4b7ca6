import { Type, type Static } from '@sinclair/typebox';
import { Choice, DecimalInput, ListOf, Nullable, PagingQuery, Text } from './common';
import { CONDITION_GRADES } from './item-attributes';
import { WANT_LIMITS, WANT_MATCH_FILTERS, WANT_MATCH_REASONS, WANT_MATCH_STATUSES } from './wants-messages';

/*
 * Wanted lists (issue 24 item 5). Endpoints: `endpoints.wants` (endpoints.ts); the server's `wants` module owns
 * them. Every member of the shop may read and manage wants and their matches (as clients); every change is on
 * the audit trail, and an e-mail sent is on the client's history.
 *
 * A WANT is what a client is looking for: a brand (the catalogue's), optionally a model, the maker's reference,
 * a year range, a minimum condition grade and a maximum price (GBP). Every item added to stock and every price
 * change is matched against the shop's active wants after it commits (wants-messages.ts's wantMisses is the
 * rule); saving a want also searches the available stock at once (`newMatches` in the answer).
 *
 *   GET    /api/clients/{id}/wants/?active&page&page_size → { results: Want[], count }, newest first.
 *   POST   /api/clients/{id}/wants/  WantInput → 201 WantSaved.
 *   PUT    /api/wants/{id}/  WantInput → WantSaved (every field as sent; a field left out is cleared).
 *   DELETE /api/wants/{id}/ → 204 (its matches go with it).
 *   GET    /api/wants/matches/?status&page&page_size → { results: WantMatch[], count }, newest first;
 *          status open (default) | emailed | dismissed | lapsed | all.
 *   GET    /api/items/{id}/want-matches/?status → the item's matches (default all).
 *   GET    /api/clients/{id}/want-matches/?status → the client's matches (default all).
 *   GET    /api/wants/matches/{id}/email/ → WantMatchEmail: the prepared e-mail to the client.
 *   POST   /api/wants/matches/{id}/email/  WantMatchSend → WantMatchSent: sent through the shop's mail (the
 *          outbox when no SMTP server is configured), the match e-mailed. 409 WANT_PROBLEMS.noEmail when the
 *          client has no e-mail address, itemGone when the item is no longer available, alreadyEmailed,
 *          dismissed; MAIL_PROBLEMS.noSender when there is no address to send from (MAIL_FROM, the shop's).
 *   POST   /api/wants/matches/{id}/dismiss/ → WantMatch (dismissed); 409 notOpen.
 */

export const WantMatchReasonSchema = Choice(WANT_MATCH_REASONS);
export const WantMatchStatusSchema = Choice(WANT_MATCH_STATUSES);
const Year = Type.Integer({ minimum: WANT_LIMITS.yearMin, maximum: WANT_LIMITS.yearMax });

/** `POST /api/clients/{id}/wants/`, `PUT /api/wants/{id}/`. 400 field errors keyed by these names. */
export const WantInput = Type.Object(
  {
    /** A brand of the shop's catalogue (spelled as the catalogue spells it once saved). */
    brand: Text({ maxLength: WANT_LIMITS.brand }),
    /** A model of that brand in the catalogue; '' any. */
    model: Type.Optional(Text({ maxLength: WANT_LIMITS.model })),
    /** The maker's reference (e.g. 126610LN); case, spaces and hyphens are ignored when matching. */
    reference: Type.Optional(Text({ maxLength: WANT_LIMITS.reference })),
    yearFrom: Type.Optional(Nullable(Year)),
    yearTo: Type.Optional(Nullable(Year)),
    /** The lowest acceptable grade (CONDITION_GRADES, best first). */
    conditionGrade: Type.Optional(Nullable(Choice(CONDITION_GRADES))),
    /** Pounds, at most 2 decimals; null: any price. */
    maxPrice: Type.Optional(Nullable(DecimalInput)),
    notes: Type.Optional(Text({ maxLength: WANT_LIMITS.notes, multiline: true })),
    /** Default true; an inactive want is kept but matched against nothing. */
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type WantInput = Static<typeof WantInput>;

export const Want = Type.Object({
  id: Type.Integer(),
  clientId: Type.Integer(),
  clientName: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  reference: Type.String(),
  yearFrom: Nullable(Type.Integer()),
  yearTo: Nullable(Type.Integer()),
  conditionGrade: Nullable(Choice(CONDITION_GRADES)),
  /** GBP. */
  maxPrice: Nullable(Type.Number()),
  notes: Type.String(),
  active: Type.Boolean(),
  /** wantSummary: the want in one line. */
  summary: Type.String(),
  /** Its matches open now (items still available). */
  openMatches: Type.Integer({ minimum: 0 }),
  /** ISO 8601 date-times. */
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Want = Static<typeof Want>;

export const WantList = ListOf(Want);
export type WantList = Static<typeof WantList>;

/** A want as saved, and how many new matches the search of the available stock found. */
export const WantSaved = Type.Object({ ...Want.properties, newMatches: Type.Integer({ minimum: 0 }) });
export type WantSaved = Static<typeof WantSaved>;

/** `GET /api/clients/{id}/wants/`: newest first; `active` true or false for one kind only. */
export const WantQuery = Type.Object(
  { ...PagingQuery, active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type WantQuery = Static<typeof WantQuery>;

/** One match of a want and an item, with what the lists show of both. */
export const WantMatch = Type.Object({
  id: Type.Integer(),
  wantId: Type.Integer(),
  /** wantSummary of the want. */
  wantSummary: Type.String(),
  clientId: Type.Integer(),
  clientName: Type.String(),
  /** '' when the client has no e-mail address (the e-mail cannot be sent). */
  clientEmail: Type.String(),
  itemId: Type.Integer(),
  stockNumber: Type.Integer(),
  brand: Type.String(),
  model: Type.String(),
  referenceNumber: Type.String(),
  year: Nullable(Type.Integer()),
  conditionGrade: Nullable(Choice(CONDITION_GRADES)),
  /** The item's status now ('available', 'sold', …). */
  itemStatus: Type.String(),
  reason: WantMatchReasonSchema,
  /** The price (GBP) when matched, and now: the promotion price when promoted, else the retail price. */
  priceAtMatch: Nullable(Type.Number()),
  price: Nullable(Type.Number()),
  /** open, emailed, dismissed; an open match whose item is no longer available reads lapsed. */
  status: WantMatchStatusSchema,
  /** ISO 8601 date-times. */
  matchedAt: Type.String(),
  emailedAt: Nullable(Type.String()),
  dismissedAt: Nullable(Type.String()),
  /** The outbox message of the e-mail sent. */
  mailId: Nullable(Type.Integer()),
});
export type WantMatch = Static<typeof WantMatch>;

export const WantMatchList = ListOf(WantMatch);
export type WantMatchList = Static<typeof WantMatchList>;

/** The lists of matches: one status or all, paged. */
export const WantMatchQuery = Type.Object(
  { ...PagingQuery, status: Type.Optional(Choice(WANT_MATCH_FILTERS)) },
  { additionalProperties: false },
);
export type WantMatchQuery = Static<typeof WantMatchQuery>;

/** `GET /api/wants/matches/{id}/email/`: the e-mail as it would be sent, and whether it can be. */
export const WantMatchEmail = Type.Object({
  to: Type.Object({ name: Type.String(), address: Type.String() }),
  subject: Type.String(),
  text: Type.String(),
  /** The item's page on the shop's storefront, when it is listed there now. */
  storefrontUrl: Nullable(Type.String()),
  /** Why it cannot be sent (WANT_PROBLEMS), or null. */
  problem: Nullable(Type.String()),
});
export type WantMatchEmail = Static<typeof WantMatchEmail>;

/** `POST /api/wants/matches/{id}/email/`: the draft as a member edited it; left out: as prepared. */
export const WantMatchSend = Type.Object(
  {
    subject: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
    text: Type.Optional(Text({ minLength: 1, maxLength: 10_000, multiline: true })),
  },
  { additionalProperties: false },
);
export type WantMatchSend = Static<typeof WantMatchSend>;

/** The match once e-mailed, and where its message stands in the outbox (sent, outbox_only, failed…). */
export const WantMatchSent = Type.Object({
  match: WantMatch,
  mail: Type.Object({ id: Type.Integer(), status: Type.String(), lastError: Type.String() }),
});
export type WantMatchSent = Static<typeof WantMatchSent>;
