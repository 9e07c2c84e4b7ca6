import type { MailStatus, OutboxMessage, OutboxSummary } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { readShopLetterhead } from '../documents';

/** A message as recorded, before delivery is tried. */
export interface NewOutboxRow {
  shopId: number;
  status: MailStatus;
  from: string;
  replyTo: string;
  clientId: number | null;
  toName: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  relatedKind: string;
  relatedId: number;
  lastError: string;
  createdBy: number | null;
  createdAt: Date;
}

/** The shop as its e-mails name it: Shop Settings' names, address and contact details. */
export interface ShopSender {
  name: string;
  legalName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
  companyNumber: string;
}

interface OutboxRow {
  id: string | number;
  status: MailStatus;
  client_id: number | null;
  from_address: string;
  reply_to: string;
  to_name: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  related_kind: string;
  related_id: string | number;
  attempts: number;
  last_error: string;
  last_attempt_at: Date | null;
  sent_at: Date | null;
  message_id: string;
  created_at: Date;
}

const COLUMNS = `id, status, client_id, from_address, reply_to, to_name, to_address, subject, text_body, html_body, related_kind,
  related_id, attempts, last_error, last_attempt_at, sent_at, message_id, created_at`;
const SUMMARY_COLUMNS = `id, status, to_name, to_address, subject, related_kind, related_id, attempts, last_error,
  last_attempt_at, sent_at, created_at`;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type SummaryRow = Omit<
  OutboxRow,
  'client_id' | 'from_address' | 'reply_to' | 'text_body' | 'html_body' | 'message_id'
>;

function summaryOf(r: SummaryRow): OutboxSummary {
  return {
    id: Number(r.id),
    status: r.status,
    toName: r.to_name,
    to: r.to_address,
    subject: r.subject,
    relatedKind: r.related_kind,
    relatedId: Number(r.related_id),
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: iso(r.created_at)!,
    lastAttemptAt: iso(r.last_attempt_at),
    sentAt: iso(r.sent_at),
  };
}

/** A message as stored, with the client it was written to (not part of the API's shape). */
export type StoredMessage = OutboxMessage & { clientId: number | null };

function messageOf(r: OutboxRow): StoredMessage {
  return {
    ...summaryOf(r),
    from: r.from_address,
    replyTo: r.reply_to,
    text: r.text_body,
    html: r.html_body,
    messageId: r.message_id,
    clientId: r.client_id === null ? null : Number(r.client_id),
  };
}

/** The outbox (migration 033): the only writer of mail_outbox. */
export class MailRepository {
  constructor(private readonly db: Queryable) {}

  async insert(row: NewOutboxRow): Promise<StoredMessage> {
    const rows = await this.db.query<OutboxRow>(
      `INSERT INTO mail_outbox (shop_id, status, from_address, reply_to, to_name, to_address, subject, text_body,
         html_body, related_kind, related_id, last_error, created_by, created_at, client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       RETURNING ${COLUMNS}`,
      [
        row.shopId,
        row.status,
        row.from,
        row.replyTo,
        row.toName,
        row.to,
        row.subject,
        row.text,
        row.html,
        row.relatedKind,
        row.relatedId,
        row.lastError,
        row.createdBy,
        row.createdAt,
        row.clientId,
      ],
    );
    return messageOf(rows[0]!);
  }

  /**
   * Claims a message for a delivery attempt as it was read (its status and attempt count: two retries at once
   * read the same, and only the first claims it), marks it queued with the envelope of this attempt and, when
   * the attempt reaches an SMTP server (`counts`), counts it. null when not claimed.
   */
  async claim(
    shopId: number,
    seen: { id: number; status: MailStatus; attempts: number },
    envelope: { from: string; replyTo: string; toName: string; to: string },
    at: Date,
    counts: boolean,
  ): Promise<StoredMessage | null> {
    const rows = await this.db.query<OutboxRow>(
      `UPDATE mail_outbox
          SET status = 'queued', last_error = '',
              attempts = attempts + CASE WHEN $10 THEN 1 ELSE 0 END,
              last_attempt_at = CASE WHEN $10 THEN $5::timestamptz ELSE last_attempt_at END,
              from_address = $6, reply_to = $7, to_name = $8, to_address = $9
        WHERE shop_id = $1 AND id = $2 AND status = $3 AND attempts = $4 AND status <> 'sent'
        RETURNING ${COLUMNS}`,
      [
        shopId,
        seen.id,
        seen.status,
        seen.attempts,
        at,
        envelope.from,
        envelope.replyTo,
        envelope.toName,
        envelope.to,
        counts,
      ],
    );
    return rows[0] ? messageOf(rows[0]) : null;
  }

  async markSent(shopId: number, id: number, messageId: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = $3, message_id = $4, last_error = ''
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, at, messageId.slice(0, 300)],
    );
  }

  /** A message not delivered: failed (retry may help), outbox_only or not_sendable, with the reason. */
  async markNotSent(
    shopId: number,
    id: number,
    status: Exclude<MailStatus, 'sent' | 'queued'>,
    error: string,
  ): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET status = $3, last_error = $4 WHERE shop_id = $1 AND id = $2 AND status <> 'sent'`,
      [shopId, id, status, error],
    );
  }

  async get(shopId: number, id: number): Promise<StoredMessage | null> {
    if (!Number.isSafeInteger(id) || id < 1) return null;
    const rows = await this.db.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM mail_outbox WHERE shop_id = $1 AND id = $2`,
      [shopId, id],
    );
    return rows[0] ? messageOf(rows[0]) : null;
  }

  async count(shopId: number, status: MailStatus | null): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE shop_id = $1 AND ($2::text IS NULL OR status = $2)`,
      [shopId, status],
    );
    return rows[0]?.n ?? 0;
  }

  async list(
    shopId: number,
    status: MailStatus | null,
    limit: number,
    offset: number,
  ): Promise<OutboxSummary[]> {
    const rows = await this.db.query<OutboxRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM mail_outbox
        WHERE shop_id = $1 AND ($2::text IS NULL OR status = $2)
        ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [shopId, status, limit, offset],
    );
    return rows.map(summaryOf);
  }

  /** A client's name and e-mail address now (the clients module's published view), or null. */
  async clientAddress(shopId: number, clientId: number): Promise<{ name: string; email: string } | null> {
    const rows = await this.db.query<{ name: string; email: string | null }>(
      `SELECT name, email FROM client_directory WHERE shop_id = $1 AND id = $2`,
      [shopId, clientId],
    );
    return rows[0] ? { name: rows[0].name, email: (rows[0].email ?? '').trim() } : null;
  }

  /** The shop's name and details from Shop Settings: the documents module's letterhead, as on every paper. */
  shopSender(shopId: number): Promise<ShopSender> {
    // The letterhead is a ShopSender with the names' parts besides, which the e-mails do not read.
    return readShopLetterhead(this.db, shopId);
  }
}
