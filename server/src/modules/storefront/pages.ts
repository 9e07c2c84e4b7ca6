import {
  CONDITION_GRADE_LABELS,
  MOVEMENT_LABELS,
  STOCK_TYPES,
  type ConditionGrade,
  type Movement,
} from '@loupe/contracts';
import { escapeHtml, jsonForScript, publicPage } from '../../kernel/public-page';
import type { Offer, OfferFilters, StoreShop } from './storefront-repository';
import { offerTitle } from './titles';
import { IMAGE_WIDTHS, imagePath, itemPath, storePath, type ImageWidth } from './urls';

/*
 * The storefront's HTML (issue 24 item 1): the listing and the item page, server-rendered, no script. Every
 * text from the database is escaped here (escapeHtml; JSON-LD through jsonForScript, so no description can end
 * its block). Photos are square renditions (images.ts) at fixed widths, so each <img> carries its width and
 * height and the page does not move as they load; those below the fold load lazily.
 */

/** The listing's page size: four rows of a laptop's grid, six of a phone's column. */
export const PAGE_SIZE = 24;

/** How a price reads: "£12,500" or "£12,499.50". */
const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function priceText(price: string): string {
  const value = Number(price);
  // One formatter each, made once: toLocaleString builds a new one per call.
  return `£${(Number.isInteger(value) ? WHOLE : PENCE).format(value)}`;
}

const showsPrice = (offer: Offer): offer is Offer & { price: string } =>
  !offer.priceOnRequest && offer.price !== null;

const priceHtml = (offer: Offer) =>
  showsPrice(offer) ? escapeHtml(priceText(offer.price)) : 'Price on request';

/** The shop's details under every page: the name, address and contacts from Shop Settings. */
export function shopFooter(shop: StoreShop): string {
  // A company's website shows its registered name, number and office (The Company, Limited Liability Partnership
  // and Business (Names and Trading Disclosures) Regulations 2015, SI 2015/17, regs 24-25) and, if registered,
  // its VAT number: printed here whenever Shop Settings hold them.
  const lines = [
    `<p><strong>${escapeHtml(shop.name)}</strong></p>`,
    shop.address ? `<address>${escapeHtml(shop.address).replace(/\n/g, '<br>')}</address>` : '',
    shop.phone
      ? `<p>Phone: <a href="tel:${escapeHtml(shop.phone.replace(/[^\d+]/g, ''))}">${escapeHtml(shop.phone)}</a></p>`
      : '',
    shop.email
      ? `<p>E-mail: <a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a></p>`
      : '',
    shop.companyNumber ? `<p class="muted">Company number ${escapeHtml(shop.companyNumber)}</p>` : '',
    shop.vatNumber ? `<p class="muted">VAT number ${escapeHtml(shop.vatNumber)}</p>` : '',
  ];
  return lines.filter(Boolean).join('\n');
}

/** A photo as <img> with its renditions: `sizes` says how wide it shows; lazy unless it is above the fold. */
function photo(
  slug: string,
  imageId: number,
  alt: string,
  sizes: string,
  eager: boolean,
  largest: ImageWidth = 1600,
): string {
  const widths = IMAGE_WIDTHS.filter((w) => w <= largest);
  const srcset = widths.map((w) => `${imagePath(slug, imageId, w)} ${w}w`).join(', ');
  const src = imagePath(slug, imageId, 640);
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"';
  return `<img src="${src}" srcset="${srcset}" sizes="${sizes}" width="640" height="640" alt="${escapeHtml(alt)}"${loading}>`;
}

/** The listing's query string with `changes` applied (empty values dropped), for links that keep the filters. */
export function listingQuery(filters: OfferFilters, page: number): string {
  const params = new URLSearchParams();
  if (filters.stockType) params.set('type', filters.stockType);
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.minPrice) params.set('min', filters.minPrice);
  if (filters.maxPrice) params.set('max', filters.maxPrice);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const filtered = (f: OfferFilters) => Boolean(f.stockType || f.brand || f.minPrice || f.maxPrice);

