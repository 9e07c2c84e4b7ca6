/*
 * THE STOREFRONT'S PUBLIC PAGES (issue 24 item 1), registered by the public site (src/public-site.ts) under
 * /store; no session, no cookie, no script.
 *
 *   GET /store/{slug}                              → 301 to /store/{slug}/
 *   GET /store/{slug}/?type&brand&min&max&page     → the listing: promoted items first (latest promoted first),
 *       then the newest listed; 24 a page; the filters as a GET form whose values every link keeps.
 *   GET /store/{slug}/items/{id}-{title}           → the item page (photos, price or "Price on request", the
 *       attributes, the public description, the enquiry form, JSON-LD Product/Offer, Open Graph, canonical);
 *       another title → 301 to the canonical address; 410 when the item was on the storefront and is no longer
 *       (sold, reserved, checked out, unavailable, in the workshop, unlisted); 404 when it never was.
 *   GET /store/{slug}/images/{imageId}/{width}[.avif|.webp|.jpg] → a photo (images.ts), only while its item is
 *       on the storefront (404 otherwise); ETag and 304; Vary: Accept when the format was negotiated.
 *   GET /store/{slug}/sitemap.xml, GET /store/{slug}/robots.txt
 *   An unknown slug or a closed storefront → the 404 page, for every address above.
 *
 * FRESHNESS: kept in the server between requests are the encoded photos (keyed by the photo's version, and
 * served only after the database says its item is on offer right now), the brand filter's list (10 s; a brand
 * with nothing left simply finds nothing) and the rendered listing and item pages for STOREFRONT_PAGE_CACHE_MS
 * (500 ms by default, page-cache.ts; 0 turns it off). Every other answer (sitemap, photos' check, gone pages)
 * reads the published storefront_offers view afresh, so an item is gone from the next request after the sale's
 * (or reservation's, check-out's, workshop intake's, unlisting's) transaction commits, and from the pages within
 * the page cache's half second. Pages say
 * `Cache-Control: public, max-age=0, must-revalidate`: a browser or proxy asks again every time.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STOCK_TYPES } from '@loupe/contracts';
import { fileKeyFor } from '../../config';
import { enquiryFormHtml } from '../enquiries';
import type { StorefrontContext } from './deps';
import { encodeRendition, formatFor, mediaType, readOriginal, RenditionCache, renditionEtag } from './images';
import { goneItemPage, itemPage, listingPage, PAGE_SIZE, robotsTxt, sitemapXml } from './pages';
import type { OfferFilters, StoreShop } from './storefront-repository';
import { PageCache } from './page-cache';
import { offerTitle } from './titles';
import {
  IMAGE_FORMATS,
  IMAGE_WIDTHS,
  itemPath,
  sitemapPath,
  storePath,
  titleSlug,
  type ImageFormat,
  type ImageWidth,
} from './urls';

/** Every page and feed is asked for again each time: an item sold a moment ago must not be shown from a cache. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The encoded photos kept in memory (bytes). */
export const RENDITION_BUDGET_BYTES = 64 * 1024 * 1024;
/** The sitemap protocol's limit of addresses in one file. */
const SITEMAP_MAX = 50_000;
const BRANDS_TTL_MS = 10_000;

const PRICE = /^\d{1,9}(?:\.\d{1,2})?$/;

