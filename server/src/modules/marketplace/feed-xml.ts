import {
  CONDITION_GRADE_LABELS,
  GOOGLE_DESCRIPTION_MAX,
  MOVEMENT_LABELS,
  feedTitle,
  googleCondition,
  type ConditionGrade,
  type FeedChannel,
  type Movement,
} from '@loupe/contracts';
import { imagePath, itemPath, offerTitle, storefrontBase } from '../storefront';
import type { Config } from '../../config';
import type { OfferRow } from './marketplace-repository';

/*
 * The feeds' XML (issue 24 item 3). Only items that pass feedProblems reach these functions (feed-service.ts).
 * UTF-8; every text escaped; characters XML 1.0 cannot carry (C0 controls other than tab and line breaks,
 * lone surrogates, U+FFFE/U+FFFF) removed, so a hostile or pasted description cannot break the document.
 * Every address is absolute, from PUBLIC_URL (storefront/urls.ts); photos as JPEG at 1,600 px, the largest
 * width the storefront serves (Chrono24 asks for high-quality photos; Google accepts JPEG of any size).
 */

/** The photo width the feeds link (storefront/urls.ts IMAGE_WIDTHS). */
const FEED_IMAGE_WIDTH = 1600;
/** Google reads up to 10 additional images. */
const GOOGLE_ADDITIONAL_IMAGES = 10;

const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 forbids, removed on purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Anything escapeXml would change (a surrogate here may still be half of a good pair: the slow path decides). */
// eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids, found on purpose
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as XML character data or an attribute's value. */
export function escapeXml(text: string): string {
  // Most values (numbers, names, materials) need nothing: one test instead of two replaces.
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);
}

const element = (name: string, text: string | number, attributes = ''): string =>
  `<${name}${attributes}>${escapeXml(String(text))}</${name}>`;

/** A price as the feeds write it: two decimals, no grouping ("9500.00"). */
function amount(price: string | number | null): string {
  return Number(price).toFixed(2);
}

interface FeedShop {
  shopName: string;
  slug: string;
  config: Pick<Config, 'mail'>;
}

/**
 * Item pages' paths, kept between fetches (at most ITEM_PATHS_KEPT): the storefront's itemPath transliterates the
 * title (about 0.1 ms an item), which made a 10,000-item feed spend over a second on addresses alone. Keyed by
 * everything the path is made of, so a changed title or address makes a new entry.
 */
const ITEM_PATHS_KEPT = 50_000;
const itemPaths = new Map<string, string>();

function itemPathOf(slug: string, offer: OfferRow): string {
  const title = offerTitle({ ...offer, stockNumber: offer.stockNumber ?? 0 });
  const key = `${slug}\u0000${offer.itemId}\u0000${title}`;
  let path = itemPaths.get(key);
  if (path === undefined) {
    path = itemPath(slug, offer.itemId, title);
    if (itemPaths.size >= ITEM_PATHS_KEPT) itemPaths.delete(itemPaths.keys().next().value as string);
    itemPaths.set(key, path);
  }
  return path;
}

const itemUrl = (shop: FeedShop, offer: OfferRow) =>
  `${shop.config.mail.publicUrl}${itemPathOf(shop.slug, offer)}`;
