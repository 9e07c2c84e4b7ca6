import type { Deal, SaleReport } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { marketplaceTestbed } from './setup';

// Issue 24 item 4 through an item's Sell (POST /api/items/{id}/sell/): the Sell records where the sale came from
// as a deal does (ItemSell.channel, one of DEAL_CHANNELS, 'shop' unless told), so Chrono24's 7-day rule sees a
// Chrono24 sale entered through Sell as one and asks for no report. On PGlite and (TEST_DATABASE_URL)
// PostgreSQL. The clock is 2026-03-01 09:00 UTC.
const { state, as, storefront, feedWatch, feedPath } = marketplaceTestbed();
const REPORTS = '/api/marketplace/sale-reports/';

async function reports(browser: Browser, status = 'open') {
  const response = await browser.get(`${REPORTS}?status=${status}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { results: SaleReport[]; count: number };
}

/** The storefront on and the Chrono24 feed published (its token made), with one watch in it. */
async function watchInFeed(gold: Browser, serial: string) {
  await feedPath(gold, 'chrono24');
  return feedWatch(gold, serial);
}

function sellItem(browser: Browser, itemId: number, channel?: string) {
  return browser.post(`/api/items/${itemId}/sell/`, {
    price: '12500',
    paymentMethod: 'Credit Card',
    ...(channel === undefined ? {} : { channel }),
  });
}

/** The channel of the deal the item's Sell made, as the deals API shows it. */
async function dealChannelOf(browser: Browser, itemId: number): Promise<string | undefined> {
  const rows = await state.db.query<{ deal_id: string }>(
    `SELECT l.deal_id::text AS deal_id FROM deal_lines l WHERE l.item_id = $1`,
    [itemId],
  );
  expect(rows).toHaveLength(1);
  const response = await browser.get(`/api/deals/${(rows[0] as { deal_id: string }).deal_id}/`);
  expect(response.statusCode).toBe(200);
  return (response.json() as Deal).channel;
}

describe("an item's Sell and its channel", () => {
  it('owes Chrono24 no report for a Sell through Chrono24 of a watch in its feed', async () => {
    await storefront();
    const gold = await as('gold');
    const id = await watchInFeed(gold, 'SELL-C24');
    const sold = await sellItem(gold, id, 'chrono24');
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toMatchObject({ id, status: 'sold' });
    expect(await dealChannelOf(gold, id)).toBe('chrono24');
    expect((await reports(gold, 'all')).count).toBe(0);
  });

  it('makes a report due for a Sell made elsewhere, shop when no channel is given', async () => {
    await storefront();
    const gold = await as('gold');
    const inShop = await watchInFeed(gold, 'SELL-SHOP');
    const byPhone = await feedWatch(gold, 'SELL-PHONE');
    expect((await sellItem(gold, inShop)).statusCode).toBe(200);
    expect((await sellItem(gold, byPhone, 'phone')).statusCode).toBe(200);
    expect(await dealChannelOf(gold, inShop)).toBe('shop');
    expect(await dealChannelOf(gold, byPhone)).toBe('phone');
    const open = (await reports(gold)).results.map((r) => [r.itemId, r.dealChannel, r.dueOn]);
    expect(open.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [inShop, 'shop', '2026-03-08'],
      [byPhone, 'phone', '2026-03-08'],
    ]);
    // The trail says where it came from too.
    const trail = await state.db.query<{ after: { channel?: string } }>(
      `SELECT after FROM audit_log WHERE entity = 'item' AND entity_id = $1 AND action = 'sell'`,
      [byPhone],
    );
    expect(trail.map((t) => (typeof t.after === 'string' ? JSON.parse(t.after) : t.after).channel)).toEqual([
      'phone',
    ]);
  });

  it('refuses a channel that is not one of the deal channels with 400 naming the field, selling nothing', async () => {
    await storefront();
    const gold = await as('gold');
    const id = await watchInFeed(gold, 'SELL-EBAY');
    for (const channel of ['ebay', '', 'Chrono24']) {
      const refused = await sellItem(gold, id, channel);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json())).toEqual(['channel']);
    }
    const item = await gold.get(`/api/items/${id}/`);
    expect((item.json() as { status: string }).status).toBe('available');
    expect((await reports(gold, 'all')).count).toBe(0);
  });
});