const TYPE_LABELS: Record<string, string> = {
  Watches: 'Watches',
  Jewellery: 'Jewellery',
  Accessories: 'Accessories',
};

function filtersForm(
  filters: OfferFilters,
  brands: Array<{ brand: string; n: number }>,
  base: string,
): string {
  const option = (value: string, label: string, chosen: string | null) =>
    `<option value="${escapeHtml(value)}"${chosen === value ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  const brandKnown =
    !filters.brand || brands.some((b) => b.brand.toLowerCase() === filters.brand!.toLowerCase());
  const brandOptions = [
    option('', 'All brands', filters.brand ?? ''),
    ...brands.map((b) =>
      option(
        b.brand,
        `${b.brand} (${b.n})`,
        filters.brand && b.brand.toLowerCase() === filters.brand.toLowerCase() ? b.brand : null,
      ),
    ),
    ...(brandKnown ? [] : [option(filters.brand!, filters.brand!, filters.brand)]),
  ];
  return `<form class="filters" method="get" action="${base}/" aria-label="Filter the items">
<div class="fields">
<div><label for="f-type">Type</label><select id="f-type" name="type">${[
    option('', 'All types', filters.stockType ?? ''),
    ...STOCK_TYPES.map((t) => option(t, TYPE_LABELS[t] ?? t, filters.stockType)),
  ].join('')}</select></div>
<div><label for="f-brand">Brand</label><select id="f-brand" name="brand">${brandOptions.join('')}</select></div>
<div><label for="f-min">Minimum price (£)</label><input id="f-min" name="min" inputmode="decimal" autocomplete="off" value="${escapeHtml(filters.minPrice ?? '')}"></div>
<div><label for="f-max">Maximum price (£)</label><input id="f-max" name="max" inputmode="decimal" autocomplete="off" value="${escapeHtml(filters.maxPrice ?? '')}"></div>
<div><button type="submit">Show items</button>${filtered(filters) ? ` <a class="button secondary" href="${base}/">Clear</a>` : ''}</div>
</div>
</form>`;
}

function card(slug: string, offer: Offer, index: number): string {
  const title = offerTitle(offer);
  const image = offer.imageIds[0];
  // The first row (up to four on a laptop, one on a phone) is above the fold: only its first photo loads at once.
  const picture =
    image === undefined
      ? '<span class="ph" role="img" aria-label="No photo yet"></span>'
      : photo(
          slug,
          image,
          title,
          '(min-width: 72rem) 17rem, (min-width: 31rem) 45vw, 92vw',
          index === 0,
          1024,
        );
  const badge = offer.promotedAt ? '<span class="tag">Featured</span> ' : '';
  const facts = [offer.year ? String(offer.year) : '', offer.box && offer.papers ? 'Box and papers' : '']
    .filter(Boolean)
    .join(' · ');
  return `<li class="card"><a href="${escapeHtml(itemPath(slug, offer.itemId, title))}">${picture}<div class="txt">
<h2>${escapeHtml(title)}</h2>
<p class="price">${badge}${priceHtml(offer)}</p>${facts ? `\n<p class="muted">${escapeHtml(facts)}</p>` : ''}
</div></a></li>`;
}

export interface ListingPageInput {
  shop: StoreShop;
  filters: OfferFilters;
  brands: Array<{ brand: string; n: number }>;
  page: number;
  offers: Offer[];
  more: boolean;
  /** PUBLIC_URL (canonical addresses). */
  publicUrl: string;
}

export function listingPage(input: ListingPageInput): string {
  const { shop, filters, page, offers, more, publicUrl } = input;
  const base = storePath(shop.slug);
  const heading = filters.stockType
    ? `${TYPE_LABELS[filters.stockType] ?? filters.stockType} for sale`
    : 'For sale';
  const title = `${heading}${filters.brand ? `: ${filters.brand}` : ''}${page > 1 ? ` (page ${page})` : ''}`;
  const list =
    offers.length === 0
      ? `<p>No items match these filters.${filtered(filters) ? ` <a href="${base}/">Show every item</a>.` : ''}</p>`
      : `<ul class="grid">\n${offers.map((o, i) => card(shop.slug, o, i)).join('\n')}\n</ul>`;
  const pager =
    page > 1 || more
      ? `<nav class="pager" aria-label="Pages">${
          page > 1
            ? `<a class="button secondary" rel="prev" href="${base}/${escapeHtml(listingQuery(filters, page - 1))}">Previous page</a>`
            : '<span></span>'
        }${more ? `<a class="button secondary" rel="next" href="${base}/${escapeHtml(listingQuery(filters, page + 1))}">Next page</a>` : ''}</nav>`
      : '';
  const canonical = `${publicUrl}${base}/${page > 1 ? `?page=${page}` : ''}`;
  const description = `Watches and jewellery for sale at ${shop.name}: photos, prices and details of every piece.`;
  const head = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    // A filtered list repeats the whole one: followed, not indexed.
    filtered(filters) ? '<meta name="robots" content="noindex, follow">' : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${escapeHtml(`${title} | ${shop.name}`)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(shop.name)}">`,
  ]
    .filter(Boolean)
    .map((line) => `${line}\n`)
    .join('');
  return publicPage({
    title,
    shopName: shop.name,
    storeBase: base,
    canonical,
    head,
    footer: shopFooter(shop),
    body: `<h1>${escapeHtml(title)}</h1>
${filtersForm(filters, input.brands, base)}
${list}
${pager}`,
  });
}

