import { STOCK_SETTLEMENT_METHODS, type ExportFormat } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { csvLine, moneyCell, textCell, valueCell } from '../../kernel/csv';
import type { Period } from './books-repository';

// The accounting exports (issue 22, item 6): a period's sales invoices and credit notes, purchase bills and
// payments as CSV in the import formats of Xero and QuickBooks Online, so that a bookkeeper imports them without
// retyping — HMRC VAT Notice 700/22 (Making Tax Digital), "digital links": data moves between the programs of a
// VAT record by digital means, never by hand. Columns as the two products' import templates name them; the
// sources, the tax types and the choices made are in server/README.md, "Accounting exports".
//
// Every amount is in sterling (the VAT account is kept in sterling; a sale in USD, EUR or BTC is exported at the
// rate it was recorded at, as its invoice's sterling total), VAT-inclusive: import with "amounts are tax
// inclusive" (Xero) / "inclusive of tax" (QuickBooks).

/** Xero's sales invoice import template (Xero Central, "Import invoices"); '*' marks a required column. */
export const XERO_SALES_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** Xero's bill import template (Xero Central, "Import bills"). */
export const XERO_BILL_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
] as const;

/**
 * QuickBooks Online's invoice import (its sample file, "Import invoices"); the same fields Intuit lists as the
 * headings it maps itself (https://quickbooks.intuit.com/learn-support/en-ca/sales-and-invoicing/do-we-need-to-map-field-everytime-when-import-invoices/01/394876 ).
 * Credit notes go in the same columns to QuickBooks' own "Import credit notes", amounts positive
 * (https://quickbooks.intuit.com/learn-support/en-us/help-articles/how-to-import-credit-notes/00/332855 ).
 * Sources and what could not be checked: server/README.md, "Accounting exports".
 */
export const QBO_INVOICE_COLUMNS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
  'Currency',
  'Service Date',
] as const;

/** QuickBooks Online's bill import ("Import bills"). */
export const QBO_BILL_COLUMNS = [
  'Bill No',
  'Supplier',
  'Bill Date',
  'Due Date',
  'Terms',
  'Location',
  'Memo',
  'Account',
  'Line Description',
  'Line Amount',
  'Line Tax Code',
  'Line Tax Amount',
  'Currency',
] as const;

/** Loupe's own payments file: one line per payment in or out. */
export const PAYMENT_COLUMNS = [
  'Date',
  'Direction',
  'Source',
  'Reference',
  'Contact',
  'Method',
  'Currency',
  'Amount',
  'Exchange rate',
  'Amount (GBP)',
] as const;

/**
 * Loupe's VAT treatments as each product's UK tax rates name them. A margin-scheme sale is imported with no VAT
 * ("No VAT"): the invoice shows none and the VAT on the margin is not a line of it (Notice 718 §"invoicing");
 * it is posted to the VAT return as one journal per period from the stock book's VAT figures (output VAT on
 * margins). A standard-rated sale carries 20% included in its price.
 */
export const XERO_TAX_TYPES = { margin: 'No VAT', standard: '20% (VAT on Income)', none: 'No VAT' } as const;
export const XERO_BILL_TAX_TYPES = {
  margin: 'No VAT',
  standard: '20% (VAT on Expenses)',
  none: 'No VAT',
} as const;
export const QBO_TAX_CODES = { margin: 'No VAT', standard: '20.0% S', none: 'No VAT' } as const;

/** The default account codes of Xero's UK chart: 200 Sales, 310 Cost of Goods Sold. */
export const XERO_SALES_ACCOUNT = '200';
export const XERO_PURCHASES_ACCOUNT = '310';
export const QBO_SALES_ITEM = 'Sales';
export const QBO_PURCHASES_ACCOUNT = 'Cost of sales';

type Treatment = keyof typeof XERO_TAX_TYPES;
const treatmentOf = (value: string | null | undefined): Treatment =>
  value === 'margin' || value === 'standard' ? value : 'none';

/** DD/MM/YYYY: the date format of a UK organisation in both products. */
const ukDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** An address as up to four lines (the last takes the rest). */
function addressLines(address: string): [string, string, string, string] {
  const lines = address
    .split(/\r?\n|,\s*/)
    .map((l) => l.trim())
    .filter(Boolean);
  return [lines[0] ?? '', lines[1] ?? '', lines[2] ?? '', lines.slice(3).join(', ')];
}