const imageUrl = (shop: FeedShop, imageId: number) =>
  `${shop.config.mail.publicUrl}${imagePath(shop.slug, imageId, FEED_IMAGE_WIDTH, 'jpg')}`;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * The Chrono24 import feed: one <listing> per watch, with the fields the listing import guide asks for
 * (https://update.chrono24.com/listing-import-guide; the import FAQ lists "reference number, model name,
 * manufacturer, year of manufacture, scope of delivery (original box and papers), case material, bracelet
 * material, dial color, winding mechanism, condition, description, handling time, and photos"), the price with
 * its currency, and the item's page. `id` is the dealer's own reference, stable across imports (Chrono24 matches
 * a listing to its earlier import by it): a listing missing from today's file is ended by the next import.
 */
function chrono24Listing(shop: FeedShop, o: OfferRow): string {
  const scope = [
    o.box ? 'Original box' : 'No original box',
    o.papers ? 'original papers' : 'no original papers',
  ];
  const parts = [
    element('id', o.itemId),
    o.stockNumber === null ? '' : element('stockNumber', o.stockNumber),
    element('manufacturer', o.brand),
    element('model', o.model),
    element('referenceNumber', o.referenceNumber),
    element('yearOfManufacture', o.year ?? ''),
    `<scopeOfDelivery box="${o.box ? 'yes' : 'no'}" papers="${o.papers ? 'yes' : 'no'}">${escapeXml(scope.join(', '))}</scopeOfDelivery>`,
    element('caseMaterial', o.caseMaterial),
    element('braceletMaterial', o.braceletMaterial),
    o.caseDiameterMm === null ? '' : element('caseDiameter', Number(o.caseDiameterMm), ' unit="mm"'),
    element('dialColor', o.dial),
    element('movement', MOVEMENT_LABELS[o.movement as Movement] ?? o.movement ?? ''),
    element(
      'condition',
      CONDITION_GRADE_LABELS[o.conditionGrade as ConditionGrade] ?? o.conditionGrade ?? '',
    ),
    element('description', o.publicDescription),
    element('handlingTime', o.handlingDays ?? '', ' unit="days"'),
    element('price', amount(o.price), ' currency="GBP"'),
    element('url', itemUrl(shop, o)),
    `<images>${o.imageIds.map((id) => element('image', imageUrl(shop, id))).join('')}</images>`,
  ];
  return `  <listing>\n    ${parts.filter(Boolean).join('\n    ')}\n  </listing>\n`;
}

/** What Google's product_type says of a stock type. */
const PRODUCT_TYPES: Record<string, string> = {
  Watches: 'Watches',
  Jewellery: 'Jewellery',
  Accessories: 'Accessories',
};

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * The Google Merchant Center product feed: RSS 2.0 with the g: namespace (product data specification,
 * https://support.google.com/merchants/answer/7052112): id, title (≤ 150), description (≤ 5,000), link,
 * image_link (+ additional_image_link), availability (in_stock: only items on the storefront are here), price
 * ("9500.00 GBP"), condition (new / used), brand, and the identifiers: mpn = the reference number, or
 * identifier_exists "no" for a piece without one (a vintage or handmade piece has no GTIN or MPN).
 */
function googleItem(shop: FeedShop, o: OfferRow): string {
  const [first, ...more] = o.imageIds;
  const parts = [
    element('g:id', o.itemId),
    element('g:title', feedTitle(o)),
    element('g:description', cut(o.publicDescription, GOOGLE_DESCRIPTION_MAX)),
    element('g:link', itemUrl(shop, o)),
    element('g:image_link', imageUrl(shop, first as number)),
    ...more
      .slice(0, GOOGLE_ADDITIONAL_IMAGES)
      .map((id) => element('g:additional_image_link', imageUrl(shop, id))),
    element('g:availability', 'in_stock'),
    element('g:price', `${amount(o.price)} GBP`),
    element('g:condition', googleCondition(o.conditionGrade) ?? 'used'),
    element('g:brand', o.brand),
    o.referenceNumber.trim() === ''
      ? element('g:identifier_exists', 'no')
      : element('g:mpn', o.referenceNumber.trim()),
    element('g:product_type', PRODUCT_TYPES[o.stockType] ?? o.stockType),
  ];
  return `    <item>\n      ${parts.join('\n      ')}\n    </item>\n`;
}

/** Items rendered between two turns of the event loop: a 10,000-item feed never holds the server up at once. */
const CHUNK = 250;

/**
 * A channel's whole document for these offers (each already passing feedProblems), built in chunks of CHUNK
 * items with the event loop let through between them, so other requests keep being answered meanwhile.
 */
export async function renderFeed(
  channel: FeedChannel,
  shop: FeedShop,
  offers: readonly OfferRow[],
  generatedAt: Date,
): Promise<string> {
  const parts: string[] = [
    XML_DECLARATION,
    channel === 'chrono24'
      ? `<listings dealer="${escapeXml(shop.shopName)}" generated="${generatedAt.toISOString()}" count="${offers.length}">\n`
      : '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n  <channel>\n' +
        `    ${element('title', shop.shopName)}\n` +
        `    ${element('link', `${storefrontBase(shop.config, shop.slug)}/`)}\n` +
        `    ${element('description', `${shop.shopName}: pieces for sale`)}\n`,
  ];
  const render = channel === 'chrono24' ? chrono24Listing : googleItem;
  for (let at = 0; at < offers.length; at += CHUNK) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (const offer of offers.slice(at, at + CHUNK)) parts.push(render(shop, offer));
  }
  parts.push(channel === 'chrono24' ? '</listings>\n' : '  </channel>\n</rss>\n');
  return parts.join('');
}

/** The feed's Content-Type. */
export const FEED_CONTENT_TYPES: Record<FeedChannel, string> = {
  chrono24: 'application/xml; charset=utf-8',
  google: 'application/rss+xml; charset=utf-8',
};
