import type { Queryable } from '../../db/database';
import { BUYER_ADDRESS_COLUMNS, NEXT_NUMBER, PARTIES } from './document-sql';

/** Who issues a document and when: the sale's (or the void's) own user and instant. */
export interface Issuer {
  shopId: number;
  userId: number | null;
  at: Date;
}

/**
 * The VAT treatment of a sale (contracts/src/documents.ts): a shop without a VAT number charges no VAT and is
 * outside the margin scheme too; a VAT-registered shop sells margin-scheme stock under the scheme and anything
 * else (standard-rated stock, quick sales) at 20% included in the price.
 */
const TREATMENT = `CASE
    WHEN coalesce(ss.vat_number, '') = '' THEN 'none'
    WHEN i.vat_scheme = 'margin' THEN 'margin'
    ELSE 'standard'
  END`;

/**
 * Issues the invoice of sale `saleId` in the caller's transaction: one statement that takes the number and
 * writes the snapshot of seller, buyer and line, the totals and the VAT figures, all in exact numeric.
 *   standard:  vat_amount = round(total / 6) to the currency's places (20% included: 20/120)
 *   margin:    margin_gbp = amount_gbp − cost_gbp (the item's purchase price at the sale),
 *              margin_vat_gbp = round(greatest(margin_gbp, 0) / 6, 2): a loss carries no VAT, never a negative one
 */
const ISSUE_INVOICE = `
WITH sale AS (
  SELECT s.id, s.shop_id, s.item_id, s.name, s.amount, s.currency, s.exchange_rate, s.amount_gbp, s.cost_gbp,
         s.payment_method, s.client_id, s.buyer_name, s.sale_date, ${TREATMENT} AS treatment,
         i.brand, i.model, i.serial, i.stock_type, i.description AS item_description,
         c.name AS client_name, c.email AS client_email, c.phone AS client_phone,
         ${BUYER_ADDRESS_COLUMNS('c')},
         sh.name AS shop_name, ss.legal_name, ss.trading_name, ss.address, ss.phone AS shop_phone,
         ss.email AS shop_email, ss.vat_number, ss.company_number, ss.invoice_footer,
         coalesce(ss.invoice_prefix, 'INV-') AS prefix,
         EXISTS (SELECT 1 FROM shop_logo_index l WHERE l.shop_id = s.shop_id) AS has_logo,
         (SELECT u.username FROM user_directory u WHERE u.id = $3) AS issued_by
    FROM sales s
    JOIN shop_directory sh ON sh.id = s.shop_id
    LEFT JOIN shop_document_settings ss ON ss.shop_id = s.shop_id
    LEFT JOIN stock_items i ON i.id = s.item_id
    LEFT JOIN client_directory c ON c.id = s.client_id
   WHERE s.shop_id = $1 AND s.id = $2 AND s.reversal_of IS NULL
),
numbered AS (${NEXT_NUMBER('invoice')})
INSERT INTO invoices (shop_id, kind, number, reference, sale_id, issue_date, currency, exchange_rate, total,
                      total_gbp, vat_treatment, vat_amount, margin_gbp, margin_vat_gbp, payment_method,
                      paid_in_full, client_id, buyer, seller, lines, created_by, created_by_name, created_at)
SELECT sale.shop_id, 'invoice', n.last_number, sale.prefix || lpad(n.last_number::text, 6, '0'), sale.id,
       sale.sale_date, sale.currency, sale.exchange_rate, sale.amount, sale.amount_gbp, sale.treatment,
       CASE WHEN sale.treatment = 'standard'
            THEN round(sale.amount / 6, CASE WHEN sale.currency = 'BTC' THEN 8 ELSE 2 END) ELSE 0 END,
       CASE WHEN sale.treatment = 'margin' THEN sale.amount_gbp - coalesce(sale.cost_gbp, 0) END,
       CASE WHEN sale.treatment = 'margin'
            THEN round(greatest(sale.amount_gbp - coalesce(sale.cost_gbp, 0), 0) / 6, 2) END,
       sale.payment_method,
       -- Every sale Loupe records is paid at the till (the payment method is how); none is on account.
       true,
       sale.client_id,
${PARTIES('sale')},
       jsonb_build_array(jsonb_build_object(
         'description', CASE
           WHEN sale.item_id IS NULL THEN sale.name
           WHEN trim(concat_ws(' ', nullif(sale.brand, ''), nullif(sale.model, ''))) <> ''
             THEN trim(concat_ws(' ', nullif(sale.brand, ''), nullif(sale.model, '')))
           WHEN sale.item_description <> '' THEN left(sale.item_description, 200)
           ELSE sale.stock_type END,
         'brand', coalesce(sale.brand, ''),
         'model', coalesce(sale.model, ''),
         'serial', coalesce(sale.serial, ''),
         'stockType', coalesce(sale.stock_type, ''),
         'amount', trim_scale(sale.amount),
         'vatTreatment', sale.treatment)),
       $3, sale.issued_by, $4
  FROM sale, numbered n
RETURNING id::text AS id, reference`;

