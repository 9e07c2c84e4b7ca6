import {
  DEFAULT_VAT_STAGGER,
  isVatStagger,
  postalAddressLines,
  type StockBookRow,
  type VatFigureKey,
  type VatSaleRow,
  type VatStagger,
  type VoidedSale,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';

/** A period of days, both ends included (YYYY-MM-DD). */
export interface Period {
  from: string;
  to: string;
}

export interface StockBookFilters {
  stockType?: string;
  sold?: 'sold' | 'unsold';
  search?: string;
}

// The books module owns no table: it reads only what other modules publish (migrations/017_published_reads.sql,
// 023_books.sql, the purchases module's purchase_records / purchase_line_records / purchase_payment_records, and
// the sales module's part_exchange_records, 026).
// Every sum is taken in PostgreSQL, exact (kernel/money.ts).

/** The item's stock number (migration 021: every item has one, in its shop's sequence) as text. */
const STOCK_NUMBER = (alias: string) => `coalesce(${alias}.stock_number::text, '')`;

/** The item as the stock book describes it: brand and model, then the description, else the stock type. */
const DESCRIPTION = (i: string) => `trim(concat_ws(' — ',
  nullif(trim(concat_ws(' ', nullif(${i}.brand, ''), nullif(${i}.model, ''))), ''),
  nullif(${i}.description, '')))`;

/** The buyer of a sale as its invoice printed it, else the client, else the walk-in's name. */
const BUYER = `coalesce(nullif(v.invoice_buyer ->> 'name', ''), c.name, nullif(v.buyer_name, ''), '')`;

/** LIKE's wildcards typed in a search are searched for as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

interface BookRecord {
  id: number;
  serial: string;
  stock_type: string;
  description: string;
  purchased_on: string;
  purchase_price: string;
  status: string;
  stock_number: string;
  purchase_id: string | null;
  purchase_reference: string | null;
  purchase_voided_on: string | null;
  purchase_line_price: string | null;
  seller_name: string | null;
  seller_address: string | null;
  /** A part-exchanged piece's seller's address parts (no purchase document: the deal bought it). */
  px_line1: string | null;
  px_line2: string | null;
  px_town: string | null;
  px_postcode: string | null;
  px_country: string | null;
  carried_forward: boolean;
  sale_id: string | null;
  sale_date: string | null;
  invoice_id: string | null;
  invoice_reference: string | null;
  price_gbp: string | null;
  buyer: string | null;
  vat_treatment: string | null;
  margin_gbp: string | null;
  margin_vat_gbp: string | null;
  vat_gbp: string | null;
}

interface VatRecord {
  sale_id: string;
  sale_date: string;
  invoice_id: string | null;
  invoice_reference: string | null;
  item_id: number | null;
  stock_number: string;
  description: string;
  buyer: string;
  vat_treatment: string | null;
  amount_gbp: string;
  cost_gbp: string | null;
  margin_gbp: string | null;
  margin_vat_gbp: string | null;
  vat_gbp: string;
}

const idOrNull = (value: string | number | null) => (value === null ? null : Number(value));
const numOrNull = (value: string | null) => (value === null ? null : Number(value));

