import { Type, type Static } from '@sinclair/typebox';
import { Choice, ListOf, Nullable, PagingQuery } from './common';
import { MAIL_STATUSES } from './mail-messages';

/*
 * The shop's outgoing e-mail (issue 23 item 4). Endpoints: `endpoints.mail` (endpoints.ts); the server's `mail`
 * module owns them. Every message the shop sends a client (the workshop's estimate and "ready for collection"
 * e-mails) is recorded in the OUTBOX first and delivered through SMTP when the server is configured for it
 * (SMTP_URL, MAIL_FROM); without it, or when delivery fails, the message stays in the outbox with the reason, for
 * the staff to read and retry. Reading the outbox needs `can(role, 'viewOutbox')` (platinum and gold).
 *
 *   GET  /api/mail/outbox/?status&page&page_size → { results: OutboxSummary[], count }, newest first.
 *   GET  /api/mail/outbox/{id}/ → OutboxMessage (with the text and HTML bodies).
 *   POST /api/mail/outbox/{id}/retry/ → OutboxMessage: delivered again now (a failed, queued, outbox-only or
 *        not-sendable message; the recipient is read afresh for a related client); 409 when it was sent already.
 */

export const MailStatusSchema = Choice(MAIL_STATUSES);

/** One message in the outbox list: no bodies. */
export const OutboxSummary = Type.Object({
  id: Type.Integer(),
  status: MailStatusSchema,
  toName: Type.String(),
  /** '' when the client has no e-mail address (status not_sendable). */
  to: Type.String(),
  subject: Type.String(),
  relatedKind: Type.String(),
  relatedId: Type.Integer(),
  attempts: Type.Integer({ minimum: 0 }),
  /** The last delivery's error as the SMTP server or the mailer gave it, or why it was not sent; '' once sent. */
  lastError: Type.String(),
  /** ISO 8601 date-times. */
  createdAt: Type.String(),
  lastAttemptAt: Nullable(Type.String()),
  sentAt: Nullable(Type.String()),
});
export type OutboxSummary = Static<typeof OutboxSummary>;

export const OutboxList = ListOf(OutboxSummary);
export type OutboxList = Static<typeof OutboxList>;

/** One message with everything it said. */
export const OutboxMessage = Type.Object({
  ...OutboxSummary.properties,
  from: Type.String(),
  replyTo: Type.String(),
  text: Type.String(),
  html: Nullable(Type.String()),
  /** The SMTP server's Message-ID once sent. */
  messageId: Type.String(),
});
export type OutboxMessage = Static<typeof OutboxMessage>;

/** `GET /api/mail/outbox/`: newest first, optionally one status (e.g. failed). */
export const OutboxQuery = Type.Object(
  { ...PagingQuery, status: Type.Optional(MailStatusSchema) },
  { additionalProperties: false },
);
export type OutboxQuery = Static<typeof OutboxQuery>;