/** The attributes worth showing, in the order a buyer reads them. */
function attributes(offer: Offer): Array<[string, string]> {
  const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'Yes' : 'No');
  const rows: Array<[string, string]> = [
    ['Brand', offer.brand],
    ['Model', offer.model],
    ['Reference', offer.referenceNumber],
    ['Year', offer.year ? String(offer.year) : ''],
    ['Box', yesNo(offer.box)],
    ['Papers', yesNo(offer.papers)],
    ['Case material', offer.caseMaterial],
    ['Case diameter', offer.caseDiameterMm ? `${Number(offer.caseDiameterMm)} mm` : ''],
    ['Bracelet', offer.braceletMaterial],
    ['Dial', offer.dial],
    ['Movement', MOVEMENT_LABELS[offer.movement as Movement] ?? offer.movement],
    ['Condition', CONDITION_GRADE_LABELS[offer.conditionGrade as ConditionGrade] ?? offer.conditionGrade],
    ['Metal', offer.metal],
    ['Fineness', offer.fineness],
    ['Weight', offer.weightGrams ? `${Number(offer.weightGrams)} g` : ''],
    ['Hallmark', offer.hallmark],
    ['Stones', offer.stones],
    ['Dispatch', `Within ${offer.handlingDays} working day${offer.handlingDays === 1 ? '' : 's'} of payment`],
    ['Stock number', String(offer.stockNumber)],
  ];
  return rows.filter(([, value]) => value !== '');
}

/** The item as schema.org sees it (https://schema.org/Product, https://schema.org/Offer). */
export function productJsonLd(shop: StoreShop, offer: Offer, url: string, images: string[]): object {
  const condition =
    offer.conditionGrade === ''
      ? undefined
      : offer.conditionGrade === 'unworn'
        ? 'https://schema.org/NewCondition'
        : 'https://schema.org/UsedCondition';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offerTitle(offer),
    ...(offer.publicDescription ? { description: offer.publicDescription } : {}),
    sku: String(offer.stockNumber),
    ...(offer.brand ? { brand: { '@type': 'Brand', name: offer.brand } } : {}),
    ...(offer.model ? { model: offer.model } : {}),
    ...(offer.referenceNumber ? { mpn: offer.referenceNumber } : {}),
    ...(images.length ? { image: images } : {}),
    ...(showsPrice(offer)
      ? {
          offers: {
            '@type': 'Offer',
            url,
            price: Number(offer.price).toFixed(2),
            priceCurrency: 'GBP',
            availability: 'https://schema.org/InStock',
            ...(condition ? { itemCondition: condition } : {}),
            seller: { '@type': 'Organization', name: shop.name },
          },
        }
      : {}),
  };
}

