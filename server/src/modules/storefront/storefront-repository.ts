import { WORKSHOP_CLOSED_STAGES, type ItemStatus } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/*
 * The storefront's data: its own tables (storefronts, storefront_listings) written here alone, and the public
 * reads through the published storefront_offers view (migration 038), which says once what "on the storefront
 * right now" means. Nothing is copied or cached: every page reads the view, so a sale, a reservation or a
 * workshop intake committed a moment ago is already out of it.
 */

/** One item on the storefront right now (a row of storefront_offers). Money as the database's text (GBP). */
export interface Offer {
  shopId: number;
  itemId: number;
  stockNumber: number;
  stockType: string;
  brand: string;
  model: string;
  referenceNumber: string;
  year: number | null;
  box: boolean | null;
  papers: boolean | null;
  caseMaterial: string;
  caseDiameterMm: string | null;
  dial: string;
  movement: string;
  conditionGrade: string;
  metal: string;
  fineness: string;
  weightGrams: string | null;
  hallmark: string;
  stones: string;
  publicDescription: string;
  braceletMaterial: string;
  handlingDays: number;
  priceOnRequest: boolean;
  /** What the public is asked, GBP (the promotion price while promoted), or null when the item has none. */
  price: string | null;
  promotedAt: Date | null;
  listedAt: Date;
  updatedAt: Date;
  imageIds: number[];
}

const OFFER_COLUMNS = `shop_id AS "shopId", item_id AS "itemId", stock_number AS "stockNumber",
  stock_type AS "stockType", brand, model, reference_number AS "referenceNumber", year, box, papers,
  case_material AS "caseMaterial", case_diameter_mm::text AS "caseDiameterMm", dial, movement,
  condition_grade AS "conditionGrade", metal, fineness::text AS fineness, weight_grams::text AS "weightGrams",
  hallmark, stones,
  public_description AS "publicDescription", bracelet_material AS "braceletMaterial",
  handling_days AS "handlingDays", price_on_request AS "priceOnRequest", price::text AS price,
  promoted_at AS "promotedAt", listed_at AS "listedAt", updated_at AS "updatedAt", image_ids AS "imageIds"`;

/** The listing's filters (each optional). */
export interface OfferFilters {
  stockType: string | null;
  brand: string | null;
  minPrice: string | null;
  maxPrice: string | null;
}

// The statement text names only the filters asked for (16 variants at most, each prepared once per connection,
// QueryOptions.prepare): a catch-all text with "$2 IS NULL OR …" gets a generic plan that sorts every offer of the
// shop instead of reading the listings' index in order and stopping after the page (issue 24's benchmark).
function filteredWhere(f: OfferFilters): { where: string; params: unknown[] } {
  const parts = ['shop_id = $1'];
  const params: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(params.length + 1));
  };
  if (f.stockType) add((n) => `stock_type = $${n}`, f.stockType);
  if (f.brand) add((n) => `lower(brand) = lower($${n})`, f.brand);
  if (f.minPrice) add((n) => `price >= $${n}::numeric`, f.minPrice);
  if (f.maxPrice) add((n) => `price <= $${n}::numeric`, f.maxPrice);
  return { where: parts.join(' AND '), params };
}

const OFFER_SQL = `SELECT ${OFFER_COLUMNS} FROM storefront_offers WHERE shop_id = $1 AND item_id = $2`;

/**
 * A storefront with the shop's details as its letterhead gives them (the documents module's published
 * shop_letterhead: the printed name and the tidied details every paper and e-mail of the shop carries).
 */
export interface StoreShop {
  shopId: number;
  slug: string;
  enabled: boolean;
  name: string;
  address: string;
  phone: string;
  email: string;
  companyNumber: string;
  vatNumber: string;
}

const SHOP_SQL = `SELECT s.shop_id AS "shopId", s.slug, s.enabled, l.name, l.address, l.phone, l.email,
    l.company_number AS "companyNumber", l.vat_number AS "vatNumber"
  FROM storefront_shops s
  JOIN shop_letterhead l ON l.shop_id = s.shop_id
  WHERE s.slug = $1`;

export interface StorefrontRow {
  shopId: number;
  slug: string;
  enabled: boolean;
}

export interface ListingRow {
  itemId: number;
  listed: boolean;
  publicDescription: string;
  braceletMaterial: string;
  handlingDays: number;
  priceOnRequest: boolean;
  listedAt: Date | null;
}

export interface ListingFields {
  listed: boolean;
  publicDescription: string;
  braceletMaterial: string;
  handlingDays: number;
  priceOnRequest: boolean;
}

