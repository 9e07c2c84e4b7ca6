import {
  postalAddressLines,
  type Invoice,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceSeller,
  type PostalAddress,
} from '@loupe/contracts';
import type { Queryable } from '../../../db/database';
import type { FileKey } from '../../../config';
import { openStoredFile } from '../../../kernel/file-storage';

/**
 * The shop as its documents print it: the names and details of its letterhead (shop_letterhead, migration 047),
 * with Shop Settings' own texts (migration 013), blanks where never saved.
 */
export interface PdfShop {
  /** The name printed large: shop_letterhead's rule, never derived here. */
  printedName: string;
  /** The legal entity printed under it (left out by the head when it is the printed name). */
  legalName: string;
  timezone: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
  companyNumber: string;
  invoiceFooter: string;
  approvalTerms: string;
  /** The logo's stored file, or null. */
  logoKey: string | null;
}

/** What an approval note prints of one check-out. */
export interface ApprovalNoteData {
  id: number;
  checkedOutAt: Date;
  dueDate: string | null;
  /** GBP as stored (numeric text), or null when no price was agreed. */
  agreedPrice: string | null;
  note: string;
  item: { serial: string; brand: string; model: string; stockType: string; description: string };
  /** The client as it is now (a check-out keeps no snapshot): its postal address parts too. */
  client: { name: string; email: string; phone: string; address: PostalAddress };
}

/** An invoice with the credit note's reason, which lives on the voided sale's reversal (sales.void_reason). */
export interface PrintableInvoice {
  invoice: Invoice;
  /** On a credit note: why the sale was voided. */
  creditReason: string;
}

interface InvoiceRecord {
  id: string;
  kind: Invoice['kind'];
  number: number;
  reference: string;
  issue_date: string;
  sale_id: string;
  item_id: number | null;
  currency: Invoice['currency'];
  exchange_rate: string;
  total: string;
  total_gbp: string;
  vat_treatment: Invoice['vatTreatment'];
  vat_amount: string;
  vat_amount_gbp: string | null;
  deal_id: string | null;
  part_exchange: string;
  part_exchange_gbp: string;
  payments: Invoice['payments'];
  net_amount: string;
  margin_gbp: string | null;
  margin_vat_gbp: string | null;
  payment_method: Invoice['paymentMethod'];
  paid_in_full: boolean;
  client_id: number | null;
  /**
   * The buyer as issued (sales' document-sql.ts PARTIES): the postal address's parts as they were at issue,
   * absent or null on a walk-in's documents and on those issued before addresses (issue 22).
   */
  buyer: InvoiceParty & { postalAddress?: PostalAddress | null };
  seller: InvoiceSeller;
  lines: InvoiceLine[];
  created_by_name: string | null;
  created_at: Date | string;
  credits_id: string | null;
  credits_reference: string | null;
  note_id: string | null;
  note_reference: string | null;
  note_reason: string | null;
  own_reason: string | null;
}

const num = (text: string) => Number(text);
const numOrNull = (text: string | null) => (text === null ? null : Number(text));

/**
 * The buyer as printed: the snapshot's postal address laid out by the contracts' one formatter, one line per
 * part, as the multi-line `address` every document prints under the name. A document without an address
 * snapshot prints as before.
 */
function buyerOf(buyer: InvoiceRecord['buyer']): InvoiceParty {
  const lines = postalAddressLines(buyer.postalAddress);
  return {
    name: buyer.name,
    address: lines.length > 0 ? lines.join('\n') : buyer.address,
    email: buyer.email,
    phone: buyer.phone,
  };
}

/** An invoices row with its credit links, in the contract's shape. */
function printable(r: InvoiceRecord): PrintableInvoice {
  const invoice: Invoice = {
    id: num(r.id),
    kind: r.kind,
    number: r.number,
    reference: r.reference,
    status: r.note_id === null ? 'issued' : 'credited',
    issueDate: r.issue_date,
    saleId: num(r.sale_id),
    itemId: r.item_id,
    creditsInvoice:
      r.credits_id === null ? null : { id: num(r.credits_id), reference: r.credits_reference ?? '' },
    creditNote:
      r.note_id === null
        ? null
        : { id: num(r.note_id), reference: r.note_reference ?? '', reason: r.note_reason ?? '' },
    currency: r.currency,
    exchangeRate: num(r.exchange_rate),
    total: num(r.total),
    totalGbp: num(r.total_gbp),
    vatTreatment: r.vat_treatment,
    vatAmount: num(r.vat_amount),
    vatAmountGbp: numOrNull(r.vat_amount_gbp),
    dealId: r.deal_id === null ? null : num(r.deal_id),
    partExchange: num(r.part_exchange),
    partExchangeGbp: num(r.part_exchange_gbp),
    payments: r.payments.map((p) => ({ ...p, amount: Number(p.amount), amountGbp: Number(p.amountGbp) })),
    netAmount: num(r.net_amount),
    marginGbp: numOrNull(r.margin_gbp),
    marginVatGbp: numOrNull(r.margin_vat_gbp),
    paymentMethod: r.payment_method,
    paidInFull: r.paid_in_full,
    clientId: r.client_id,
    buyer: buyerOf(r.buyer),
    seller: r.seller,
    lines: r.lines,
    createdBy: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
  };
  return { invoice, creditReason: r.own_reason ?? '' };
}