export interface ItemPageInput {
  shop: StoreShop;
  offer: Offer;
  publicUrl: string;
  /** The enquiry form's HTML (modules/enquiries), or '' while it is not there. */
  enquiryForm: string;
}

export function itemPage({ shop, offer, publicUrl, enquiryForm }: ItemPageInput): string {
  const slug = shop.slug;
  const title = offerTitle(offer);
  const url = `${publicUrl}${itemPath(slug, offer.itemId, title)}`;
  const [first, ...others] = offer.imageIds;
  const gallery =
    first === undefined
      ? '<span class="ph" role="img" aria-label="No photo yet"></span>'
      : `${photo(slug, first, title, '(min-width: 56rem) 40rem, 92vw', true)}${
          others.length
            ? `\n<div class="thumbs">${others
                .map((id, i) =>
                  photo(slug, id, `${title}, photo ${i + 2}`, '(min-width: 56rem) 8rem, 30vw', false, 640),
                )
                .join('')}</div>`
            : ''
        }`;
  const ogImages = offer.imageIds.map((id) => `${publicUrl}${imagePath(slug, id, 1024, 'jpg')}`);
  const summary = offer.publicDescription || `${title} at ${shop.name}.`;
  const description = summary.length > 155 ? `${summary.slice(0, 152).trimEnd()}…` : summary;
  const head = [
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<meta property="og:type" content="product">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${escapeHtml(shop.name)}">`,
    ...(ogImages[0]
      ? [
          `<meta property="og:image" content="${escapeHtml(ogImages[0])}">`,
          '<meta property="og:image:width" content="1024">',
          '<meta property="og:image:height" content="1024">',
        ]
      : []),
    ...(showsPrice(offer)
      ? [
          `<meta property="product:price:amount" content="${Number(offer.price).toFixed(2)}">`,
          '<meta property="product:price:currency" content="GBP">',
        ]
      : []),
    `<script type="application/ld+json">${jsonForScript(productJsonLd(shop, offer, url, ogImages))}</script>`,
    '',
  ].join('\n');
  const attrs = attributes(offer)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  return publicPage({
    title,
    shopName: shop.name,
    storeBase: storePath(slug),
    canonical: url,
    head,
    footer: shopFooter(shop),
    body: `<p><a href="${storePath(slug)}/">All items</a></p>
<article class="item">
<div class="gallery">${gallery}</div>
<div>
<h1>${escapeHtml(title)}</h1>
<p class="price">${offer.promotedAt ? '<span class="tag">Featured</span> ' : ''}${priceHtml(offer)}</p>
${offer.publicDescription ? `<p class="desc">${escapeHtml(offer.publicDescription)}</p>\n` : ''}<h2>Details</h2>
<dl class="attrs">
${attrs}
</dl>
</div>
</article>
${enquiryForm}`,
  });
}

/** The page of an item that was on the storefront and is no longer (410). */
export function goneItemPage(shop: StoreShop): string {
  const base = storePath(shop.slug);
  return publicPage({
    title: 'No longer available',
    shopName: shop.name,
    storeBase: base,
    noindex: true,
    footer: shopFooter(shop),
    body: `<h1>No longer available</h1>
<p>This item has been sold or is no longer offered.</p>
<p><a class="button" href="${base}/">See what is for sale</a></p>`,
  });
}

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** The sitemap (https://www.sitemaps.org/protocol.html): the listing and every item on offer. */
export function sitemapXml(listingUrl: string, items: Array<{ url: string; updatedAt: Date }>): string {
  const entry = (loc: string, lastmod?: Date) =>
    `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[entry(listingUrl), ...items.map((i) => entry(i.url, i.updatedAt))].join('\n')}
</urlset>
`;
}

/** robots.txt for one storefront: everything but the enquiry posts, and where the sitemap is. */
export function robotsTxt(slug: string, sitemapUrl: string): string {
  const base = storePath(slug);
  return `User-agent: *
Allow: ${base}/
Disallow: ${base}/items/*/enquiry
Sitemap: ${sitemapUrl}
`;
}