/** What the staff API needs of a stock item to say whether and why it is (not) online. */
export interface ItemState {
  id: number;
  status: ItemStatus;
  brand: string;
  model: string;
  referenceNumber: string;
  stockType: string;
  stockNumber: number;
  inWorkshop: boolean;
  onOffer: boolean;
}

export interface PhotoOnOffer {
  imageId: number;
  storageKey: string;
  contentType: string;
}

export interface SitemapEntry {
  itemId: number;
  brand: string;
  model: string;
  referenceNumber: string;
  stockType: string;
  stockNumber: number;
  updatedAt: Date;
}

const LISTING_COLUMNS = `item_id AS "itemId", listed, public_description AS "publicDescription",
  bracelet_material AS "braceletMaterial", handling_days AS "handlingDays", price_on_request AS "priceOnRequest",
  listed_at AS "listedAt"`;

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** The attributes an item may not have (null in the stock record): '' here, as the pages test for ''. */
const TEXT_FIELDS = [
  'brand',
  'model',
  'referenceNumber',
  'caseMaterial',
  'dial',
  'movement',
  'conditionGrade',
  'metal',
  'fineness',
  'hallmark',
  'stones',
  'publicDescription',
  'braceletMaterial',
] as const;

function offerOf(row: Offer): Offer {
  const texts = Object.fromEntries(TEXT_FIELDS.map((key) => [key, row[key] ?? '']));
  return {
    ...row,
    ...texts,
    promotedAt: asDate(row.promotedAt),
    listedAt: asDate(row.listedAt) as Date,
    updatedAt: asDate(row.updatedAt) as Date,
    imageIds: (row.imageIds ?? []).map(Number),
  };
}

export class StorefrontRepository {
  constructor(private readonly db: Queryable) {}

  // ------------------------------------------------------------------ the shop's storefront

  async storefront(shopId: number): Promise<StorefrontRow | null> {
    const [row] = await this.db.query<StorefrontRow>(
      `SELECT shop_id AS "shopId", slug, enabled FROM storefronts WHERE shop_id = $1`,
      [shopId],
    );
    return row ?? null;
  }

  /** The shop that uses `slug`, if any. */
  async slugOwner(slug: string): Promise<number | null> {
    const [row] = await this.db.query<{ shopId: number }>(
      `SELECT shop_id AS "shopId" FROM storefronts WHERE slug = $1`,
      [slug],
    );
    return row?.shopId ?? null;
  }

  async saveStorefront(shopId: number, slug: string, enabled: boolean, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO storefronts (shop_id, slug, enabled, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (shop_id) DO UPDATE SET slug = EXCLUDED.slug, enabled = EXCLUDED.enabled,
                                           updated_at = EXCLUDED.updated_at`,
      [shopId, slug, enabled, at],
    );
  }

  // ------------------------------------------------------------------ an item's listing

  async listing(shopId: number, itemId: number): Promise<ListingRow | null> {
    const [row] = await this.db.query<ListingRow>(
      `SELECT ${LISTING_COLUMNS} FROM storefront_listings WHERE shop_id = $1 AND item_id = $2`,
      [shopId, itemId],
    );
    return row ? { ...row, listedAt: asDate(row.listedAt) } : null;
  }

  /** Writes the listing; listed_at moves to `at` when the item is switched on (it was off or never listed). */
  async saveListing(shopId: number, itemId: number, fields: ListingFields, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO storefront_listings AS l (item_id, shop_id, listed, public_description, bracelet_material,
                                            handling_days, price_on_request, listed_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $3 THEN $8::timestamptz END, $8)
       ON CONFLICT (item_id) DO UPDATE SET
         listed = EXCLUDED.listed, public_description = EXCLUDED.public_description,
         bracelet_material = EXCLUDED.bracelet_material, handling_days = EXCLUDED.handling_days,
         price_on_request = EXCLUDED.price_on_request,
         listed_at = CASE WHEN EXCLUDED.listed AND NOT l.listed THEN EXCLUDED.updated_at ELSE l.listed_at END,
         updated_at = EXCLUDED.updated_at`,
      [
        itemId,
        shopId,
        fields.listed,
        fields.publicDescription,
        fields.braceletMaterial,
        fields.handlingDays,
        fields.priceOnRequest,
        at,
      ],
    );
  }

  /** The stock item as the listing's answer needs it, or null when the shop has no such item. */
  async itemState(shopId: number, itemId: number): Promise<ItemState | null> {
    const [row] = await this.db.query<ItemState>(
      `SELECT i.id, i.status, i.brand, i.model, i.reference_number AS "referenceNumber",
              i.stock_type AS "stockType", i.stock_number AS "stockNumber",
              EXISTS (SELECT 1 FROM workshop_jobs j WHERE j.item_id = i.id AND NOT (j.stage = ANY ($3::text[])))
                AS "inWorkshop",
              EXISTS (SELECT 1 FROM storefront_offers o WHERE o.item_id = i.id) AS "onOffer"
         FROM stock_items i WHERE i.shop_id = $1 AND i.id = $2`,
      [shopId, itemId, [...WORKSHOP_CLOSED_STAGES]],
    );
    return row ?? null;
  }

