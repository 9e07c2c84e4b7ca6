import type { ItemListing } from '@loupe/contracts';
import sharp from 'sharp';
import { apiTestbed, type Browser, type TestbedOptions } from '../../helper';
import { itemBody } from '../inventory/setup';

// What the storefront's tests share: the demo shop's storefront at /store/loupe-test/, items added and listed
// through the staff API as a manager does, and the public pages read as an anonymous visitor (no cookie).

export const SLUG = 'loupe-test';
export const STORE = `/store/${SLUG}`;
export const SETTINGS = '/api/storefront/settings/';
export const listingUrl = (id: number) => `/api/storefront/items/${id}/listing/`;
export const ITEMS = '/api/items/';

export function storefrontTestbed(options: Omit<TestbedOptions, 'clock'> = {}) {
  const testbed = apiTestbed({ ...options, clock: true });
  const { state, as } = testbed;

  /** Opens (or closes) the shop's storefront. */
  async function openStore(enabled = true, slug = SLUG): Promise<void> {
    const response = await (await as('gold')).put(SETTINGS, { slug, enabled });
    if (response.statusCode !== 200) throw new Error(`storefront settings: ${response.body}`);
  }

  let serial = 0;
  /** A stock item (a Rolex at £12,500 unless told) through the items API; its id. */
  async function addItem(gold: Browser, over: Record<string, unknown> = {}): Promise<number> {
    serial += 1;
    const response = await gold.post(ITEMS, itemBody({ serial: `SF-${serial}-${Date.now()}`, ...over }));
    if (response.statusCode !== 201) throw new Error(`add item: ${response.body}`);
    return (response.json() as { id: number }).id;
  }

  /** Lists an item online; the clock moves a second first so listing order is the order of these calls. */
  async function list(gold: Browser, id: number, over: Partial<ItemListing> = {}): Promise<ItemListing> {
    state.clock.advance(1000);
    const response = await gold.put(listingUrl(id), {
      listed: true,
      publicDescription: 'A fine piece, serviced last year.',
      braceletMaterial: 'Oystersteel',
      handlingDays: 3,
      priceOnRequest: false,
      ...over,
    });
    if (response.statusCode !== 200) throw new Error(`listing: ${response.body}`);
    return response.json() as ItemListing;
  }

  /** An item added and listed; its id. */
  async function listedItem(gold: Browser, over: Record<string, unknown> = {}): Promise<number> {
    const id = await addItem(gold, over);
    await list(gold, id);
    return id;
  }

  /** A client row straight in the table: these tests are about the storefront, not the clients screens. */
  async function client(name: string): Promise<number> {
    const rows = await state.db.query<{ id: number }>(
      `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
       VALUES ($1, $2, $3, now(), now()) RETURNING id`,
      [state.fx.shopId, name, `${name.toLowerCase().replace(/\W/g, '')}@example.com`],
    );
    return rows[0]!.id;
  }

  /** A public GET, as a visitor's browser sends it (no cookie). */
  const visit = (url: string, headers: Record<string, string> = {}) =>
    state.app.inject({ method: 'GET', url, headers });

  return { ...testbed, openStore, addItem, list, listedItem, client, visit };
}

/** A photo as a phone takes it: 1200 x 900 JPEG. */
export const photoJpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 138, g: 109, b: 31 } } })
    .jpeg()
    .toBuffer();

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function fileForm(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const boundary = '----loupe-storefront-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a photo of the item; the image's id. */
export async function uploadPhoto(gold: Browser, itemId: number): Promise<number> {
  const { body, headers } = fileForm(await photoJpeg());
  const response = await gold.post(`${ITEMS}${itemId}/images/`, body, { headers });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.body}`);
  const answer = response.json() as { id?: number; images?: Array<{ id: number }> };
  return answer.id ?? answer.images!.at(-1)!.id;
}

/** The ids of the items a listing page links to, in order. */
export function itemIdsOn(html: string): number[] {
  return [...html.matchAll(/<li class="card"><a href="\/store\/[a-z0-9-]+\/items\/(\d+)-/g)].map((m) =>
    Number(m[1]),
  );
}

/** The JSON-LD blocks of a page, parsed. */
export function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
