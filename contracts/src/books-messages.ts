// The books (issue 22): the plain values both sides need (no TypeBox: the browser bundle takes this file as it is).

/** The VAT quarter (calendar quarters) holding `day`: its first and last day. */
export function vatQuarterOf(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(last)}-${pad(lastDay)}` };
}

/** The quarter before the one holding `day`. */
export function previousVatQuarter(day: string): { from: string; to: string } {
  const { from } = vatQuarterOf(day);
  const before = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return vatQuarterOf(before);
}

export const STOCK_BOOK_SOLD_FILTERS = ['sold', 'unsold'] as const;

export const VAT_FIGURE_KEYS = [
  'marginSales',
  'marginPurchases',
  'positiveMargins',
  'marginVat',
  'standardSales',
  'standardVat',
  'otherSales',
] as const;
export type VatFigureKey = (typeof VAT_FIGURE_KEYS)[number];

export const VAT_FIGURE_LABELS: Readonly<Record<VatFigureKey, string>> = {
  marginSales: 'Margin scheme sales',
  marginPurchases: 'Margin scheme purchases (of the items sold)',
  positiveMargins: 'Margins (losses counted as 0)',
  marginVat: 'Output VAT on margins',
  standardSales: 'Standard-rated sales',
  standardVat: 'VAT on standard-rated sales',
  otherSales: 'Sales outside VAT (no VAT number)',
};

export const EXPORT_FORMATS = [
  'xero-sales',
  'xero-bills',
  'qbo-invoices',
  'qbo-credit-notes',
  'qbo-bills',
  'payments',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LABELS: Readonly<Record<ExportFormat, string>> = {
  'xero-sales': 'Xero: sales invoices and credit notes',
  'xero-bills': 'Xero: bills (purchases)',
  'qbo-invoices': 'QuickBooks Online: invoices',
  'qbo-credit-notes': 'QuickBooks Online: credit notes',
  'qbo-bills': 'QuickBooks Online: bills (purchases)',
  payments: 'Payments in and out',
};