function one(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/** The listing's filters from its query; a value that cannot be read is left out rather than refused. */
export function filtersFrom(query: Record<string, unknown>): OfferFilters {
  const type = one(query.type);
  const brand = one(query.brand).slice(0, 60);
  const price = (raw: string) => {
    const text = raw.replace(/[£,\s]/g, '');
    return PRICE.test(text) ? text : null;
  };
  return {
    stockType: (STOCK_TYPES as readonly string[]).includes(type) ? type : null,
    brand: brand || null,
    minPrice: price(one(query.min)),
    maxPrice: price(one(query.max)),
  };
}

function pageFrom(query: Record<string, unknown>): number | null {
  const raw = one(query.page);
  if (raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) return null;
  return Number(raw);
}

const NOT_FOUND_PAGE = (reply: FastifyReply) => reply.callNotFound();

/** A page to send, or what to answer instead (the 404 page, a redirect). */
type Rendered = { status: number; body: string } | ((reply: FastifyReply) => unknown);
const NOT_FOUND: Rendered = NOT_FOUND_PAGE;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('cache-control', status === 200 ? PAGE_CACHE_CONTROL : 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

const etagMatches = (header: string | string[] | undefined, etag: string) =>
  String(header ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');

const storefrontPages: FastifyPluginAsyncTypebox<{ ctx: StorefrontContext }> = async (fastify, { ctx }) => {
  const { storefront } = ctx.repos;
  const publicUrl = ctx.config.mail.publicUrl;
  const renditions = new RenditionCache(RENDITION_BUDGET_BYTES);
  const fileKey = ctx.config.fileKey ? fileKeyFor(ctx.config.fileKey) : null;
  const brandLists = new Map<number, { until: number; brands: Array<{ brand: string; n: number }> }>();
  ctx.memory.register('storefront photos and brand lists', {
    forget: () => {
      renditions.forget();
      brandLists.clear();
    },
  });

  const brands = async (shopId: number) => {
    const now = Date.now();
    const kept = brandLists.get(shopId);
    if (kept && kept.until > now) return kept.brands;
    const list = await storefront.brands(shopId);
    brandLists.set(shopId, { until: now + BRANDS_TTL_MS, brands: list });
    return list;
  };

  /** The open storefront at `slug`, or null (unknown or closed: both a 404). */
  const openShop = async (slug: string): Promise<StoreShop | null> => {
    const shop = await storefront.shopBySlug(slug);
    return shop && shop.enabled ? shop : null;
  };

  const route = { schema: { hide: true } } as const;

  // The page cache (STOREFRONT_PAGE_CACHE_MS, page-cache.ts): a listing or item page rendered within the last
  // half second is served again from memory, and the requests that arrive while it renders wait for that one
  // rendering. Only the page itself (200) is kept; refusals, redirects and gone pages are rendered each time.
  const pages = new PageCache<Rendered>(
    ctx.config.storefrontPageCacheMs,
    (result) => typeof result !== 'function' && result.status === 200,
  );
  ctx.memory.register('storefront pages', { forget: () => pages.forget() });
  const serve = async (reply: FastifyReply, key: string, render: () => Promise<Rendered>) => {
    const result = await pages.get(key, render);
    return typeof result === 'function' ? result(reply) : html(reply, result.status, result.body);
  };

  fastify.get<{ Params: { slug: string } }>('/:slug', route, async (request, reply) => {
    const shop = await openShop(request.params.slug);
    if (!shop) return NOT_FOUND_PAGE(reply);
    return reply.redirect(`${storePath(shop.slug)}/`, 301);
  });

  fastify.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>(
    '/:slug/',
    route,
    async (request, reply) =>
      serve(reply, request.url, async () => {
        const shop = await openShop(request.params.slug);
        if (!shop) return NOT_FOUND;
        const page = pageFrom(request.query);
        if (page === null) return NOT_FOUND;
        const filters = filtersFrom(request.query);
        const [{ offers, more }, brandList] = await Promise.all([
          storefront.offersPage(shop.shopId, filters, page, PAGE_SIZE),
          brands(shop.shopId),
        ]);
        if (page > 1 && offers.length === 0) return NOT_FOUND;
        return {
          status: 200,
          body: listingPage({ shop, filters, brands: brandList, page, offers, more, publicUrl }),
        };
      }),
  );

  fastify.get<{ Params: { slug: string; itemId: string } }>(
    '/:slug/items/:itemId',
    route,
    async (request, reply) => {
      const match = /^(\d{1,9})(?:-([a-z0-9-]{0,100}))?$/.exec(request.params.itemId);
      if (!match) return NOT_FOUND_PAGE(reply);
      return serve(reply, request.url, async () => {
        const shop = await openShop(request.params.slug);
        if (!shop) return NOT_FOUND;
        const itemId = Number(match[1]);
        const offer = await storefront.offer(shop.shopId, itemId);
        if (!offer) {
          if (await storefront.everListed(shop.shopId, itemId))
            return { status: 410, body: goneItemPage(shop) };
          return NOT_FOUND;
        }
        const title = offerTitle(offer);
        if (match[2] !== titleSlug(title)) {
          const to = itemPath(shop.slug, itemId, title);
          return (r: FastifyReply) => r.redirect(to, 301);
        }
        // The enquiry form (issue 24 item 2, modules/enquiries): it posts to …/items/{id}/enquiry. Its time trap
        // is signed at rendering; a page served from the page cache is at most storefrontPageCacheMs older.
        const enquiryForm = enquiryFormHtml({
          config: ctx.config,
          slug: shop.slug,
          itemId,
          shopName: shop.name,
          now: ctx.now(),
        });
        return { status: 200, body: itemPage({ shop, offer, publicUrl, enquiryForm }) };
      });
    },
  );

  fastify.get<{ Params: { slug: string; imageId: string; file: string } }>(
    '/:slug/images/:imageId/:file',
    route,
    async (request, reply) => {
      const match = /^(\d{1,4})(?:\.(avif|webp|jpg))?$/.exec(request.params.file);
      if (!match || !/^\d{1,9}$/.test(request.params.imageId) || !fileKey) return NOT_FOUND_PAGE(reply);
      const width = Number(match[1]) as ImageWidth;
      if (!IMAGE_WIDTHS.includes(width)) return NOT_FOUND_PAGE(reply);
      const shop = await openShop(request.params.slug);
      if (!shop) return NOT_FOUND_PAGE(reply);
      const photo = await storefront.photoOnOffer(shop.shopId, Number(request.params.imageId));
      if (!photo) return NOT_FOUND_PAGE(reply);
      const negotiated = match[2] === undefined;
      const format: ImageFormat = negotiated ? formatFor(request.headers.accept) : (match[2] as ImageFormat);
      if (!IMAGE_FORMATS.includes(format)) return NOT_FOUND_PAGE(reply);
      const etag = renditionEtag(photo.imageId, width, format, photo.storageKey);
      reply
        .header('etag', etag)
        .header('cache-control', PAGE_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff');
      if (negotiated) reply.header('vary', 'Accept');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const bytes = await renditions.get(`${photo.storageKey}:${width}:${format}`, async () => {
        const original = await readOriginal(ctx.db, fileKey, photo.storageKey);
        if (!original) throw Object.assign(new Error('photo file missing'), { statusCode: 404 });
        return encodeRendition(original, width, format);
      });
      return reply.type(mediaType(format)).send(bytes);
    },
  );

  fastify.get<{ Params: { slug: string } }>('/:slug/sitemap.xml', route, async (request, reply) => {
    const shop = await openShop(request.params.slug);
    if (!shop) return NOT_FOUND_PAGE(reply);
    const entries = await storefront.sitemap(shop.shopId, SITEMAP_MAX - 1);
    const items = entries.map((e) => ({
      url: `${publicUrl}${itemPath(shop.slug, e.itemId, offerTitle(e))}`,
      updatedAt: e.updatedAt,
    }));
    return reply
      .header('cache-control', PAGE_CACHE_CONTROL)
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(`${publicUrl}${storePath(shop.slug)}/`, items));
  });

  fastify.get<{ Params: { slug: string } }>('/:slug/robots.txt', route, async (request, reply) => {
    const shop = await openShop(request.params.slug);
    if (!shop) return NOT_FOUND_PAGE(reply);
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(shop.slug, `${publicUrl}${sitemapPath(shop.slug)}`));
  });
};

export default storefrontPages;