export class BooksRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * The shop's calendar day at `at` and its VAT stagger (Shop Settings' "VAT quarters end in", through the
   * documents module's shop_document_settings; 1 when the shop saved none).
   */
  async shopCalendar(shopId: number, at: Date): Promise<{ today: string; stagger: VatStagger }> {
    const rows = await this.db.query<{ today: string; stagger: number | null }>(
      `SELECT ((($2::timestamptz) AT TIME ZONE s.timezone)::date)::text AS today, ss.vat_stagger AS stagger
         FROM shop_directory s LEFT JOIN shop_document_settings ss ON ss.shop_id = s.id WHERE s.id = $1`,
      [shopId, at],
    );
    const stagger = rows[0]?.stagger ?? DEFAULT_VAT_STAGGER;
    return {
      today: rows[0]?.today ?? at.toISOString().slice(0, 10),
      stagger: isVatStagger(stagger) ? stagger : DEFAULT_VAT_STAGGER,
    };
  }

  async shopName(shopId: number): Promise<string> {
    const rows = await this.db.query<{ name: string }>(
      `SELECT coalesce(nullif(ss.legal_name, ''), s.name) AS name
         FROM shop_directory s LEFT JOIN shop_document_settings ss ON ss.shop_id = s.id WHERE s.id = $1`,
      [shopId],
    );
    return rows[0]?.name ?? '';
  }

  /**
   * The stock book's rows as one statement (HMRC VAT Notice 718, "keeping records": the stock book), $1 shop,
   * $2 from, $3 to, then the filters' parameters. An item is in the book when it was bought in the period, sold
   * in it (a sale that has not been voided), or bought before it and not sold before it (carried forward).
   */
  private bookSql(shopId: number, period: Period, filters: StockBookFilters) {
    const params: unknown[] = [shopId, period.from, period.to];
    const where: string[] = [];
    if (filters.stockType) {
      params.push(filters.stockType);
      where.push(`b.stock_type = $${params.length}`);
    }
    if (filters.sold === 'sold') where.push('b.sale_id IS NOT NULL');
    if (filters.sold === 'unsold') where.push('b.sale_id IS NULL');
    if (filters.search) {
      params.push(likeText(filters.search));
      where.push(`(b.stock_number ILIKE $${params.length} OR b.serial ILIKE $${params.length})`);
    }
    // A purchase document's line for the item (the purchases module): the completed one, else a voided one, shown
    // with the day it was voided (a voided purchase is no purchase: its item left stock).
    const purchaseSide = `LEFT JOIN LATERAL (
           SELECT p.id, p.reference, pl.price_gbp, p.seller_name, p.seller_address,
                  CASE WHEN p.status = 'voided' THEN p.voided_on END AS voided_on
             FROM purchase_line_records pl JOIN purchase_records p ON p.id = pl.purchase_id
            WHERE pl.item_id = i.id AND p.shop_id = i.shop_id
            ORDER BY p.status = 'completed' DESC, p.purchased_on DESC, p.id DESC LIMIT 1) pd ON true`;
    // Else the deal that took the item in part-exchange (the sales module's part_exchange_records): bought from
    // the deal's client at its allowance, the deal's invoice its purchase reference (Notice 718 asks the same of
    // every margin-scheme item). The client as the invoice printed it; when the invoice kept no address (issued
    // before addresses), the client's address on file (client_directory). A voided deal gave the piece back.
    // A part-exchange makes a new item, so an item has at most one such line: a plain join, which PostgreSQL
    // hashes (a lateral look-up per item cost the 20,000-item book ten times its time, mostly in JIT).
    const partExchangeSide = `LEFT JOIN part_exchange_records px
      ON px.item_id = i.id AND px.shop_id = i.shop_id AND pd.id IS NULL
    LEFT JOIN client_directory pxc ON pxc.id = px.client_id`;
    const pxAddress = (part: string, column: string) =>
      `CASE WHEN px.seller_country IS NOT NULL THEN px.seller_${part} ELSE pxc.${column} END`;
    const sql = `
WITH live AS (
  SELECT v.* FROM sale_vat_records v
   WHERE v.shop_id = $1 AND v.item_id IS NOT NULL AND v.reversal_id IS NULL
),
book AS (
  SELECT i.id, coalesce(i.serial, '') AS serial, i.stock_type, ${DESCRIPTION('i')} AS description,
         i.purchased_on::text AS purchased_on, i.purchase_price::text AS purchase_price, i.status,
         ${STOCK_NUMBER('i')} AS stock_number, i.stock_number AS stock_no,
         pd.id::text AS purchase_id, coalesce(pd.reference, px.reference) AS purchase_reference,
         coalesce(pd.price_gbp, px.allowance_gbp)::text AS purchase_line_price,
         coalesce(pd.seller_name, px.seller_name, pxc.name) AS seller_name, pd.seller_address,
         ${pxAddress('address_line1', 'address_line1')} AS px_line1,
         ${pxAddress('address_line2', 'address_line2')} AS px_line2,
         ${pxAddress('town', 'town')} AS px_town, ${pxAddress('postcode', 'postcode')} AS px_postcode,
         ${pxAddress('country', 'country')} AS px_country,
         coalesce(pd.voided_on, px.voided_on)::text AS purchase_voided_on,
         i.purchased_on < $2::date AS carried_forward,
         v.sale_id::text AS sale_id, v.sale_date::text AS sale_date, v.invoice_id::text AS invoice_id,
         v.invoice_reference, v.amount_gbp::text AS price_gbp,
         CASE WHEN v.sale_id IS NOT NULL THEN ${BUYER} END AS buyer, v.vat_treatment,
         v.margin_gbp::text AS margin_gbp, v.margin_vat_gbp::text AS margin_vat_gbp, v.vat_gbp::text AS vat_gbp
    FROM stock_items i
    ${purchaseSide}
    ${partExchangeSide}
    LEFT JOIN live v ON v.item_id = i.id AND v.sale_date BETWEEN $2::date AND $3::date
    LEFT JOIN client_directory c ON c.id = v.client_id
   WHERE i.shop_id = $1
     AND (i.purchased_on BETWEEN $2::date AND $3::date
          OR v.sale_id IS NOT NULL
          OR (i.purchased_on < $2::date
              AND NOT EXISTS (SELECT 1 FROM live e WHERE e.item_id = i.id AND e.sale_date < $2::date)))
)
SELECT b.* FROM book b ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`;
    return { sql, params };
  }

  async stockBookCount(shopId: number, period: Period, filters: StockBookFilters): Promise<number> {
    const { sql, params } = this.bookSql(shopId, period, filters);
    const rows = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) q`, params);
    return rows[0]?.n ?? 0;
  }

  /** The rows in stock-number order (then the item's id): a page of them, or all (limit null). */
  async stockBookRows(
    shopId: number,
    period: Period,
    filters: StockBookFilters,
    limit: number | null = null,
    offset = 0,
  ): Promise<StockBookRow[]> {
    const { sql, params } = this.bookSql(shopId, period, filters);
    const page = limit === null ? '' : `LIMIT ${Number(limit)} OFFSET ${Number(offset)}`;
    const rows = await this.db.query<BookRecord>(
      `SELECT * FROM (${sql}) q
        ORDER BY q.stock_no, q.id ${page}`,
      params,
    );
    const voided = await this.voidedSales(
      shopId,
      period,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      itemId: r.id,
      stockNumber: r.stock_number,
      serial: r.serial,
      stockType: r.stock_type,
      description: r.description,
      purchasedOn: r.purchased_on,
      purchaseId: idOrNull(r.purchase_id),
      purchaseReference: r.purchase_reference ?? '',
      purchaseVoidedOn: r.purchase_voided_on,
      // An item bought on a purchase document costs what the document says, one taken in part-exchange its
      // allowance; one bought before documents existed, what the item's own purchase lines add up to.
      purchasePriceGbp: moneyOut(r.purchase_line_price ?? r.purchase_price),
      sellerName: r.seller_name ?? '',
      // A purchase document's address as it printed it; a part-exchange's laid out the same way (one formatter).
      sellerAddress:
        r.seller_address ??
        postalAddressLines({
          addressLine1: r.px_line1 ?? '',
          addressLine2: r.px_line2 ?? '',
          town: r.px_town ?? '',
          postcode: r.px_postcode ?? '',
          country: r.px_country ?? '',
        }).join('\n'),
      carriedForward: r.carried_forward,
      status: r.status,
      sale:
        r.sale_id === null
          ? null
          : {
              saleId: Number(r.sale_id),
              date: r.sale_date ?? '',
              invoiceId: idOrNull(r.invoice_id),
              invoiceReference: r.invoice_reference ?? '',
              priceGbp: moneyOut(r.price_gbp),
              buyer: r.buyer ?? '',
              vatTreatment: r.vat_treatment ?? 'none',
              marginGbp: numOrNull(r.margin_gbp),
              marginVatGbp: numOrNull(r.margin_vat_gbp),
              vatGbp: moneyOut(r.vat_gbp),
            },
      voidedSales: voided.get(r.id) ?? [],
    }));
  }

  /**
   * The voided sales of these items that touch the period (made or voided in it): not sales, shown with the
   * credit note that cancelled them.
   */
  private async voidedSales(
    shopId: number,
    period: Period,
    itemIds: number[],
  ): Promise<Map<number, VoidedSale[]>> {
    const found = new Map<number, VoidedSale[]>();
    if (itemIds.length === 0) return found;
    const rows = await this.db.query<{
      item_id: number;
      sale_id: string;
      sale_date: string;
      invoice_reference: string | null;
      voided_on: string | null;
      credit_note_reference: string | null;
    }>(
      `SELECT v.item_id, v.sale_id::text AS sale_id, v.sale_date::text AS sale_date, v.invoice_reference,
              v.voided_on::text AS voided_on, v.credit_note_reference
         FROM sale_vat_records v
        WHERE v.shop_id = $1 AND v.item_id = ANY($4::int[]) AND v.reversal_id IS NOT NULL
          AND (v.sale_date BETWEEN $2::date AND $3::date OR v.voided_on BETWEEN $2::date AND $3::date)
        ORDER BY v.sale_date, v.sale_id`,
      [shopId, period.from, period.to, itemIds],
    );
    for (const r of rows) {
      const list = found.get(r.item_id) ?? [];
      list.push({
        saleId: Number(r.sale_id),
        date: r.sale_date,
        invoiceReference: r.invoice_reference ?? '',
        voidedOn: r.voided_on,
        creditNoteReference: r.credit_note_reference ?? '',
      });
      found.set(r.item_id, list);
    }
    return found;
  }

  // ---------------------------------------------------------------- VAT figures

  /** Every sale of the period that has not been voided, with the VAT figures fixed at the sale. */
  async vatRows(shopId: number, period: Period): Promise<VatSaleRow[]> {
    const rows = await this.db.query<VatRecord>(
      `SELECT v.sale_id::text AS sale_id, v.sale_date::text AS sale_date, v.invoice_id::text AS invoice_id,
              v.invoice_reference, v.item_id, ${STOCK_NUMBER('i')} AS stock_number,
              CASE WHEN i.id IS NULL THEN v.name ELSE ${DESCRIPTION('i')} END AS description,
              ${BUYER} AS buyer, v.vat_treatment, v.amount_gbp::text AS amount_gbp, v.cost_gbp::text AS cost_gbp,
              v.margin_gbp::text AS margin_gbp, v.margin_vat_gbp::text AS margin_vat_gbp,
              v.vat_gbp::text AS vat_gbp
         FROM sale_vat_records v
         LEFT JOIN stock_items i ON i.id = v.item_id
         LEFT JOIN client_directory c ON c.id = v.client_id
        WHERE v.shop_id = $1 AND v.reversal_id IS NULL AND v.sale_date BETWEEN $2::date AND $3::date
        ORDER BY v.sale_date, v.sale_id`,
      [shopId, period.from, period.to],
    );
    return rows.map((r) => ({
      saleId: Number(r.sale_id),
      date: r.sale_date,
      invoiceId: idOrNull(r.invoice_id),
      invoiceReference: r.invoice_reference ?? '',
      itemId: r.item_id,
      stockNumber: r.stock_number,
      description: r.description,
      buyer: r.buyer,
      vatTreatment: r.vat_treatment ?? 'none',
      priceGbp: moneyOut(r.amount_gbp),
      costGbp: numOrNull(r.cost_gbp),
      marginGbp: numOrNull(r.margin_gbp),
      marginVatGbp: numOrNull(r.margin_vat_gbp),
      vatGbp: moneyOut(r.vat_gbp),
    }));
  }

  /**
   * The period's VAT figures, summed in PostgreSQL (VAT Notice 718 §3, margin calculations): each margin-scheme
   * sale's margin on its own, a loss counted as 0 and never set against a gain; the VAT on each margin as the
   * sales module rounded it at the sale. Each figure with the sales it is summed from.
   */
  async vatFigures(
    shopId: number,
    period: Period,
  ): Promise<Array<{ key: VatFigureKey; amountGbp: number; saleIds: number[] }>> {
    const rows = await this.db.query<Record<string, string | string[] | null>>(
      `WITH s AS (
         SELECT v.* FROM sale_vat_records v
          WHERE v.shop_id = $1 AND v.reversal_id IS NULL AND v.sale_date BETWEEN $2::date AND $3::date
       )
       SELECT
         coalesce(sum(amount_gbp) FILTER (WHERE vat_treatment = 'margin'), 0)::text AS "marginSales",
         coalesce(array_agg(sale_id::text ORDER BY sale_id) FILTER (WHERE vat_treatment = 'margin'), '{}')
           AS "marginSalesIds",
         coalesce(sum(coalesce(cost_gbp, 0)) FILTER (WHERE vat_treatment = 'margin'), 0)::text AS "marginPurchases",
         coalesce(sum(margin_gbp) FILTER (WHERE vat_treatment = 'margin' AND margin_gbp > 0), 0)::text
           AS "positiveMargins",
         coalesce(array_agg(sale_id::text ORDER BY sale_id)
                    FILTER (WHERE vat_treatment = 'margin' AND margin_gbp > 0), '{}') AS "positiveMarginsIds",
         coalesce(sum(margin_vat_gbp) FILTER (WHERE vat_treatment = 'margin'), 0)::text AS "marginVat",
         coalesce(sum(amount_gbp) FILTER (WHERE vat_treatment = 'standard'), 0)::text AS "standardSales",
         coalesce(array_agg(sale_id::text ORDER BY sale_id) FILTER (WHERE vat_treatment = 'standard'), '{}')
           AS "standardSalesIds",
         coalesce(sum(vat_gbp) FILTER (WHERE vat_treatment = 'standard'), 0)::text AS "standardVat",
         coalesce(sum(amount_gbp) FILTER (WHERE coalesce(vat_treatment, 'none') = 'none'), 0)::text AS "otherSales",
         coalesce(array_agg(sale_id::text ORDER BY sale_id)
                    FILTER (WHERE coalesce(vat_treatment, 'none') = 'none'), '{}') AS "otherSalesIds"
         FROM s`,
      [shopId, period.from, period.to],
    );
    const r = rows[0] ?? {};
    const amount = (key: string) => moneyOut((r[key] as string | null) ?? '0');
    const ids = (key: string) => ((r[key] as string[] | null) ?? []).map(Number);
    return [
      { key: 'marginSales', amountGbp: amount('marginSales'), saleIds: ids('marginSalesIds') },
      { key: 'marginPurchases', amountGbp: amount('marginPurchases'), saleIds: ids('marginSalesIds') },
      { key: 'positiveMargins', amountGbp: amount('positiveMargins'), saleIds: ids('positiveMarginsIds') },
      { key: 'marginVat', amountGbp: amount('marginVat'), saleIds: ids('positiveMarginsIds') },
      { key: 'standardSales', amountGbp: amount('standardSales'), saleIds: ids('standardSalesIds') },
      { key: 'standardVat', amountGbp: amount('standardVat'), saleIds: ids('standardSalesIds') },
      { key: 'otherSales', amountGbp: amount('otherSales'), saleIds: ids('otherSalesIds') },
    ];
  }
}
