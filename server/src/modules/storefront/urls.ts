import { slugify } from 'transliteration';
import type { Config } from '../../config';

/*
 * The storefront's addresses (issue 24 item 1), written once: the pages, the feeds, the enquiry answers and the
 * app's "view online" link all build them here.
 *
 *   /store/{slug}/                                  the listing (filters and paging as a GET query)
 *   /store/{slug}/items/{id}-{title}                one item (the title part is for people and search engines;
 *                                                   only the id counts, and another title redirects to this one)
 *   /store/{slug}/images/{imageId}/{width}          a photo, in the best format the Accept header allows
 *   /store/{slug}/images/{imageId}/{width}.{fmt}    a photo in one format (the feeds' JPEGs)
 *   /store/{slug}/sitemap.xml, /store/{slug}/robots.txt
 *   /store/assets/store.{hash}.css                  the one style sheet (kernel/public-page.ts)
 *
 * Absolute URLs (canonical, Open Graph, JSON-LD, sitemap, feeds) start at PUBLIC_URL (config.mail.publicUrl).
 */

/** The widths a photo is served at (px); anything else is a 404, so the renditions' cache stays bounded. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Where every storefront lives under the server's root. */
export const STORE_PREFIX = '/store';

/** The storefront's path: `/store/{slug}` (no trailing slash; its listing is this plus `/`). */
export function storePath(slug: string): string {
  return `${STORE_PREFIX}/${encodeURIComponent(slug)}`;
}

/** The storefront's absolute address: PUBLIC_URL + `/store/` + slug (no trailing slash). */
export function storefrontBase(config: Pick<Config, 'mail'>, slug: string): string {
  return `${config.mail.publicUrl}${storePath(slug)}`;
}

/** An item's title as its address shows it: "rolex-submariner-date-126610ln" (ASCII, at most 80 characters). */
export function titleSlug(title: string): string {
  // Plain ASCII (nearly every title) needs no transliteration, which costs tens of microseconds a call: a listing
  // page makes 24 addresses.
  const ascii = /^[\x20-\x7e]*$/.test(title);
  const slug = (
    ascii
      ? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
      : slugify(title, { lowercase: true, separator: '-', trim: true })
  )
    .replace(/[^a-z0-9-]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
    .replace(/-$/, '');
  return slug || 'item';
}

/** An item page's path: `/store/{slug}/items/{id}-{title-slug}`. */
export function itemPath(slug: string, itemId: number, title: string): string {
  return `${storePath(slug)}/items/${itemId}-${titleSlug(title)}`;
}

/** A photo's path at one width; with `format`, that format, otherwise the best the browser accepts. */
export function imagePath(slug: string, imageId: number, width: ImageWidth, format?: ImageFormat): string {
  return `${storePath(slug)}/images/${imageId}/${width}${format ? `.${format}` : ''}`;
}

export const sitemapPath = (slug: string) => `${storePath(slug)}/sitemap.xml`;
export const robotsPath = (slug: string) => `${storePath(slug)}/robots.txt`;