/**
 * The credit note of a voided sale, in the void's transaction: its own number (the credit-note counter), the
 * original invoice's parties and line with every amount negated, dated the void's day (the reversal row's).
 * A sale made before invoices existed has no invoice, so nothing is issued.
 */
const ISSUE_CREDIT_NOTE = `
WITH original AS (
  SELECT inv.*, r.id AS reversal_id, r.sale_date AS void_day,
         coalesce(ss.credit_note_prefix, 'CN-') AS prefix,
         (SELECT u.username FROM user_directory u WHERE u.id = $3) AS issued_by
    FROM sales r
    JOIN invoices inv ON inv.sale_id = r.reversal_of AND inv.kind = 'invoice'
    LEFT JOIN shop_document_settings ss ON ss.shop_id = r.shop_id
   WHERE r.shop_id = $1 AND r.id = $2
),
numbered AS (
  ${NEXT_NUMBER('credit_note')}
)
INSERT INTO invoices (shop_id, kind, number, reference, sale_id, credits_invoice_id, issue_date, currency,
                      exchange_rate, total, total_gbp, vat_treatment, vat_amount, margin_gbp, margin_vat_gbp,
                      payment_method, paid_in_full, client_id, buyer, seller, lines, created_by, created_by_name,
                      created_at)
SELECT o.shop_id, 'credit_note', n.last_number, o.prefix || lpad(n.last_number::text, 6, '0'), o.reversal_id,
       o.id, o.void_day, o.currency, o.exchange_rate, -o.total, -o.total_gbp, o.vat_treatment, -o.vat_amount,
       -o.margin_gbp, -o.margin_vat_gbp, o.payment_method, o.paid_in_full, o.client_id, o.buyer, o.seller,
       (SELECT jsonb_agg(line || jsonb_build_object('amount', -(line ->> 'amount')::numeric) ORDER BY ord)
          FROM jsonb_array_elements(o.lines) WITH ORDINALITY AS l(line, ord)),
       $3, o.issued_by, $4
  FROM original o, numbered n
RETURNING id::text AS id, reference`;

/**
 * The invoice and credit note of a single sale row (sales made before deals, and the demo's): written by the
 * sales module, which owns invoices and their numbers (issue 20).
 */
export class SaleDocumentsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Issues sale `saleId`'s invoice; → its id and reference. Must run in the sale's transaction. The sale must
   * be an original (not a reversal) of this shop; anything else is a programming error.
   */
  async issueForSale(issuer: Issuer, saleId: number): Promise<{ id: number; reference: string }> {
    const rows = await this.db.query<{ id: string; reference: string }>(
      // The counter is taken only when the sale exists: with no sale row the CTE's INSERT would still run, so
      // check first rather than burn a number.
      ISSUE_INVOICE,
      [issuer.shopId, saleId, issuer.userId, issuer.at],
    );
    const row = rows[0];
    if (!row) throw new Error(`sale ${saleId} of shop ${issuer.shopId} cannot be invoiced`);
    return { id: Number(row.id), reference: row.reference };
  }

  /** Issues the credit note of the sale that `reversalSaleId` reverses, if that sale had an invoice. */
  async issueCreditNote(
    issuer: Issuer,
    reversalSaleId: number,
  ): Promise<{ id: number; reference: string } | null> {
    const invoiced = await this.db.query<{ one: number }>(
      `SELECT 1 AS one FROM sales r JOIN invoices inv ON inv.sale_id = r.reversal_of
        WHERE r.shop_id = $1 AND r.id = $2`,
      [issuer.shopId, reversalSaleId],
    );
    // No invoice (a sale from before issue 13): no credit note, and no credit-note number taken.
    if (invoiced.length === 0) return null;
    const rows = await this.db.query<{ id: string; reference: string }>(ISSUE_CREDIT_NOTE, [
      issuer.shopId,
      reversalSaleId,
      issuer.userId,
      issuer.at,
    ]);
    const row = rows[0];
    return row ? { id: Number(row.id), reference: row.reference } : null;
  }
}
