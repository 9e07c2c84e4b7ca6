// What a stock label (issue 14) shows as its price, written once for the server's label sheet PDF and the
// browser's print view, so a tag reads the same wherever it was printed. Plain TypeScript: browser.ts carries it.
import type { LabelPriceMode } from './documents-messages';

/** Label sizes: one 60 × 30 mm tag per page, or A4 sheets of 3 × 8 (labels.ts). */
export const LABEL_SIZES = ['tag', 'a4'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
/** The most labels one PDF holds. */
export const LABELS_MAX_ITEMS = 500;

/** The shop's label settings (ShopSettings.labelPrice and .priceCodeKey). */
export interface LabelPriceSettings {
  labelPrice: LabelPriceMode;
  priceCodeKey: string;
}

/** Groups whole pounds in threes: "12500" → "12,500". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A price's decimal text, split exactly: 12500 → ["12500", "00"], 99.5 → ["99", "50"]. */
function priceParts(price: number): [string, string] {
  const text = price.toFixed(2);
  const [whole = '0', pence = '00'] = text.split('.');
  return [whole, pence];
}

/**
 * The price code: the retail price in whole pounds (pence dropped, never rounded up), each digit written as
 * a letter of the shop's key. The key is ten distinct letters standing for the digits 1 2 3 4 5 6 7 8 9 0 in
 * that order, so digit d is key[(d + 9) % 10]: with the key "BLACKHORSE", 1 → B, 2 → L, 5 → K, 0 → E, and
 * £1,250.00 → "BLKE", £12,500.00 → "BLKEE". Staff read the price back with the key; a customer reads letters.
 */
export function priceCode(price: number, key: string): string {
  const letters = key.toUpperCase();
  const [whole] = priceParts(price);
  return whole
    .split('')
    .map((digit) => letters[(Number(digit) + 9) % 10] ?? '')
    .join('');
}

/**
 * The text a tag shows as its price: 'retail' → "£12,500.00"; 'code' → the price code (above), never the
 * price; 'none' → ''. An item without a retail price shows '' in every mode, as does 'code' without a key.
 */
export function labelPriceText(item: { retailPrice: number | null }, settings: LabelPriceSettings): string {
  const price = item.retailPrice;
  if (price === null || !Number.isFinite(price) || price < 0) return '';
  if (settings.labelPrice === 'retail') {
    const [whole, pence] = priceParts(price);
    return `£${grouped(whole)}.${pence}`;
  }
  if (settings.labelPrice === 'code') {
    return settings.priceCodeKey.length === 10 ? priceCode(price, settings.priceCodeKey) : '';
  }
  return '';
}