/** A client's address parts as the clients module publishes them (migration 019; '' each when none). */
const CLIENT_ADDRESS = `coalesce(c.address_line1, '') AS line1, coalesce(c.address_line2, '') AS line2,
  coalesce(c.town, '') AS town, coalesce(c.postcode, '') AS postcode, coalesce(c.country, '') AS country`;

/** The contact's address in Xero's PO fields: the client's parts when it has them, else the printed lines. */
function xeroAddress(l: DocumentLine): string[] {
  if (l.line1 || l.town || l.postcode) {
    // Xero's POCountry; a client with no address keeps the default country only, which is no address.
    return [l.line1, l.line2, '', '', l.town, '', l.postcode, l.country];
  }
  const [a1, a2, a3, a4] = addressLines(l.buyer_address);
  return [a1, a2, a3, a4, '', '', '', ''];
}

interface DocumentLine {
  invoice_id: string;
  kind: 'invoice' | 'credit_note';
  reference: string;
  credited_reference: string | null;
  issue_date: string;
  buyer_name: string;
  buyer_email: string;
  buyer_address: string;
  /** The client's postal address as the clients module publishes it ('' each when none). */
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  country: string;
  description: string;
  serial: string;
  treatment: string | null;
  /** The line's sterling amount, negative on a credit note; VAT-inclusive. */
  amount_gbp: string;
  vat_gbp: string;
}

/**
 * The period's invoices and credit notes line by line (issue date in the period). A line's sterling amount is
 * its amount at the invoice's rate (the invoice's own sterling total for its one-line case); a part-exchange is a
 * payment, not a sale line (the invoice's total leaves it out), so it is not exported as one.
 */
async function documentLines(db: Queryable, shopId: number, period: Period): Promise<DocumentLine[]> {
  return db.query<DocumentLine>(
    `SELECT inv.id::text AS invoice_id, inv.kind, inv.reference, orig.reference AS credited_reference,
            inv.issue_date::text AS issue_date,
            coalesce(nullif(inv.buyer ->> 'name', ''), 'Cash sale') AS buyer_name,
            coalesce(inv.buyer ->> 'email', '') AS buyer_email, coalesce(inv.buyer ->> 'address', '') AS buyer_address,
            ${CLIENT_ADDRESS},
            coalesce(l.line ->> 'description', '') AS description, coalesce(l.line ->> 'serial', '') AS serial,
            coalesce(l.line ->> 'vatTreatment', inv.vat_treatment) AS treatment,
            (CASE WHEN jsonb_array_length(inv.lines) = 1 THEN inv.total_gbp
                  ELSE round((l.line ->> 'amount')::numeric * inv.exchange_rate, 2) END)::text AS amount_gbp,
            (CASE WHEN coalesce(l.line ->> 'vatTreatment', inv.vat_treatment) <> 'standard' THEN 0
                  WHEN jsonb_array_length(inv.lines) = 1 THEN round(inv.total_gbp / 6, 2)
                  ELSE round(round((l.line ->> 'amount')::numeric * inv.exchange_rate, 2) / 6, 2) END)::text
              AS vat_gbp
       FROM invoice_records inv
       LEFT JOIN invoice_records orig ON orig.id = inv.credits_invoice_id
       LEFT JOIN client_directory c ON c.id = inv.client_id
       CROSS JOIN LATERAL jsonb_array_elements(inv.lines) WITH ORDINALITY AS l(line, ord)
      WHERE inv.shop_id = $1 AND inv.issue_date BETWEEN $2::date AND $3::date
        AND coalesce(l.line ->> 'kind', 'item') <> 'part_exchange'
      ORDER BY inv.issue_date, inv.kind DESC, inv.number, l.ord`,
    [shopId, period.from, period.to],
  );
}

interface BillLine {
  purchase_id: string;
  reference: string;
  purchased_on: string;
  seller_name: string;
  seller_address: string;
  description: string;
  stock_number: string;
  vat_scheme: string | null;
  price_gbp: string;
  vat_gbp: string;
}

/** The period's completed purchases line by line (the purchases module's published views). */
async function billLines(db: Queryable, shopId: number, period: Period): Promise<BillLine[]> {
  return db.query<BillLine>(
    `SELECT p.id::text AS purchase_id, p.reference, p.purchased_on::text AS purchased_on,
            coalesce(nullif(p.seller_name, ''), 'Private seller') AS seller_name,
            coalesce(p.seller_address, '') AS seller_address, coalesce(pl.description, '') AS description,
            coalesce(pl.stock_number::text, '') AS stock_number, i.vat_scheme, pl.price_gbp::text AS price_gbp,
            (CASE WHEN i.vat_scheme = 'standard' THEN round(pl.price_gbp / 6, 2) ELSE 0 END)::text AS vat_gbp
       FROM purchase_records p
       JOIN purchase_line_records pl ON pl.purchase_id = p.id
       LEFT JOIN stock_items i ON i.id = pl.item_id
      WHERE p.shop_id = $1 AND p.status = 'completed' AND p.purchased_on BETWEEN $2::date AND $3::date
      ORDER BY p.purchased_on, p.number, pl.item_id`,
    [shopId, period.from, period.to],
  );
}

