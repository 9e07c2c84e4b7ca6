import { Type, type Static } from '@sinclair/typebox';
import { Choice, Nullable, PagingQuery, Text } from './common';
import { ENQUIRY_FILTERS, ENQUIRY_LIMITS, ENQUIRY_STATUSES } from './enquiry-messages';
import { MailStatusSchema } from './mail';

/*
 * Website enquiries (issue 24 item 2). Endpoints: `endpoints.enquiries` (endpoints.ts); the server's `enquiries`
 * module owns them. A member of the public asks about an item on the storefront (POST /store/{slug}/items/{id}/
 * enquiry, a public HTML form); every member of the shop may read and answer them.
 *
 *   GET  /api/enquiries/?status=new|open|all&page&page_size → EnquiryList (newest first, with the counts the
 *        dashboard card shows).
 *   GET  /api/enquiries/{id}/ → EnquiryDetail: the message, the item, the client it is linked to and the client
 *        whose e-mail matches, the replies.
 *   POST /api/enquiries/{id}/reply/ {subject, body} → EnquiryDetail: sent through the mailer (or kept in the
 *        outbox when no SMTP server is configured), recorded on the enquiry, status answered.
 *   POST /api/enquiries/{id}/convert/ → EnquiryDetail: linked to the shop's client with the same e-mail, or a new
 *        client made from the enquiry; status converted.
 *   POST /api/enquiries/{id}/close/ → EnquiryDetail: status closed.
 *   DELETE /api/enquiries/{id}/ → 204: the enquiry and its replies deleted now (the person asked: UK GDPR Art. 17),
 *        audited without their details; the e-mails sent stay in the mail outbox under its own rules.
 */

export const EnquiryStatusSchema = Choice(ENQUIRY_STATUSES);

/** The item asked about, as the app shows it. */
export const EnquiryItem = Type.Object({
  id: Type.Integer(),
  serial: Type.String(),
  stockNumber: Type.String(),
  /** "Rolex Submariner 126610LN". */
  title: Type.String(),
  /** Whether it is on the storefront now. */
  online: Type.Boolean(),
  /** Whether it was on the storefront when the enquiry arrived (sold in between: false). */
  onOfferWhenAsked: Type.Boolean(),
});
export type EnquiryItem = Static<typeof EnquiryItem>;

export const EnquirySummary = Type.Object({
  id: Type.Integer(),
  status: EnquiryStatusSchema,
  name: Type.String(),
  /** '' when only a phone number was given. */
  email: Type.String(),
  phone: Type.String(),
  item: EnquiryItem,
  /** The client it was converted to. */
  clientId: Nullable(Type.Integer()),
  /** ISO 8601 date-times. */
  createdAt: Type.String(),
  answeredAt: Nullable(Type.String()),
});
export type EnquirySummary = Static<typeof EnquirySummary>;

/** How many enquiries stand in each filter (the dashboard card: new ones). */
export const EnquiryCounts = Type.Object({
  new: Type.Integer({ minimum: 0 }),
  open: Type.Integer({ minimum: 0 }),
  all: Type.Integer({ minimum: 0 }),
});
export type EnquiryCounts = Static<typeof EnquiryCounts>;

export const EnquiryList = Type.Object({
  results: Type.Array(EnquirySummary),
  count: Type.Integer({ minimum: 0 }),
  counts: EnquiryCounts,
});
export type EnquiryList = Static<typeof EnquiryList>;

/** One reply a member sent. */
export const EnquiryReplyRecord = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  body: Type.String(),
  sentBy: Type.String(),
  createdAt: Type.String(),
  /** The outbox record and where it stands (sent, outbox only, failed…); null if it is gone from the outbox. */
  mailId: Nullable(Type.Integer()),
  mailStatus: Nullable(MailStatusSchema),
});
export type EnquiryReplyRecord = Static<typeof EnquiryReplyRecord>;

/** A client of the shop, as an enquiry names one. */
export const EnquiryClient = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() });
export type EnquiryClient = Static<typeof EnquiryClient>;

export const EnquiryDetail = Type.Object({
  ...EnquirySummary.properties,
  message: Type.String(),
  /** When the person ticked the form's notice. */
  consentAt: Type.String(),
  convertedAt: Nullable(Type.String()),
  closedAt: Nullable(Type.String()),
  /** The client it is linked to. */
  client: Nullable(EnquiryClient),
  /** Before conversion: the shop's client with the same e-mail (case-insensitive), which Convert would link. */
  matchedClient: Nullable(EnquiryClient),
  replies: Type.Array(EnquiryReplyRecord),
});
export type EnquiryDetail = Static<typeof EnquiryDetail>;

/** `GET /api/enquiries/`: newest first; `new` by default. */
export const EnquiryQuery = Type.Object(
  { ...PagingQuery, status: Type.Optional(Choice(ENQUIRY_FILTERS)) },
  { additionalProperties: false },
);
export type EnquiryQuery = Static<typeof EnquiryQuery>;

/** `POST /api/enquiries/{id}/reply/`. */
export const EnquiryReply = Type.Object(
  {
    subject: Text({ maxLength: ENQUIRY_LIMITS.replySubject }),
    body: Text({ maxLength: ENQUIRY_LIMITS.replyBody, multiline: true }),
  },
  { additionalProperties: false },
);
export type EnquiryReply = Static<typeof EnquiryReply>;
