import {
  ENQUIRY_RETENTION_MONTHS,
  type EnquiryClient,
  type EnquiryCounts,
  type EnquiryDetail,
  type EnquiryFilter,
  type EnquiryReplyRecord,
  type EnquiryStatus,
  type EnquirySummary,
  type MailStatus,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { clientEnquiryRecords, eraseClientEnquiries, type ErasedEnquiries } from './personal-data';

/*
 * The enquiries module's tables (migrations/041_enquiries.sql): only this file writes enquiries and
 * enquiry_replies. Other modules' data is read through their published views: stock_items (inventory),
 * storefront_shops and storefront_offers (storefront), client_directory (clients), shop_letterhead
 * (documents: the shop's printed name), mail_outbox_records (mail).
 */

/** The storefront an enquiry is posted to, and the item on it (storefront_shops, stock_items, storefront_offers). */
export interface PublicTarget {
  shopId: number;
  shopName: string;
  slug: string;
  itemId: number;
  itemTitle: string;
  /** Whether the item is on the storefront right now (storefront_offers). */
  onOffer: boolean;
}

export interface NewEnquiry {
  shopId: number;
  itemId: number;
  onOffer: boolean;
  name: string;
  email: string;
  phone: string;
  message: string;
  at: Date;
}

interface SummaryRow {
  id: string | number;
  status: EnquiryStatus;
  name: string;
  email: string;
  phone: string;
  client_id: number | null;
  created_at: Date | string;
  answered_at: Date | string | null;
  item_id: number;
  on_offer: boolean;
  serial: string | null;
  stock_number: string | null;
  brand: string | null;
  model: string | null;
  reference_number: string | null;
  description: string | null;
  online: boolean;
}

interface DetailRow extends SummaryRow {
  message: string;
  consent_at: Date | string;
  converted_at: Date | string | null;
  closed_at: Date | string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/** An item as people name it: "Rolex Submariner 126610LN" (else its description, else its serial). */
export function itemTitle(row: {
  brand?: string | null;
  model?: string | null;
  reference_number?: string | null;
  description?: string | null;
  serial?: string | null;
}): string {
  const named = [row.brand, row.model, row.reference_number]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return named || (row.description ?? '').trim().slice(0, 80) || (row.serial ?? '');
}

const SUMMARY_COLUMNS = `e.id, e.status, e.name, e.email, e.phone, e.client_id, e.created_at, e.answered_at, e.item_id,
  e.on_offer, i.serial, i.stock_number, i.brand, i.model, i.reference_number, i.description,
  EXISTS (SELECT 1 FROM storefront_offers o WHERE o.item_id = e.item_id AND o.shop_id = e.shop_id) AS online`;

const FROM = `enquiries e LEFT JOIN stock_items i ON i.id = e.item_id AND i.shop_id = e.shop_id`;

const STATUS_FILTER: Readonly<Record<EnquiryFilter, string>> = {
  new: `AND e.status = 'new'`,
  open: `AND e.status IN ('new', 'answered')`,
  all: '',
};

function toSummary(row: SummaryRow): EnquirySummary {
  return {
    id: Number(row.id),
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    clientId: row.client_id,
    createdAt: iso(row.created_at)!,
    answeredAt: iso(row.answered_at),
    item: {
      id: row.item_id,
      serial: row.serial ?? '',
      stockNumber: row.stock_number ?? '',
      title: itemTitle(row),
      online: row.online,
      onOfferWhenAsked: row.on_offer,
    },
  };
}

export class EnquiriesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The storefront at `slug`, open to the public, and the shop's stock item `itemId`; null when either is not
   * there (an unknown or closed storefront, another shop's item, no such item).
   */
  async publicTarget(slug: string, itemId: number): Promise<PublicTarget | null> {
    const rows = await this.db.query<{
      shop_id: number;
      slug: string;
      printed_name: string;
      item_id: number;
      brand: string;
      model: string;
      reference_number: string;
      description: string;
      serial: string;
      on_offer: boolean;
    }>(
      `SELECT s.shop_id, s.slug, l.name AS printed_name, i.id AS item_id, i.brand, i.model, i.reference_number,
              i.description, i.serial,
              EXISTS (SELECT 1 FROM storefront_offers o WHERE o.item_id = i.id AND o.shop_id = s.shop_id) AS on_offer
         FROM storefront_shops s
         JOIN stock_items i ON i.shop_id = s.shop_id AND i.id = $2
         JOIN shop_letterhead l ON l.shop_id = s.shop_id
        WHERE s.slug = $1 AND s.enabled`,
      [slug, itemId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      shopId: r.shop_id,
      slug: r.slug,
      shopName: r.printed_name,
      itemId: r.item_id,
      itemTitle: itemTitle(r),
      onOffer: r.on_offer,
    };
  }

  async insert(enquiry: NewEnquiry): Promise<number> {
    const rows = await this.db.query<{ id: string | number }>(
      `INSERT INTO enquiries (shop_id, item_id, on_offer, name, email, phone, message, consent_at, status,
                              created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'new', $8, $8)
       RETURNING id`,
      [
        enquiry.shopId,
        enquiry.itemId,
        enquiry.onOffer,
        enquiry.name,
        enquiry.email,
        enquiry.phone,
        enquiry.message,
        enquiry.at,
      ],
    );
    return Number(rows[0]!.id);
  }

  /**
   * Deletes the shop's enquiries (and their replies) whose last activity is ENQUIRY_RETENTION_MONTHS old
   * (UK GDPR Art. 5(1)(e), migrations/041_enquiries.sql); the number deleted.
   */
  async purgeExpired(shopId: number, now: Date): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - ENQUIRY_RETENTION_MONTHS);
    const rows = await this.db.query<{ id: string | number }>(
      `DELETE FROM enquiries WHERE shop_id = $1 AND updated_at < $2 RETURNING id`,
      [shopId, cutoff],
    );
    return rows.length;
  }

  async counts(shopId: number): Promise<EnquiryCounts> {
    const rows = await this.db.query<{ new_count: number; open_count: number; all_count: number }>(
      `SELECT count(*) FILTER (WHERE status = 'new')::int AS new_count,
              count(*) FILTER (WHERE status IN ('new', 'answered'))::int AS open_count,
              count(*)::int AS all_count
         FROM enquiries WHERE shop_id = $1`,
      [shopId],
    );
    const r = rows[0];
    return { new: r?.new_count ?? 0, open: r?.open_count ?? 0, all: r?.all_count ?? 0 };
  }

  /** A page of the shop's enquiries in `filter`, newest first. */
  async list(
    shopId: number,
    filter: EnquiryFilter,
    limit: number,
    offset: number,
  ): Promise<EnquirySummary[]> {
    const rows = await this.db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${FROM}
        WHERE e.shop_id = $1 ${STATUS_FILTER[filter]}
        ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
      [shopId, limit, offset],
    );
    return rows.map(toSummary);
  }

  /** The shop's enquiry `id` without its replies and clients, or null (another shop's is not found). */
  async find(
    shopId: number,
    id: number,
    forUpdate = false,
  ): Promise<Omit<EnquiryDetail, 'client' | 'matchedClient' | 'replies'> | null> {
    const rows = await this.db.query<DetailRow>(
      `SELECT ${SUMMARY_COLUMNS}, e.message, e.consent_at, e.converted_at, e.closed_at
         FROM ${FROM} WHERE e.shop_id = $1 AND e.id = $2${forUpdate ? ' FOR UPDATE OF e' : ''}`,
      [shopId, id],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      ...toSummary(r),
      message: r.message,
      consentAt: iso(r.consent_at)!,
      convertedAt: iso(r.converted_at),
      closedAt: iso(r.closed_at),
    };
  }

  async replies(shopId: number, enquiryId: number): Promise<EnquiryReplyRecord[]> {
    const rows = await this.db.query<{
      id: string | number;
      subject: string;
      body: string;
      sent_by_name: string;
      created_at: Date | string;
      mail_id: string | number | null;
      mail_status: MailStatus | null;
    }>(
      `SELECT r.id, r.subject, r.body, r.sent_by_name, r.created_at, m.id AS mail_id, m.status AS mail_status
         FROM enquiry_replies r
         LEFT JOIN mail_outbox_records m ON m.id = r.mail_id AND m.shop_id = r.shop_id
        WHERE r.shop_id = $1 AND r.enquiry_id = $2
        ORDER BY r.id`,
      [shopId, enquiryId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      subject: r.subject,
      body: r.body,
      sentBy: r.sent_by_name,
      createdAt: iso(r.created_at)!,
      mailId: r.mail_id === null ? null : Number(r.mail_id),
      mailStatus: r.mail_status,
    }));
  }

  /** The shop's client `id` (client_directory). */
  async client(shopId: number, id: number): Promise<EnquiryClient | null> {
    const rows = await this.db.query<EnquiryClient>(
      `SELECT id, name, email FROM client_directory WHERE shop_id = $1 AND id = $2`,
      [shopId, id],
    );
    return rows[0] ?? null;
  }

  /** The shop's client with this e-mail address, compared without case (the oldest, should there be two). */
  async clientByEmail(shopId: number, email: string): Promise<EnquiryClient | null> {
    if (!email) return null;
    const rows = await this.db.query<EnquiryClient>(
      `SELECT id, name, email FROM client_directory
        WHERE shop_id = $1 AND lower(email) = lower($2)
        ORDER BY id LIMIT 1`,
      [shopId, email],
    );
    return rows[0] ?? null;
  }

  async recordReply(reply: {
    shopId: number;
    enquiryId: number;
    subject: string;
    body: string;
    mailId: number;
    userId: number;
    at: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO enquiry_replies (enquiry_id, shop_id, subject, body, mail_id, sent_by, sent_by_name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, coalesce((SELECT username FROM user_directory WHERE id = $6), ''), $7)`,
      [reply.enquiryId, reply.shopId, reply.subject, reply.body, reply.mailId, reply.userId, reply.at],
    );
    // A reply answers a new enquiry; a converted one stays converted (it is the client's now).
    await this.db.query(
      `UPDATE enquiries
          SET status = CASE WHEN status = 'new' THEN 'answered' ELSE status END,
              answered_at = coalesce(answered_at, $3), updated_at = $3
        WHERE shop_id = $1 AND id = $2`,
      [reply.shopId, reply.enquiryId, reply.at],
    );
  }

  async markConverted(shopId: number, id: number, clientId: number, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE enquiries SET status = 'converted', client_id = $3, converted_at = $4, updated_at = $4
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, clientId, at],
    );
  }

  /** Deletes the enquiry and (by the foreign key's cascade) its replies; whether there was one. */
  async remove(shopId: number, id: number): Promise<boolean> {
    const rows = await this.db.query(`DELETE FROM enquiries WHERE shop_id = $1 AND id = $2 RETURNING id`, [
      shopId,
      id,
    ]);
    return rows.length === 1;
  }

  async markClosed(shopId: number, id: number, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE enquiries SET status = 'closed', closed_at = $3, updated_at = $3 WHERE shop_id = $1 AND id = $2`,
      [shopId, id, at],
    );
  }

  // ---------------------------------------------------------------- the client's personal data (compliance)

  /**
   * The client's enquiries (linked to them, or from their e-mail address) with their replies, for the subject
   * access export (UK GDPR Art. 15; personal-data.ts).
   */
  recordsOfClient(shopId: number, clientId: number, email: string): Promise<unknown[]> {
    return clientEnquiryRecords(this.db, shopId, clientId, email);
  }

  /** Deletes the client's enquiries and their replies (UK GDPR Art. 17; personal-data.ts). */
  eraseClient(shopId: number, clientId: number, email: string): Promise<ErasedEnquiries> {
    return eraseClientEnquiries(this.db, shopId, clientId, email);
  }
}
