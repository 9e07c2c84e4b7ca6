import { Type, type Static } from '@sinclair/typebox';
import { Choice, DateString, Nullable, PagingQuery, Text } from './common';
import { STOCK_TYPES } from './constants';
import { EXPORT_FORMATS, STOCK_BOOK_SOLD_FILTERS, VAT_FIGURE_KEYS } from './books-messages';

export * from './books-messages';

/*
 * The books (issue 22, items 5 and 6): the HMRC stock book, the margin-scheme VAT figures of a period and the
 * accounting exports. Endpoints: `endpoints.books.*`. Every one needs 'viewCosts' (purchase prices, margins):
 * platinum and gold; silver only when the shop lets silver see costs (403 COSTS_NOT_ALLOWED otherwise).
 *
 * The period: date_from and date_to (YYYY-MM-DD, both ends included; date_to not before date_from, 400 field
 * errors keyed by the parameter). Either or both absent → the ends of the VAT quarter holding the other end, else
 * today, on the shop's HMRC stagger (ShopSettings.vatStagger; vatQuarterOf(day, stagger), books-messages.ts).
 *
 * The stock book (HMRC VAT Notice 718, "keeping records": the stock book): one row per stock item that was
 *   - bought in the period (purchasedOn within it), or
 *   - sold in the period (a sale dated within it that has not been voided), or
 *   - bought before the period and still in stock at its start (carriedForward: true; not sold before it).
 * Purchase side: stock number, date, purchase invoice reference ('' for an item bought before purchase documents
 * existed: its date and price come from the item), price, seller's name and address, description. A piece taken
 * in part-exchange (no purchase document: the deal bought it): the deal's client as seller, the deal's invoice
 * reference, the allowance in GBP as price (purchaseId null; purchaseVoidedOn the day a voided deal's credit note). Sale side
 * (null when not sold in the period): date, invoice reference, price, buyer, VAT treatment, margin and VAT on the
 * margin (margin scheme), VAT (standard-rated), as the sales module fixed them at the sale. A voided sale is not
 * a sale: the item is back in stock and the row's `voidedSales` names the invoice and its credit note.
 * A voided purchase document is shown with the day it was voided (its item left stock; it was no purchase).
 * Order: stock number (then item id). Filters: stock_type, sold ('sold' | 'unsold' in the period), search
 * (stock number or serial, contains, any case).
 */

export const BooksPeriodQuery = Type.Object(
  { date_from: Type.Optional(DateString), date_to: Type.Optional(DateString) },
  { additionalProperties: false },
);
export type BooksPeriodQuery = Static<typeof BooksPeriodQuery>;