/** The reads behind the shop's PDFs. */
export class PdfRepository {
  constructor(private readonly db: Queryable) {}

  async shop(shopId: number): Promise<PdfShop | null> {
    const rows = await this.db.query<PdfShop>(
      `SELECT h.name AS "printedName", h.legal_name AS "legalName", s.timezone, h.address, h.phone, h.email,
              h.vat_number AS "vatNumber", h.company_number AS "companyNumber",
              coalesce(ss.invoice_footer, '') AS "invoiceFooter",
              coalesce(ss.approval_terms, '') AS "approvalTerms",
              l.storage_key AS "logoKey"
         FROM shop_directory s
         JOIN shop_letterhead h ON h.shop_id = s.id
         LEFT JOIN shop_settings ss ON ss.shop_id = s.id
         LEFT JOIN shop_logos l ON l.shop_id = s.id
        WHERE s.id = $1`,
      [shopId],
    );
    return rows[0] ?? null;
  }

  /**
   * One invoice or credit note of the shop in the contract's shape (numerics as JSON numbers: at most 8
   * decimals and 14 significant digits, which a double holds exactly), or null: another shop's is not found.
   */
  async invoice(shopId: number, id: number): Promise<PrintableInvoice | null> {
    return (await this.invoices(shopId, [id]))[0] ?? null;
  }

  /** Several of the shop's invoices in one read, in the order of `ids` (ids of other shops are left out). */
  async invoices(shopId: number, ids: readonly number[]): Promise<PrintableInvoice[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.query<InvoiceRecord>(
      `SELECT i.id::text AS id, i.kind, i.number, i.reference, i.issue_date::text AS issue_date,
              i.sale_id::text AS sale_id, s.item_id, i.currency, i.exchange_rate::text AS exchange_rate,
              i.total::text AS total, i.total_gbp::text AS total_gbp, i.vat_treatment,
              i.vat_amount::text AS vat_amount, i.vat_amount_gbp::text AS vat_amount_gbp,
              i.deal_id::text AS deal_id, i.part_exchange::text AS part_exchange,
              i.part_exchange_gbp::text AS part_exchange_gbp, i.payments,
              (i.total - i.vat_amount)::text AS net_amount, i.margin_gbp::text AS margin_gbp,
              i.margin_vat_gbp::text AS margin_vat_gbp, i.payment_method, i.paid_in_full, i.client_id,
              i.buyer, i.seller, i.lines, i.created_by_name, i.created_at,
              ci.id::text AS credits_id, ci.reference AS credits_reference,
              cn.id::text AS note_id, cn.reference AS note_reference, cns.void_reason AS note_reason,
              s.void_reason AS own_reason
         FROM invoice_records i
         JOIN sale_records s ON s.id = i.sale_id
         LEFT JOIN invoice_records ci ON ci.id = i.credits_invoice_id
         LEFT JOIN invoice_records cn ON cn.credits_invoice_id = i.id
         LEFT JOIN sale_records cns ON cns.id = cn.sale_id
        WHERE i.shop_id = $1 AND i.id = ANY($2::bigint[])`,
      [shopId, ids.map(String)],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [printable(r)] : [];
    });
  }

  /** One check-out of the shop with its item and client, or null (another shop's is not found). */
  async approvalNote(shopId: number, checkoutId: number): Promise<ApprovalNoteData | null> {
    const rows = await this.db.query<{
      id: number;
      checked_out_at: Date | string;
      due_date: string | null;
      agreed_price: string | null;
      note: string;
      serial: string;
      brand: string;
      model: string;
      stock_type: string;
      description: string;
      client_name: string;
      client_email: string;
      client_phone: string;
      address_line1: string;
      address_line2: string;
      town: string;
      postcode: string;
      country: string;
    }>(
      `SELECT c.id, c.checked_out_at, c.due_date::text AS due_date, c.agreed_price::text AS agreed_price, c.note,
              i.serial, i.brand, i.model, i.stock_type, i.description,
              cl.name AS client_name, cl.email AS client_email, cl.phone AS client_phone,
              cl.address_line1, cl.address_line2, cl.town, cl.postcode, cl.country
         FROM stock_checkouts c
         JOIN stock_items i ON i.id = c.item_id
         JOIN client_directory cl ON cl.id = c.client_id
        WHERE c.shop_id = $1 AND c.id = $2`,
      [shopId, checkoutId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      checkedOutAt: new Date(r.checked_out_at),
      dueDate: r.due_date,
      agreedPrice: r.agreed_price,
      note: r.note,
      item: {
        serial: r.serial,
        brand: r.brand,
        model: r.model,
        stockType: r.stock_type,
        description: r.description,
      },
      client: {
        name: r.client_name,
        email: r.client_email,
        phone: r.client_phone,
        address: {
          addressLine1: r.address_line1,
          addressLine2: r.address_line2,
          town: r.town,
          postcode: r.postcode,
          country: r.country,
        },
      },
    };
  }

  /** The logo's bytes (≤ 1 MB, so held whole for pdfkit), or null when there is none. */
  async logo(key: FileKey, storageKey: string | null): Promise<Buffer | null> {
    if (!storageKey) return null;
    const opened = await openStoredFile(this.db, key, storageKey);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.chunks) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}
