/*
 * Marketplace feeds and where a sale came from (issue 24, items 3 and 4). Written once here and read by the
 * server's marketplace module (which feed an item goes in, the feeds themselves, the Chrono24 7-day rule) and by
 * the browser ("Not in the Chrono24 feed: no reference number"). Plain values only (no TypeBox): the browser
 * bundle takes this file as it is; the API's schemas are in feed-schemas.ts.
 *
 * THE CHANNELS' RULES, cited:
 * - Chrono24: "Optimize the Way You Import Listings: Guide to Smooth Imports on Chrono24" (listing import guide,
 *   https://update.chrono24.com/listing-import-guide, May 2024) and "Frequently Asked Questions About Importing
 *   Listings" (https://update.chrono24.com/frequently-asked-questions-about-importing-listings): "Each listing
 *   should include at least the following: reference number, model name, manufacturer, year of manufacture,
 *   scope of delivery (original box and papers), case material, bracelet material, dial color, winding
 *   mechanism, condition, description, handling time, and photos", "Every listing on Chrono24 must contain at
 *   least one photo"; a listing has a price and its currency (XML recommended; imported once a day from a
 *   private feed). Chrono24 lists watches only, so a jewellery item or an accessory is "not a watch".
 * - Google Merchant Center product data specification (https://support.google.com/merchants/answer/7052112):
 *   RSS 2.0 with xmlns:g="http://base.google.com/ns/1.0"; required id, title (at most 150 characters),
 *   description (at most 5,000), link, image_link, availability, price ("1234.00 GBP"), condition (new,
 *   refurbished, used: required for used goods), brand, and the unique product identifiers (mpn, or
 *   identifier_exists "no" when the product has none).
 * Neither feed can carry an item without a price, so "price on request" keeps an item out of both.
 */

/** The marketplace feeds a shop can publish (each at its own secret URL). */
export const FEED_CHANNELS = ['chrono24', 'google'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];
export const FEED_CHANNEL_LABELS: Readonly<Record<FeedChannel, string>> = {
  chrono24: 'Chrono24',
  google: 'Google Shopping',
};

export function isFeedChannel(value: unknown): value is FeedChannel {
  return typeof value === 'string' && (FEED_CHANNELS as readonly string[]).includes(value);
}

/** Where a deal's sale came from (issue 24 item 4). A deal without one was made in the shop. */
export const DEAL_CHANNELS = ['shop', 'phone', 'website', 'chrono24', 'other'] as const;
export type DealChannel = (typeof DEAL_CHANNELS)[number];
export const DEAL_CHANNEL_LABELS: Readonly<Record<DealChannel, string>> = {
  shop: 'Shop',
  phone: 'Phone',
  website: 'Website enquiry',
  chrono24: 'Chrono24',
  other: 'Other',
};
export const DEFAULT_DEAL_CHANNEL: DealChannel = 'shop';

/**
 * Chrono24's 7-day rule: a sale of a watch listed on Chrono24 that was closed elsewhere is reported to Chrono24
 * within 7 days of the sale (otherwise Chrono24 charges its commission again). The report is due this many days
 * after the sale's date.
 */
export const CHRONO24_REPORT_DAYS = 7;
/** The sale reports' list filter: open (due, not yet done; the default), done, or all. */
export const SALE_REPORT_STATUSES = ['open', 'done', 'all'] as const;
export type SaleReportStatusFilter = (typeof SALE_REPORT_STATUSES)[number];

/** The dashboard card's words for one open report ("Report this sale to Chrono24 by 4 Dec 2026"). */
export function chrono24ReportText(dueDateLabel: string): string {
  return `Report this sale to Chrono24 by ${dueDateLabel}`;
}

/**
 * What a feed needs of an item: the columns of the storefront's `storefront_offers` view (one row per item on
 * the storefront right now), in the API's camelCase. Empty text is ''; unknown values are null.
 */
export interface FeedOffer {
  stockType: string;
  brand: string;
  model: string;
  referenceNumber: string;
  year: number | null;
  box: boolean | null;
  papers: boolean | null;
  caseMaterial: string;
  dial: string;
  movement: string | null;
  conditionGrade: string | null;
  publicDescription: string;
  braceletMaterial: string;
  handlingDays: number | null;
  priceOnRequest: boolean;
  /** The GBP price shown (the promotion price when promoted), as a decimal string or number; null when none. */
  price: string | number | null;
  imageIds: readonly number[];
}

/** Google's limits on title and description (product data specification). */
export const GOOGLE_TITLE_MAX = 150;
export const GOOGLE_DESCRIPTION_MAX = 5000;

function blank(text: string | null | undefined): boolean {
  return text == null || text.trim() === '';
}

function hasPrice(offer: FeedOffer): boolean {
  if (offer.price == null || offer.price === '') return false;
  const value = Number(offer.price);
  return Number.isFinite(value) && value > 0;
}

/**
 * Why an item on the storefront is not in a channel's feed, in the words the app shows after "Not in the
 * Chrono24 feed: " (joined by ", "); [] when it is in the feed.
 */
export function feedProblems(channel: FeedChannel, offer: FeedOffer): string[] {
  const problems: string[] = [];
  const price = (): void => {
    if (offer.priceOnRequest) problems.push('price on request');
    else if (!hasPrice(offer)) problems.push('no price');
  };
  if (channel === 'chrono24') {
    if (offer.stockType !== 'Watches') return ['not a watch'];
    price();
    if (blank(offer.referenceNumber)) problems.push('no reference number');
    if (blank(offer.model)) problems.push('no model name');
    if (blank(offer.brand)) problems.push('no manufacturer');
    if (offer.year == null) problems.push('no year of manufacture');
    if (offer.box == null || offer.papers == null) problems.push('box and papers not recorded');
    if (blank(offer.caseMaterial)) problems.push('no case material');
    if (blank(offer.braceletMaterial)) problems.push('no bracelet material');
    if (blank(offer.dial)) problems.push('no dial colour');
    if (offer.movement == null) problems.push('no winding mechanism');
    if (offer.conditionGrade == null) problems.push('no condition');
    if (blank(offer.publicDescription)) problems.push('no description');
    if (offer.handlingDays == null) problems.push('no handling time');
    if (offer.imageIds.length === 0) problems.push('no photo');
    return problems;
  }
  price();
  if (blank(offer.brand)) problems.push('no brand');
  if (blank(offer.publicDescription)) problems.push('no description');
  if (offer.conditionGrade == null) problems.push('no condition');
  if (offer.imageIds.length === 0) problems.push('no photo');
  return problems;
}

/** "Not in the Chrono24 feed: no reference number, no photo" — or null when the item is in the feed. */
export function feedProblemsText(channel: FeedChannel, problems: readonly string[]): string | null {
  if (problems.length === 0) return null;
  return `Not in the ${FEED_CHANNEL_LABELS[channel]} feed: ${problems.join(', ')}`;
}

/** Google's condition (new, refurbished, used) for the shop's grade: unworn pieces are new, the rest used. */
export function googleCondition(grade: string | null): 'new' | 'used' | null {
  if (grade == null) return null;
  return grade === 'unworn' ? 'new' : 'used';
}

/** The product's title in a feed: brand, model and reference, cut to Google's 150 characters. */
export function feedTitle(offer: Pick<FeedOffer, 'brand' | 'model' | 'referenceNumber'>): string {
  const title = [offer.brand, offer.model, offer.referenceNumber]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return title.length > GOOGLE_TITLE_MAX ? title.slice(0, GOOGLE_TITLE_MAX - 1) + '…' : title;
}
