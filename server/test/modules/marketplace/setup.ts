import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { apiTestbed, type Browser } from '../../helper';
import { itemBody } from '../inventory/setup';

/*
 * The marketplace's testbed: the API and the public site (the feeds at /store/…), a shop whose storefront is
 * on at /store/hart-sons, and helpers that list items online with everything Chrono24 and
 * Google ask for, through the storefront's own API.
 */
export const SLUG = 'hart-sons';
export const PUBLIC_URL = 'https://shop.example.com';

export function marketplaceTestbed() {
  const testbed = apiTestbed({ clock: true, env: { PUBLIC_URL } });

  /** The shop's storefront (the other shop's when told), on unless told: through the storefront's API. */
  async function storefront(slug = SLUG, enabled = true, shop: 'own' | 'other' = 'own') {
    const owner = await testbed.as(shop === 'own' ? 'platinum' : 'rival');
    const response = await owner.put('/api/storefront/settings/', { slug, enabled });
    if (response.statusCode !== 200) throw new Error(`storefront ${slug}: ${response.body}`);
  }

  /** A complete watch (every Chrono24 field), in stock; `over` replaces item fields. */
  async function watch(browser: Browser, serial: string, over: Record<string, unknown> = {}) {
    const response = await browser.post(
      '/api/items/',
      itemBody({
        serial,
        referenceNumber: '126610LN',
        year: 2021,
        box: true,
        papers: true,
        caseMaterial: 'Oystersteel',
        caseDiameterMm: 41,
        dial: 'Black',
        movement: 'automatic',
        conditionGrade: 'excellent',
        retailPrice: '12500.00',
        ...over,
      }),
    );
    if (response.statusCode !== 201) throw new Error(`item ${serial}: ${response.body}`);
    return (response.json() as { id: number }).id;
  }

  /** Lists an item online with a public description, a bracelet and handling time (`over` replaces them). */
  async function list(itemId: number, over: Record<string, unknown> = {}) {
    const owner = await testbed.as('platinum');
    const response = await owner.put(`/api/storefront/items/${itemId}/listing/`, {
      listed: true,
      publicDescription: 'Full set, serviced 2025.',
      braceletMaterial: 'Oystersteel',
      handlingDays: 2,
      priceOnRequest: false,
      ...over,
    });
    if (response.statusCode !== 200) throw new Error(`listing of ${itemId}: ${response.body}`);
  }

  /** A photo of the item through the images API. */
  async function photo(browser: Browser, itemId: number) {
    const boundary = '----loupe-marketplace-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await browser.post(`/api/items/${itemId}/images/`, body, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (response.statusCode !== 201) throw new Error(`photo of ${itemId}: ${response.body}`);
  }

  /** A watch in stock, listed, with a photo: in both feeds. */
  async function feedWatch(browser: Browser, serial: string, over: Record<string, unknown> = {}) {
    const id = await watch(browser, serial, over);
    await photo(browser, id);
    await list(id);
    return id;
  }

  /** The channel's feed URL as staff see it, path only. */
  async function feedPath(browser: Browser, channel: 'chrono24' | 'google') {
    const response = await browser.get('/api/marketplace/channels/');
    if (response.statusCode !== 200) throw new Error(`channels: ${response.body}`);
    const row = (
      response.json() as { results: Array<{ channel: string; feedUrl: string | null }> }
    ).results.find((c) => c.channel === channel);
    if (!row?.feedUrl) throw new Error(`no feed URL for ${channel}`);
    return row.feedUrl.slice(PUBLIC_URL.length);
  }

  return { ...testbed, storefront, watch, list, photo, feedWatch, feedPath };
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

/** Parses a feed, after checking it is well-formed XML; arrays where a feed repeats an element. */
export function parseFeed(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    isArray: (name) => ['listing', 'item', 'image', 'g:additional_image_link'].includes(name),
  }).parse(xml) as Record<string, unknown>;
}