  // ------------------------------------------------------------------ the public reads

  /** The storefront at `slug` with the shop's details, enabled or not; null when no shop uses it. */
  async shopBySlug(slug: string): Promise<StoreShop | null> {
    const [row] = await this.db.query<StoreShop>(SHOP_SQL, [slug], { prepare: true });
    return row ?? null;
  }

  /**
   * One page of the listing: promoted items first (most recently promoted first), then the rest, newest listed
   * first. `more` says whether another page follows. Promoted items are few (a shop window's worth): they are
   * read whole up to the page's end, then the rest from the listings' index, stopped after the page.
   */
  async offersPage(
    shopId: number,
    filters: OfferFilters,
    page: number,
    size: number,
  ): Promise<{ offers: Offer[]; more: boolean }> {
    const start = (page - 1) * size;
    const { where, params } = filteredWhere(filters);
    const n = params.length + 2;
    const promoted = (
      await this.db.query<Offer>(
        `SELECT ${OFFER_COLUMNS} FROM storefront_offers WHERE ${where} AND promoted_at IS NOT NULL
          ORDER BY promoted_at DESC, item_id DESC LIMIT $${n}`,
        [shopId, ...params, start + size + 1],
        { prepare: true },
      )
    ).map(offerOf);
    if (promoted.length > start + size) return { offers: promoted.slice(start, start + size), more: true };
    const shown = promoted.slice(start);
    const need = size - shown.length;
    const offset = Math.max(0, start - promoted.length);
    // Newest listed first: the scan of storefront_listings_shop_listed_idx in its own order, stopped after the page.
    const rest = (
      await this.db.query<Offer>(
        `SELECT ${OFFER_COLUMNS} FROM storefront_offers WHERE ${where} AND promoted_at IS NULL
          ORDER BY listed_at DESC, item_id DESC LIMIT $${n} OFFSET $${n + 1}`,
        [shopId, ...params, need + 1, offset],
        { prepare: true },
      )
    ).map(offerOf);
    return { offers: [...shown, ...rest.slice(0, need)], more: rest.length > need };
  }

  async offer(shopId: number, itemId: number): Promise<Offer | null> {
    const [row] = await this.db.query<Offer>(OFFER_SQL, [shopId, itemId], { prepare: true });
    return row ? offerOf(row) : null;
  }

  /** Whether the item was ever listed on this shop's storefront (a gone item's page says so: 410). */
  async everListed(shopId: number, itemId: number): Promise<boolean> {
    const [row] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM storefront_listings WHERE shop_id = $1 AND item_id = $2 AND listed_at IS NOT NULL`,
      [shopId, itemId],
    );
    return (row?.n ?? 0) > 0;
  }

  /** The brands on offer with how many items each, for the listing's filter. */
  async brands(shopId: number): Promise<Array<{ brand: string; n: number }>> {
    return this.db.query<{ brand: string; n: number }>(
      `SELECT brand, count(*)::int AS n FROM storefront_offers WHERE shop_id = $1 AND brand <> ''
        GROUP BY brand ORDER BY lower(brand)`,
      [shopId],
    );
  }

  /** Every item on offer, for the sitemap (at most `limit`, newest change first). */
  async sitemap(shopId: number, limit: number): Promise<SitemapEntry[]> {
    const rows = await this.db.query<SitemapEntry>(
      `SELECT item_id AS "itemId", brand, model, reference_number AS "referenceNumber", stock_type AS "stockType",
              stock_number AS "stockNumber", updated_at AS "updatedAt"
         FROM storefront_offers WHERE shop_id = $1 ORDER BY updated_at DESC, item_id DESC LIMIT $2`,
      [shopId, limit],
    );
    return rows.map((r) => ({ ...r, updatedAt: asDate(r.updatedAt) as Date }));
  }

  /** A photo of an item on offer on this shop's storefront right now; null for any other photo. */
  async photoOnOffer(shopId: number, imageId: number): Promise<PhotoOnOffer | null> {
    const [row] = await this.db.query<PhotoOnOffer>(
      `SELECT im.id AS "imageId", im.storage_key AS "storageKey", im.content_type AS "contentType"
         FROM stock_item_images im
         JOIN storefront_offers o ON o.item_id = im.item_id AND o.shop_id = im.shop_id
        WHERE im.id = $1 AND im.shop_id = $2`,
      [imageId, shopId],
      { prepare: true },
    );
    return row ?? null;
  }
}
