import type { Browser } from '../../helper';
import { itemIdsOn, listingUrl, STORE, storefrontTestbed, uploadPhoto } from './setup';

// Issue 24 item 1: an item that is sold, reserved, checked out, unavailable, in the workshop or unlisted — or
// whose storefront is closed — is gone AT ONCE from the listing, its page, the sitemap and its photos: the very
// next request after the change reads storefront_offers afresh. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.
const { state, as, openStore, addItem, list, client, visit } = storefrontTestbed();

interface Seen {
  listing: boolean;
  page: number;
  sitemap: boolean;
  photo: number;
}

async function seen(id: number, path: string, image: number): Promise<Seen> {
  const listing = await visit(`${STORE}/`);
  const sitemap = await visit(`${STORE}/sitemap.xml`);
  return {
    listing: listing.statusCode === 200 && itemIdsOn(listing.body).includes(id),
    page: (await visit(path)).statusCode,
    sitemap: sitemap.statusCode === 200 && sitemap.body.includes(`/items/${id}-`),
    photo: (await visit(`${STORE}/images/${image}/640`, { accept: 'image/webp' })).statusCode,
  };
}

const ONLINE: Seen = { listing: true, page: 200, sitemap: true, photo: 200 };
const GONE: Seen = { listing: false, page: 410, sitemap: false, photo: 404 };

type Change = (gold: Browser, id: number) => Promise<void>;

const expectOk = (response: { statusCode: number; body: string }, status = 200) => {
  if (response.statusCode !== status) throw new Error(`${response.statusCode}: ${response.body}`);
};

const changes: Array<[string, Change, Seen, string | null]> = [
  [
    'sold (Sell on the item)',
    async (gold, id) => expectOk(await gold.post(`/api/items/${id}/sell/`, { price: 950 })),
    GONE,
    'sold',
  ],
  [
    'sold through a deal',
    async (gold, id) =>
      expectOk(
        await gold.post('/api/deals/', {
          clientId: await client('Deal Buyer'),
          lines: [{ kind: 'item', itemId: id, price: '8000' }],
          payments: [{ method: 'Credit Card', amount: '8000' }],
        }),
        201,
      ),
    GONE,
    'sold',
  ],
  [
    'reserved against a deposit',
    async (gold, id) =>
      expectOk(
        await gold.post('/api/deals/', {
          clientId: await client('Layaway Buyer'),
          lines: [{ kind: 'item', itemId: id, price: '8000' }],
          payments: [{ method: 'Credit Card', amount: '1000' }],
          reserve: { collectBy: '2026-03-31' },
        }),
        201,
      ),
    GONE,
    'reserved',
  ],
  [
    'checked out on approval',
    async (gold, id) =>
      expectOk(await gold.post(`/api/items/${id}/check-out/`, { clientId: await client('Ada') })),
    GONE,
    'checked_out',
  ],
  [
    'marked unavailable',
    // No API marks a single item unavailable outside a stock-take's close (which needs a whole count): the
    // status as that close writes it.
    async (_gold, id) => {
      await state.db.query(`UPDATE items SET status = 'unavailable' WHERE id = $1`, [id]);
    },
    GONE,
    'unavailable',
  ],
  [
    'taken into the workshop',
    async (gold, id) =>
      expectOk(
        await gold.post('/api/workshop/jobs/', {
          itemId: id,
          reportedFault: 'Runs slow',
          requestedWork: 'Service',
        }),
        201,
      ),
    GONE,
    'in_workshop',
  ],
  ['unlisted', async (gold, id) => void (await list(gold, id, { listed: false })), GONE, 'unlisted'],
  [
    'on a closed storefront',
    async () => openStore(false),
    { listing: false, page: 404, sitemap: false, photo: 404 },
    'storefront_disabled',
  ],
];

describe('an item leaves the storefront at once', () => {
  it.each(changes)('when %s', async (_name, change, after, reason) => {
    const gold = await as('gold');
    await openStore();
    const id = await addItem(gold, { brand: 'Rolex', model: 'Daytona', retailPrice: '30000.00' });
    const image = await uploadPhoto(gold, id);
    await list(gold, id);
    const path = `${STORE}/items/${id}-rolex-daytona`;
    expect(await seen(id, path, image)).toEqual(ONLINE);
    await change(gold, id);
    expect(await seen(id, path, image)).toEqual(after);
    expect((await gold.get(listingUrl(id))).json()).toMatchObject({
      online: false,
      notOnlineBecause: reason,
    });
  });

  it('comes back once the check-out is returned, and when the storefront is reopened', async () => {
    const gold = await as('gold');
    await openStore();
    const id = await addItem(gold, { brand: 'Omega', model: 'Seamaster', retailPrice: '4000.00' });
    const image = await uploadPhoto(gold, id);
    await list(gold, id);
    const path = `${STORE}/items/${id}-omega-seamaster`;
    const ada = await client('Ada');
    expectOk(await gold.post(`/api/items/${id}/check-out/`, { clientId: ada }));
    expect((await seen(id, path, image)).listing).toBe(false);
    expectOk(await gold.post(`/api/items/${id}/return/`, {}));
    expect(await seen(id, path, image)).toEqual(ONLINE);
    await openStore(false);
    await openStore(true);
    expect(await seen(id, path, image)).toEqual(ONLINE);
  });
});