export const StockBookQuery = Type.Object(
  {
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
    stock_type: Type.Optional(Choice(STOCK_TYPES)),
    sold: Type.Optional(Choice(STOCK_BOOK_SOLD_FILTERS)),
    search: Type.Optional(Text({ maxLength: 100 })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);
export type StockBookQuery = Static<typeof StockBookQuery>;

export const VoidedSale = Type.Object({
  saleId: Type.Integer(),
  date: DateString,
  invoiceReference: Type.String(),
  voidedOn: Nullable(DateString),
  creditNoteReference: Type.String(),
});
export type VoidedSale = Static<typeof VoidedSale>;

export const StockBookSale = Type.Object({
  saleId: Type.Integer(),
  date: DateString,
  invoiceId: Nullable(Type.Integer()),
  /** As printed, e.g. INV-000042; '' for a sale made before invoices existed. */
  invoiceReference: Type.String(),
  priceGbp: Type.Number(),
  buyer: Type.String(),
  vatTreatment: Type.String(),
  /** Margin scheme: price − purchase price (negative for a loss). */
  marginGbp: Nullable(Type.Number()),
  /** Margin scheme: VAT within a positive margin (1/6), 0 for a loss. */
  marginVatGbp: Nullable(Type.Number()),
  /** Standard-rated: the VAT within the price. */
  vatGbp: Type.Number(),
});
export type StockBookSale = Static<typeof StockBookSale>;

export const StockBookRow = Type.Object({
  itemId: Type.Integer(),
  /** The shop's stock number ('' when the item has none). */
  stockNumber: Type.String(),
  serial: Type.String(),
  stockType: Type.String(),
  description: Type.String(),
  purchasedOn: DateString,
  purchaseId: Nullable(Type.Integer()),
  purchaseReference: Type.String(),
  /** The day the purchase document was voided (its item left stock), else null. */
  purchaseVoidedOn: Nullable(DateString),
  purchasePriceGbp: Type.Number(),
  sellerName: Type.String(),
  sellerAddress: Type.String(),
  /** Bought before the period and still in stock at its start. */
  carriedForward: Type.Boolean(),
  status: Type.String(),
  sale: Nullable(StockBookSale),
  voidedSales: Type.Array(VoidedSale),
});
export type StockBookRow = Static<typeof StockBookRow>;

export const StockBookPage = Type.Object({
  from: DateString,
  to: DateString,
  count: Type.Integer(),
  results: Type.Array(StockBookRow),
});
export type StockBookPage = Static<typeof StockBookPage>;

// ---------------------------------------------------------------- the VAT figures

/*
 * `GET /api/books/vat/` → VatFigures for the period: every sale dated in it and not voided (items and other
 * lines), each with the figures the sales module fixed at the sale. Per VAT Notice 718 §3 (margin calculations):
 *   marginSales       Σ price of margin-scheme sales
 *   marginPurchases   Σ purchase price of the items those sales sold
 *   positiveMargins   Σ margin of the margin-scheme sales whose margin is above 0 (a loss is not set against a
 *                     gain: it counts 0)
 *   marginVat         Σ VAT on margins (each sale's round(max(margin, 0) / 6, 2))
 *   standardSales     Σ price of standard-rated sales;  standardVat  Σ their VAT (1/6 of each, 20% inclusive)
 *   otherSales        Σ sales outside VAT (the shop had no VAT number)
 * Each figure names its rows (saleIds); `rows` holds every sale once.
 */

export const VatSaleRow = Type.Object({
  saleId: Type.Integer(),
  date: DateString,
  invoiceId: Nullable(Type.Integer()),
  invoiceReference: Type.String(),
  itemId: Nullable(Type.Integer()),
  stockNumber: Type.String(),
  description: Type.String(),
  buyer: Type.String(),
  vatTreatment: Type.String(),
  priceGbp: Type.Number(),
  costGbp: Nullable(Type.Number()),
  marginGbp: Nullable(Type.Number()),
  marginVatGbp: Nullable(Type.Number()),
  vatGbp: Type.Number(),
});
export type VatSaleRow = Static<typeof VatSaleRow>;

export const VatFigure = Type.Object({
  key: Choice(VAT_FIGURE_KEYS),
  label: Type.String(),
  amountGbp: Type.Number(),
  saleIds: Type.Array(Type.Integer()),
});
export type VatFigure = Static<typeof VatFigure>;

export const VatFigures = Type.Object({
  from: DateString,
  to: DateString,
  figures: Type.Array(VatFigure),
  rows: Type.Array(VatSaleRow),
});
export type VatFigures = Static<typeof VatFigures>;

// ---------------------------------------------------------------- accounting exports

/*
 * `GET /api/books/exports/?format=…&date_from&date_to` → a CSV attachment for the period, named loupe-<format>-<from>-<to>.csv:
 *   xero-sales      Xero's sales invoice import template: invoices and credit notes (negative amounts)
 *   xero-bills      Xero's bill import template: purchases
 *   qbo-invoices    QuickBooks Online's invoice import: invoices
 *   qbo-credit-notes  the credit notes in the same columns, positive, for QuickBooks Online's "Import credit notes"
 *   qbo-bills       QuickBooks Online's bill import: purchases
 *   payments        money in (sales and deals) and out (purchases and deal payouts)
 * Columns and tax types: server/README.md, "Accounting exports".
 */
export const ExportQuery = Type.Object(
  {
    format: Choice(EXPORT_FORMATS),
    date_from: Type.Optional(DateString),
    date_to: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type ExportQuery = Static<typeof ExportQuery>;
