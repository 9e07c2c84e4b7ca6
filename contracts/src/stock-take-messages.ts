// The values and words of a stock-take (issue 14) that both the service and the count screen use. Kept apart
// from stock-takes.ts, whose schemas need TypeBox, so the browser entry (browser.ts) carries them.
import type { StockType } from './constants';

export const STOCK_TAKE_STATUSES = ['open', 'closed'] as const;
export type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number];

/** found: an expected item was scanned; missing: an expected item was not; unexpected: a scan that is neither. */
export const STOCK_TAKE_OUTCOMES = ['found', 'missing', 'unexpected'] as const;
export type StockTakeOutcome = (typeof STOCK_TAKE_OUTCOMES)[number];
/** What one scan can be (a scan never makes an item missing). */
export const SCAN_OUTCOMES = ['found', 'unexpected'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

/**
 * Why a scan is unexpected, in the order the service decides it: the serial is no item of the shop; the item
 * is sold; checked out to a client; unavailable; or available but outside the count's stock type / location.
 */
export const UNEXPECTED_REASONS = [
  'not_in_loupe',
  'sold',
  'checked_out',
  'unavailable',
  'out_of_scope',
] as const;
export type UnexpectedReason = (typeof UNEXPECTED_REASONS)[number];

/** A location as items hold it: free text, e.g. "Safe 1" or "Window"; '' when none was given. */
export const ITEM_LOCATION_MAX = 60;

/** The 403 detail for silver members, and the reason beside the disabled Close and follow-up buttons. */
export const STOCK_TAKE_NOT_ALLOWED =
  'Only platinum and gold members can close a count or act on its differences.';
/** The 409 of a scan into a closed count. */
export const STOCK_TAKE_CLOSED = 'This count is closed: no more scans can be added.';
/** The 409 of closing a closed count. */
export const STOCK_TAKE_ALREADY_CLOSED = 'This count is already closed.';
/** The 409 of the variance report or a follow-up on an open count. */
export const STOCK_TAKE_NOT_CLOSED = 'Close the count first: its differences are final only then.';
/** The 409 of marking a missing item unavailable when it is no longer available. */
export const STOCK_TAKE_ITEM_NOT_AVAILABLE =
  'This item is no longer available, so it cannot be marked unavailable.';
/** The 409 of a second follow-up on the same line. */
export const STOCK_TAKE_FOLLOWED_UP = 'This missing item has already been marked unavailable.';

/** What a count covers: the whole shop, or one stock type and/or one location. */
export interface StockTakeScopeWords {
  stockType: StockType | null;
  location: string | null;
}

/** "Whole shop", "Watches", "Safe 1", "Watches in Safe 1". */
export function stockTakeScopeLabel(scope: StockTakeScopeWords): string {
  const location = scope.location === '' ? '(no location)' : scope.location;
  if (scope.stockType && location !== null) return `${scope.stockType} in ${location}`;
  if (scope.stockType) return scope.stockType;
  if (location !== null) return location;
  return 'Whole shop';
}

/** The reason of an unexpected scan as the screen, the CSV and the PDF show it. */
export function unexpectedReasonText(reason: UnexpectedReason, clientName?: string | null): string {
  switch (reason) {
    case 'not_in_loupe':
      return 'Not in Loupe';
    case 'sold':
      return 'Recorded as sold';
    case 'checked_out':
      return clientName ? `Checked out to ${clientName}` : 'Checked out';
    case 'unavailable':
      return 'Unavailable';
    case 'out_of_scope':
      return 'Outside this count’s scope';
  }
}

/** The notice of a serial scanned twice into one count (nothing is counted twice). */
export const duplicateScanNotice = (serial: string) => `${serial} was already scanned in this count.`;

/** The answer of the top bar's lookup when no item has the serial (404 detail). */
export const noItemWithSerial = (serial: string) => `No item with serial “${serial}” in this shop.`;