interface PaymentLine {
  day: string;
  direction: 'in' | 'out';
  source: string;
  reference: string;
  contact: string;
  method: string;
  currency: string;
  amount: string;
  exchange_rate: string;
  amount_gbp: string;
}

/**
 * Money in and out in the period: a deal's payments (in, refunds and payouts out; a void's reversing rows as
 * they were recorded), a single sale's takings from before deals (its void out), and a purchase's payments out
 * (a voided purchase's reversing rows in: the money back).
 */
async function paymentLines(db: Queryable, shopId: number, period: Period): Promise<PaymentLine[]> {
  return db.query<PaymentLine>(
    `SELECT day, direction, source, reference, contact, method, currency, amount, exchange_rate, amount_gbp
       FROM (
         SELECT dp.payment_date::text AS day, dp.direction, 'Deal' AS source,
                coalesce((SELECT i.reference FROM invoice_records i
                           WHERE i.deal_id = dp.deal_id AND i.kind = 'invoice' LIMIT 1), 'D-' || dp.deal_id) AS reference,
                coalesce(c.name, '') AS contact, dp.method, dp.currency, trim_scale(dp.amount)::text AS amount,
                trim_scale(dp.exchange_rate)::text AS exchange_rate, dp.amount_gbp::text AS amount_gbp,
                1 AS part, dp.id AS ord
           FROM deal_payment_records dp
           JOIN deal_records d ON d.id = dp.deal_id
           LEFT JOIN client_directory c ON c.id = d.client_id
          WHERE dp.shop_id = $1 AND dp.payment_date BETWEEN $2::date AND $3::date
         UNION ALL
         SELECT s.sale_date::text, CASE WHEN s.reversal_of IS NULL THEN 'in' ELSE 'out' END, 'Sale',
                coalesce((SELECT i.reference FROM invoice_records i WHERE i.sale_id = s.id LIMIT 1), ''),
                coalesce(c.name, s.buyer_name, ''), s.payment_method, s.currency, trim_scale(abs(s.amount))::text,
                trim_scale(s.exchange_rate)::text, abs(s.amount_gbp)::text, 2, s.id
           FROM sale_records s
           LEFT JOIN client_directory c ON c.id = s.client_id
          WHERE s.shop_id = $1 AND s.deal_id IS NULL AND s.sale_date BETWEEN $2::date AND $3::date
         UNION ALL
         SELECT pp.paid_on::text, pp.direction, 'Purchase', p.reference, coalesce(p.seller_name, ''), pp.method,
                pp.currency, trim_scale(abs(pp.amount))::text, trim_scale(pp.exchange_rate)::text,
                abs(pp.amount_gbp)::text, 3, pp.id
           FROM purchase_payment_records pp JOIN purchase_records p ON p.id = pp.purchase_id
          WHERE pp.shop_id = $1 AND pp.paid_on BETWEEN $2::date AND $3::date
            -- An item form's credit and debt lines settle through the client's ledger: no money moved.
            AND pp.method <> ALL($4::text[])
       ) pay
      ORDER BY day, part, ord`,
    [shopId, period.from, period.to, Object.values(STOCK_SETTLEMENT_METHODS)],
  );
}

