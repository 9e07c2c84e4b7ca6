import type { PaymentMethod } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { BUYER_ADDRESS_COLUMNS, NEXT_NUMBER, PARTIES } from './document-sql';
import { insertReversal, type NewReversal } from '../../kernel/reversals';
import { SALES_REVERSAL } from './sale-reversal';

/** Who issues a document and when. */
export interface DealIssuer {
  shopId: number;
  userId: number;
  at: Date;
}

/**
 * A deal's invoice, in the completion's transaction: one statement takes the number and writes the snapshot of
 * seller and buyer, every line (sold lines with their VAT treatment and VAT; part-exchanges as negative
 * allowances), the payments, and the totals:
 *   total / totalGbp      Σ sold lines (what the goods are sold for: a part-exchange is a payment, not a discount,
 *                         so each line's margin is computed on its full price, VAT Notice 718 §4)
 *   vatAmount / -Gbp      Σ the standard-rated lines' VAT, in the invoice's currency and in sterling
 *   marginGbp / -VatGbp   Σ the margin-scheme lines' margins and VAT on them (each line's VAT taken on its own
 *                         positive margin), never printed
 *   partExchange / -Gbp   Σ allowances
 *   vatTreatment          the lines' one treatment, or 'mixed'
 */
const ISSUE_DEAL_INVOICE = `
WITH deal AS (
  SELECT d.id, d.shop_id, d.client_id, d.buyer_name, d.currency, d.exchange_rate, d.completed_on,
         c.name AS client_name, c.email AS client_email, c.phone AS client_phone,
         ${BUYER_ADDRESS_COLUMNS('c')},
         sh.name AS shop_name, ss.legal_name, ss.trading_name, ss.address, ss.phone AS shop_phone,
         ss.email AS shop_email, ss.vat_number, ss.company_number, ss.invoice_footer,
         coalesce(ss.invoice_prefix, 'INV-') AS prefix,
         EXISTS (SELECT 1 FROM shop_logo_index lg WHERE lg.shop_id = d.shop_id) AS has_logo,
         (SELECT u.username FROM user_directory u WHERE u.id = $3) AS issued_by
    FROM deals d
    JOIN shop_directory sh ON sh.id = d.shop_id
    LEFT JOIN shop_document_settings ss ON ss.shop_id = d.shop_id
    LEFT JOIN client_directory c ON c.id = d.client_id
   WHERE d.shop_id = $1 AND d.id = $2 AND d.status = 'completed'
),
lines AS (
  SELECT jsonb_agg(jsonb_build_object(
           'description', CASE
             WHEN l.kind = 'other' THEN l.description
             WHEN trim(concat_ws(' ', nullif(i.brand, ''), nullif(i.model, ''))) <> ''
               THEN trim(concat_ws(' ', nullif(i.brand, ''), nullif(i.model, '')))
             WHEN i.description <> '' THEN left(i.description, 200)
             ELSE i.stock_type END,
           'brand', coalesce(i.brand, ''),
           'model', coalesce(i.model, ''),
           'serial', coalesce(i.serial, ''),
           'stockType', coalesce(i.stock_type, ''),
           'amount', trim_scale(CASE WHEN l.kind = 'part_exchange' THEN -l.amount ELSE l.amount END),
           'vatTreatment', coalesce(l.vat_treatment, 'none'))
           -- A deal's lines say their kind and VAT; a single sale's line keeps its single-sale form.
           || CASE WHEN $6::boolean THEN '{}'::jsonb
                   ELSE jsonb_build_object('kind', l.kind, 'vatAmount', trim_scale(l.vat_amount)) END
           ORDER BY l.position) AS lines,
         coalesce(sum(l.amount) FILTER (WHERE l.kind <> 'part_exchange'), 0) AS total,
         coalesce(sum(l.amount_gbp) FILTER (WHERE l.kind <> 'part_exchange'), 0) AS total_gbp,
         coalesce(sum(l.amount) FILTER (WHERE l.kind = 'part_exchange'), 0) AS px,
         coalesce(sum(l.amount_gbp) FILTER (WHERE l.kind = 'part_exchange'), 0) AS px_gbp,
         coalesce(sum(l.vat_amount), 0) AS vat,
         coalesce(sum(l.vat_gbp), 0) AS vat_gbp,
         sum(l.margin_gbp) AS margin,
         sum(l.margin_vat_gbp) AS margin_vat,
         CASE WHEN count(DISTINCT l.vat_treatment) = 1 THEN min(l.vat_treatment) ELSE 'mixed' END AS treatment,
         min(l.sale_id) AS first_sale
    FROM deal_lines l LEFT JOIN stock_items i ON i.id = l.item_id
   WHERE l.deal_id = $2
),
paid AS (
  SELECT CASE WHEN $6::boolean THEN '[]'::jsonb ELSE coalesce(jsonb_agg(jsonb_build_object(
           'method', p.method, 'direction', p.direction, 'kind', p.kind, 'amount', trim_scale(p.amount),
           'currency', p.currency, 'amountGbp', p.amount_gbp, 'date', p.payment_date) ORDER BY p.id), '[]') END
         AS payments
    FROM deal_payments p
   WHERE p.deal_id = $2 AND p.reversal_of IS NULL
     AND NOT EXISTS (SELECT 1 FROM deal_payments r WHERE r.reversal_of = p.id)
),
numbered AS (${NEXT_NUMBER('invoice')})
INSERT INTO invoices (shop_id, kind, number, reference, sale_id, deal_id, issue_date, currency, exchange_rate, total,
                      total_gbp, vat_treatment, vat_amount, vat_amount_gbp, margin_gbp, margin_vat_gbp, part_exchange,
                      part_exchange_gbp, payments, payment_method, paid_in_full, client_id, buyer, seller, lines,
                      created_by, created_by_name, created_at)
SELECT deal.shop_id, 'invoice', n.last_number, deal.prefix || lpad(n.last_number::text, 6, '0'), lines.first_sale,
       deal.id, deal.completed_on, deal.currency, deal.exchange_rate, lines.total, lines.total_gbp, lines.treatment,
       lines.vat, lines.vat_gbp, lines.margin, lines.margin_vat, lines.px, lines.px_gbp, paid.payments, $4, true,
       deal.client_id,
${PARTIES('deal')},
       lines.lines, $3, deal.issued_by, $5
  FROM deal, lines, paid, numbered n
RETURNING id::text AS id, reference`;

