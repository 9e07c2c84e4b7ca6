import type { Queryable } from '../../db/database';

// A client's website enquiries as personal data (UK GDPR): what the person typed on the storefront's form (name,
// e-mail, phone, message, when they ticked the notice) and the staff's replies (migration 041). An enquiry is the
// client's when it is linked to them (converted, client_id) or was sent from their e-mail address (case ignored):
// the same person, not yet converted. The compliance module decides when a client's data is exported (Art. 15) or
// erased (Art. 17) and calls these through the enquiries repository; only this module writes its tables.

/** How many enquiries and replies an erasure deleted. */
export interface ErasedEnquiries {
  enquiries: number;
  replies: number;
}

/** The client's enquiries: linked to them, or sent from their e-mail address when they have one. */
const OF_CLIENT = `e.shop_id = $1 AND (e.client_id = $2 OR ($3::text <> '' AND lower(e.email) = lower($3::text)))`;

/**
 * The client's enquiries, oldest first, each with the piece asked about and its replies (subject, text, who sent
 * it and when), as PostgreSQL writes them in JSON. `email` is the client's e-mail address now ('' for none).
 */
export async function clientEnquiryRecords(
  db: Queryable,
  shopId: number,
  clientId: number,
  email: string,
): Promise<unknown[]> {
  const rows = await db.query<{ r: string }>(
    `SELECT row_to_json(t)::text AS r FROM (
       SELECT e.id, e.item_id, i.brand AS item_brand, i.model AS item_model, e.name, e.email, e.phone, e.message,
              e.consent_at, e.status, e.client_id, e.created_at, e.answered_at, e.converted_at, e.closed_at,
              coalesce((SELECT json_agg(json_build_object('subject', r.subject, 'body', r.body,
                                                          'sent_by', r.sent_by_name, 'sent_at', r.created_at)
                                        ORDER BY r.id)
                          FROM enquiry_replies r WHERE r.enquiry_id = e.id), '[]'::json) AS replies
         FROM enquiries e
         LEFT JOIN stock_items i ON i.id = e.item_id
        WHERE ${OF_CLIENT}
        ORDER BY e.id) t`,
    [shopId, clientId, email.trim()],
  );
  return rows.map((row) => JSON.parse(row.r) as unknown);
}

/**
 * Deletes the client's enquiries and their replies (an erasure request, UK GDPR Art. 17, or the end of
 * retention). An enquiry is neither a due diligence nor a transaction record (MLR 2017 reg. 40(2)), so no law
 * keeps it. `email` is the client's address BEFORE it is erased. The replies would go with their enquiry by the
 * foreign key's cascade; they are deleted first to be counted. The messages the mail module sent (its outbox)
 * are the mail module's records, not deleted here.
 */
export async function eraseClientEnquiries(
  db: Queryable,
  shopId: number,
  clientId: number,
  email: string,
): Promise<ErasedEnquiries> {
  const params = [shopId, clientId, email.trim()];
  const replies = await db.query(
    `DELETE FROM enquiry_replies WHERE enquiry_id IN (SELECT e.id FROM enquiries e WHERE ${OF_CLIENT}) RETURNING id`,
    params,
  );
  const enquiries = await db.query(`DELETE FROM enquiries e WHERE ${OF_CLIENT} RETURNING id`, params);
  return { enquiries: enquiries.length, replies: replies.length };
}