/** The CSV of one export format for the period. */
export async function exportCsv(
  db: Queryable,
  shopId: number,
  format: ExportFormat,
  period: Period,
): Promise<string> {
  switch (format) {
    case 'xero-sales': {
      let out = csvLine(XERO_SALES_COLUMNS.map(valueCell));
      for (const l of await documentLines(db, shopId, period)) {
        const day = ukDate(l.issue_date);
        out += csvLine([
          textCell(l.buyer_name),
          textCell(l.buyer_email),
          ...xeroAddress(l).map(textCell),
          valueCell(l.reference),
          // A credit note names the invoice it cancels.
          valueCell(l.credited_reference ?? ''),
          valueCell(day),
          // Paid at the till: due the day it was issued.
          valueCell(day),
          '',
          textCell([l.description, l.serial].filter(Boolean).join(' ') || 'Sale'),
          valueCell(1),
          // Negative on a credit note: Xero imports a document whose total is negative as a credit note.
          moneyCell(l.amount_gbp),
          '',
          valueCell(XERO_SALES_ACCOUNT),
          valueCell(XERO_TAX_TYPES[treatmentOf(l.treatment)]),
          '',
          '',
          '',
          '',
          valueCell('GBP'),
          '',
        ]);
      }
      return out;
    }
    case 'qbo-invoices':
    case 'qbo-credit-notes': {
      const wanted = format === 'qbo-invoices' ? 'invoice' : 'credit_note';
      let out = csvLine(QBO_INVOICE_COLUMNS.map(valueCell));
      for (const l of await documentLines(db, shopId, period)) {
        if (l.kind !== wanted) continue;
        const day = ukDate(l.issue_date);
        // QuickBooks' "Import credit notes" takes a credit note's amounts positive: the import says it is a credit.
        const amount = wanted === 'credit_note' ? l.amount_gbp.replace(/^-/, '') : l.amount_gbp;
        const vat = wanted === 'credit_note' ? l.vat_gbp.replace(/^-/, '') : l.vat_gbp;
        out += csvLine([
          valueCell(l.reference),
          textCell(l.buyer_name),
          valueCell(day),
          valueCell(day),
          valueCell('Due on receipt'),
          '',
          textCell(l.credited_reference ? `Credits ${l.credited_reference}` : ''),
          valueCell(QBO_SALES_ITEM),
          textCell([l.description, l.serial].filter(Boolean).join(' ') || 'Sale'),
          valueCell(1),
          moneyCell(amount),
          moneyCell(amount),
          valueCell(QBO_TAX_CODES[treatmentOf(l.treatment)]),
          moneyCell(vat),
          valueCell('GBP'),
          valueCell(day),
        ]);
      }
      return out;
    }
    case 'xero-bills': {
      let out = csvLine(XERO_BILL_COLUMNS.map(valueCell));
      for (const l of await billLines(db, shopId, period)) {
        const [a1, a2, a3, a4] = addressLines(l.seller_address);
        const day = ukDate(l.purchased_on);
        out += csvLine([
          textCell(l.seller_name),
          '',
          textCell(a1),
          textCell(a2),
          textCell(a3),
          textCell(a4),
          '',
          '',
          '',
          '',
          valueCell(l.reference),
          valueCell(day),
          valueCell(day),
          textCell(l.stock_number),
          textCell(l.description || 'Stock purchase'),
          valueCell(1),
          moneyCell(l.price_gbp),
          valueCell(XERO_PURCHASES_ACCOUNT),
          valueCell(XERO_BILL_TAX_TYPES[treatmentOf(l.vat_scheme)]),
          '',
          '',
          '',
          '',
          valueCell('GBP'),
        ]);
      }
      return out;
    }
    case 'qbo-bills': {
      let out = csvLine(QBO_BILL_COLUMNS.map(valueCell));
      for (const l of await billLines(db, shopId, period)) {
        const day = ukDate(l.purchased_on);
        const standard = treatmentOf(l.vat_scheme) === 'standard';
        out += csvLine([
          valueCell(l.reference),
          textCell(l.seller_name),
          valueCell(day),
          valueCell(day),
          valueCell('Due on receipt'),
          '',
          textCell(l.stock_number ? `Stock number ${l.stock_number}` : ''),
          valueCell(QBO_PURCHASES_ACCOUNT),
          textCell(l.description || 'Stock purchase'),
          moneyCell(l.price_gbp),
          valueCell(standard ? QBO_TAX_CODES.standard : QBO_TAX_CODES.margin),
          // 20% included in the price of standard-rated goods: the tax is a sixth of it.
          moneyCell(l.vat_gbp),
          valueCell('GBP'),
        ]);
      }
      return out;
    }
    case 'payments': {
      let out = csvLine(PAYMENT_COLUMNS.map(valueCell));
      for (const p of await paymentLines(db, shopId, period)) {
        out += csvLine([
          valueCell(p.day),
          valueCell(p.direction === 'in' ? 'In' : 'Out'),
          valueCell(p.source),
          valueCell(p.reference),
          textCell(p.contact),
          textCell(p.method),
          valueCell(p.currency),
          moneyCell(p.amount, p.currency),
          valueCell(p.exchange_rate),
          moneyCell(p.amount_gbp),
        ]);
      }
      return out;
    }
  }
}

export const exportFileName = (format: ExportFormat, period: Period) =>
  `loupe-${format}-${period.from}-${period.to}.csv`;