/**
 * The credit note of a voided deal: one document for all its lines, every amount negated (lines, VAT, margins,
 * allowances), its own number, dated the void's day; it references the invoice, and its sale is the reversal of
 * the invoice's sale.
 */
const ISSUE_DEAL_CREDIT_NOTE = `
WITH original AS (
  SELECT inv.*, r.id AS reversal_id, $4::date AS void_day,
         coalesce(ss.credit_note_prefix, 'CN-') AS prefix,
         (SELECT u.username FROM user_directory u WHERE u.id = $3) AS issued_by
    FROM invoices inv
    JOIN sales r ON r.reversal_of = inv.sale_id
    LEFT JOIN shop_document_settings ss ON ss.shop_id = inv.shop_id
   WHERE inv.shop_id = $1 AND inv.deal_id = $2 AND inv.kind = 'invoice'
),
numbered AS (${NEXT_NUMBER('credit_note')})
INSERT INTO invoices (shop_id, kind, number, reference, sale_id, deal_id, credits_invoice_id, issue_date, currency,
                      exchange_rate, total, total_gbp, vat_treatment, vat_amount, vat_amount_gbp, margin_gbp,
                      margin_vat_gbp, part_exchange, part_exchange_gbp, payments, payment_method, paid_in_full,
                      client_id, buyer, seller, lines, created_by, created_by_name, created_at)
SELECT o.shop_id, 'credit_note', n.last_number, o.prefix || lpad(n.last_number::text, 6, '0'), o.reversal_id,
       o.deal_id, o.id, o.void_day, o.currency, o.exchange_rate, -o.total, -o.total_gbp, o.vat_treatment,
       -o.vat_amount, -o.vat_amount_gbp, -o.margin_gbp, -o.margin_vat_gbp, -o.part_exchange, -o.part_exchange_gbp,
       o.payments, o.payment_method, o.paid_in_full, o.client_id, o.buyer, o.seller,
       (SELECT jsonb_agg(line || jsonb_build_object(
                 'amount', -(line ->> 'amount')::numeric,
                 'vatAmount', -coalesce((line ->> 'vatAmount')::numeric, 0)) ORDER BY ord)
          FROM jsonb_array_elements(o.lines) WITH ORDINALITY AS l(line, ord)),
       $3, o.issued_by, $5
  FROM original o, numbered n
RETURNING id::text AS id, reference`;

export interface NewDealSale {
  lineId: number;
  /** The sale row's name and notes when the one-line case keeps a single sale's (an item's Sell, a quick sale). */
  name?: string;
  notes?: string;
  paymentMethod: PaymentMethod;
  date: string;
  userId: number;
  at: Date;
}

/**
 * The sales module's writes of `sales` and `invoices` for deals: a sold line's sale row (what every report sums:
 * amount_gbp the takings, cost_gbp the item's purchase price at the sale) and the deal's invoice or credit note.
 */
export class DealDocumentsRepository {
  constructor(private readonly db: Queryable) {}

