// The books (issue 22): the plain values both sides need (no TypeBox: the browser bundle takes this file as it is).

/**
 * HMRC's VAT staggers (VAT Notice 700/12, "How to fill in and submit your VAT Return"; HMRC's "VAT return
 * periods"): a business making quarterly returns is put on one of three, which fixes the months its quarters end
 * in. Shop Settings' "VAT quarters end in" (ShopSettings.vatStagger), default 1: calendar quarters.
 */
export const VAT_STAGGERS = [1, 2, 3] as const;
export type VatStagger = (typeof VAT_STAGGERS)[number];
export const DEFAULT_VAT_STAGGER: VatStagger = 1;
/** The months each stagger's quarters end in, short enough for a phone's select. */
export const VAT_STAGGER_LABELS: Readonly<Record<VatStagger, string>> = {
  1: 'Mar, Jun, Sep, Dec',
  2: 'Apr, Jul, Oct, Jan',
  3: 'May, Aug, Nov, Feb',
};
export const INVALID_VAT_STAGGER = 'Choose the months your VAT quarters end in: stagger 1, 2 or 3.';

export const isVatStagger = (value: unknown): value is VatStagger =>
  (VAT_STAGGERS as readonly unknown[]).includes(value);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The VAT quarter holding `day` (YYYY-MM-DD) on the shop's stagger: its first and last day. A quarter of stagger
 * s ends in the months m with m ≡ s − 1 (mod 3) — stagger 1 in Mar/Jun/Sep/Dec, 2 in Jan/Apr/Jul/Oct, 3 in
 * Feb/May/Aug/Nov — and runs over the three months up to its end, across a year end when it must (stagger 2's
 * November–January, stagger 3's December–February).
 */
export function vatQuarterOf(
  day: string,
  stagger: VatStagger = DEFAULT_VAT_STAGGER,
): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const toEnd = (((stagger - 1 - month) % 3) + 3) % 3;
  // Months counted from year 0, so a quarter crossing a year end needs no special case.
  const end = year * 12 + (month - 1) + toEnd;
  const start = end - 2;
  const endYear = Math.floor(end / 12);
  const endMonth = (end % 12) + 1;
  const lastDay = new Date(Date.UTC(endYear, endMonth, 0)).getUTCDate();
  return {
    from: `${Math.floor(start / 12)}-${pad((start % 12) + 1)}-01`,
    to: `${endYear}-${pad(endMonth)}-${pad(lastDay)}`,
  };
}

/** The quarter before the one holding `day`, on the same stagger. */
export function previousVatQuarter(
  day: string,
  stagger: VatStagger = DEFAULT_VAT_STAGGER,
): { from: string; to: string } {
  const { from } = vatQuarterOf(day, stagger);
  const before = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return vatQuarterOf(before, stagger);
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