  /** The sale row of a sold line (an item or an "other" line); → its id and cost (null for an other line). */
  async insertSale(shopId: number, sale: NewDealSale): Promise<{ id: number; costGbp: string | null }> {
    const rows = await this.db.query<{ id: string; cost_gbp: string | null }>(
      `INSERT INTO sales (shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp,
                          payment_method, client_id, sale_date, notes, created_by, created_at, buyer_name, deal_id)
       SELECT l.shop_id, CASE WHEN l.kind = 'item' THEN l.item_id END,
              left(coalesce($7, CASE WHEN l.kind = 'other' THEN l.description
                        ELSE coalesce(nullif(trim(concat_ws(' ', nullif(i.brand, ''), nullif(i.model, ''), i.serial)), ''),
                                      i.serial) END), 200),
              l.amount, d.currency, d.exchange_rate, l.amount_gbp,
              CASE WHEN l.kind = 'item' THEN i.purchase_price END,
              $3, d.client_id, $4::date, coalesce($8, 'Deal D-' || d.id), $5, $6,
              CASE WHEN d.client_id IS NULL THEN d.buyer_name ELSE '' END, d.id
         FROM deal_lines l JOIN deals d ON d.id = l.deal_id LEFT JOIN stock_items i ON i.id = l.item_id
        WHERE l.shop_id = $1 AND l.id = $2 AND l.kind <> 'part_exchange'
       RETURNING id::text AS id, cost_gbp::text AS cost_gbp`,
      [
        shopId,
        sale.lineId,
        sale.paymentMethod,
        sale.date,
        sale.userId,
        sale.at,
        sale.name ?? null,
        sale.notes ?? null,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error(`deal line ${sale.lineId} of shop ${shopId} cannot be sold`);
    return { id: Number(row.id), costGbp: row.cost_gbp };
  }

  async issueInvoice(
    issuer: DealIssuer,
    dealId: number,
    paymentMethod: PaymentMethod,
    single = false,
  ): Promise<{ id: number; reference: string }> {
    const rows = await this.db.query<{ id: string; reference: string }>(ISSUE_DEAL_INVOICE, [
      issuer.shopId,
      dealId,
      issuer.userId,
      paymentMethod,
      issuer.at,
      single,
    ]);
    const row = rows[0];
    if (!row) throw new Error(`deal ${dealId} of shop ${issuer.shopId} cannot be invoiced`);
    return { id: Number(row.id), reference: row.reference };
  }

  async issueCreditNote(
    issuer: DealIssuer,
    dealId: number,
    day: string,
  ): Promise<{ id: number; reference: string } | null> {
    const rows = await this.db.query<{ id: string; reference: string }>(ISSUE_DEAL_CREDIT_NOTE, [
      issuer.shopId,
      dealId,
      issuer.userId,
      day,
      issuer.at,
    ]);
    const row = rows[0];
    return row ? { id: Number(row.id), reference: row.reference } : null;
  }

  /** A sold line's sale reversed (a void): the opposite amounts, dated the void's day (migration 010). */
  async reverseSale(reversal: NewReversal): Promise<number> {
    return insertReversal(this.db, SALES_REVERSAL, reversal);
  }

  /**
   * An item's latest sale that is not a reversal, whether it stands or was voided, with its deal; null when the
   * item was never sold. Not locked: the item's row lock, which every action on the item takes first, orders a
   * void against a sale and another void.
   */
  async latestOfItem(shopId: number, itemId: number): Promise<LatestSale | null> {
    const rows = await this.db.query<{
      id: string;
      amount_gbp: string;
      client_id: number | null;
      created_at: Date | string;
      voided: boolean;
      deal_id: string | null;
    }>(
      `SELECT s.id::text AS id, s.amount_gbp::text AS amount_gbp, s.client_id, s.created_at, s.deal_id::text AS deal_id,
              EXISTS (SELECT 1 FROM sales r WHERE r.reversal_of = s.id) AS voided
         FROM sales s WHERE s.shop_id = $1 AND s.item_id = $2 AND s.reversal_of IS NULL
        ORDER BY s.id DESC LIMIT 1`,
      [shopId, itemId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: Number(row.id),
      amountGbp: row.amount_gbp,
      clientId: row.client_id,
      createdAt: new Date(row.created_at),
      voided: row.voided,
      dealId: row.deal_id === null ? null : Number(row.deal_id),
    };
  }

  /** The deal a sale row belongs to, or null (a sale made before deals). */
  async dealOfSale(saleId: number): Promise<number | null> {
    const rows = await this.db.query<{ deal_id: string | null }>(
      'SELECT deal_id::text AS deal_id FROM sales WHERE id = $1',
      [saleId],
    );
    const id = rows[0]?.deal_id;
    return id === undefined || id === null ? null : Number(id);
  }

  /** The deal's standing sale rows (not reversed), oldest first, for a void. */
  async standingSales(dealId: number): Promise<Array<{ id: number; itemId: number | null }>> {
    const rows = await this.db.query<{ id: string; item_id: number | null }>(
      `SELECT s.id::text AS id, s.item_id FROM sales s
        WHERE s.deal_id = $1 AND s.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM sales r WHERE r.reversal_of = s.id)
        ORDER BY s.id`,
      [dealId],
    );
    return rows.map((r) => ({ id: Number(r.id), itemId: r.item_id }));
  }
}

export interface LatestSale {
  id: number;
  amountGbp: string;
  clientId: number | null;
  createdAt: Date;
  voided: boolean;
  dealId: number | null;
}
