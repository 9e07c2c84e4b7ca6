import type { Deal, SaleReport } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { marketplaceTestbed } from './setup';

// Issue 24 item 4: each deal records where the sale came from, and Chrono24's 7-day rule — a sale of a watch in
// the Chrono24 feed made through another channel is reported within 7 days, until marked done (audited). On
// PGlite and (TEST_DATABASE_URL) PostgreSQL. The clock is 2026-03-01 09:00 UTC.
const { state, as, storefront, feedWatch, feedPath, list } = marketplaceTestbed();
const DEALS = '/api/deals/';
const REPORTS = '/api/marketplace/sale-reports/';

async function client(name: string): Promise<number> {
  const rows = await state.db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at) VALUES ($1, $2, $3, now(), now()) RETURNING id`,
    [state.fx.shopId, name, `${name.toLowerCase().replace(/\s/g, '')}@example.com`],
  );
  return (rows[0] as { id: number }).id;
}

/** A completed deal of one item at £12,500 by card, through `channel` (the default when undefined). */
async function sell(browser: Browser, itemId: number, channel?: string) {
  const response = await browser.post(DEALS, {
    lines: [{ kind: 'item', itemId, price: '12500' }],
    payments: [{ method: 'Credit Card', amount: '12500' }],
    ...(channel === undefined ? {} : { channel }),
  });
  if (response.statusCode !== 201) throw new Error(`deal: ${response.body}`);
  return response.json() as Deal;
}

async function reports(browser: Browser, status = 'open') {
  const response = await browser.get(`${REPORTS}?status=${status}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { results: SaleReport[]; count: number };
}

/** The shop's Chrono24 feed published (its token made, as a manager's first look at the channels does). */
async function publishFeeds(gold: Browser) {
  await feedPath(gold, 'chrono24');
}

describe('the deal channel', () => {
  it('is stored and shown, shop by default; an unknown channel is refused with 400', async () => {
    const gold = await as('gold');
    await storefront();
    const phone = await sell(gold, await feedWatch(gold, 'CH-1'), 'phone');
    expect(phone.channel).toBe('phone');
    const plain = await sell(gold, await feedWatch(gold, 'CH-2'));
    expect(plain.channel).toBe('shop');
    expect(((await gold.get(`${DEALS}${phone.id}/`)).json() as Deal).channel).toBe('phone');
    const listed = (await gold.get(DEALS)).json() as { results: Deal[] };
    expect(listed.results.map((d) => d.channel).sort()).toEqual(['phone', 'shop']);

    const refused = await gold.post(DEALS, {
      lines: [{ kind: 'item', itemId: await feedWatch(gold, 'CH-3'), price: '100' }],
      payments: [{ method: 'Credit Card', amount: '100' }],
      channel: 'ebay',
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['channel']);
    const stored = await state.db.query<{ channel: string }>('SELECT channel FROM deal_records ORDER BY id');
    expect(stored.map((r) => r.channel)).toEqual(['phone', 'shop']);
  });
});

describe("Chrono24's 7-day rule", () => {
  it('puts a shop sale of a watch in the Chrono24 feed on the list, due 7 days after the sale', async () => {
    await storefront();
    const gold = await as('gold');
    await publishFeeds(gold);
    const inFeed = await feedWatch(gold, 'C24-1');
    const deal = await sell(gold, inFeed, 'shop');
    const silver = await as('silver');
    const open = await reports(silver);
    expect(open.count).toBe(1);
    expect(open.results[0]).toMatchObject({
      dealId: deal.id,
      dealReference: `D-${deal.id}`,
      dealChannel: 'shop',
      itemId: inFeed,
      brand: 'Rolex',
      model: 'Submariner',
      referenceNumber: '126610LN',
      saleDate: '2026-03-01',
      dueOn: '2026-03-08',
      status: 'open',
      overdue: false,
      doneAt: null,
      doneBy: null,
    });
    // Past its day it is overdue.
    state.clock.advance(8 * 24 * 3600 * 1000);
    expect((await reports(await as('silver'))).results[0]?.overdue).toBe(true);
  });

  it('reports nothing for a sale through Chrono24, or of a watch that was not in the feed', async () => {
    await storefront();
    const gold = await as('gold');
    await publishFeeds(gold);
    await sell(gold, await feedWatch(gold, 'VIA-C24'), 'chrono24');
    // Kept out of the feed (no reference number), unlisted, or the feed never published in another shop: none.
    await sell(gold, await feedWatch(gold, 'NOREF', { referenceNumber: '' }), 'shop');
    const unlisted = await feedWatch(gold, 'UNLISTED');
    await list(unlisted, { listed: false });
    await sell(gold, unlisted, 'website');
    expect((await reports(gold, 'all')).count).toBe(0);
    // Switched-off storefront: nothing was in any feed.
    const later = await feedWatch(gold, 'OFF');
    await storefront(undefined, false);
    await sell(gold, later, 'phone');
    expect((await reports(gold, 'all')).count).toBe(0);
  });

  it('counts an item page Sell as a shop sale', async () => {
    await storefront();
    const gold = await as('gold');
    await publishFeeds(gold);
    const id = await feedWatch(gold, 'SELL-1');
    const sold = await gold.post(`/api/items/${id}/sell/`, { price: '12500', paymentMethod: 'Credit Card' });
    expect(sold.statusCode).toBe(200);
    expect((await reports(gold)).results.map((r) => [r.itemId, r.dealChannel, r.dueOn])).toEqual([
      [id, 'shop', '2026-03-08'],
    ]);
    // Its void closes the report.
    const owner = await as('platinum');
    expect((await owner.post(`/api/items/${id}/void-sale/`, { reason: 'Wrong item' })).statusCode).toBe(200);
    expect((await reports(gold)).count).toBe(0);
    expect((await reports(gold, 'all')).results[0]).toMatchObject({
      status: 'closed',
      closedReason: 'voided',
    });
  });

  it('waits for a reservation to complete, and a cancelled one or a voided deal closes its report', async () => {
    await storefront();
    let gold = await as('gold');
    await publishFeeds(gold);
    const buyer = await client('Ada Lovelace');
    const reserve = async (serial: string) => {
      const response = await gold.post(DEALS, {
        clientId: buyer,
        channel: 'phone',
        lines: [{ kind: 'item', itemId: await feedWatch(gold, serial), price: '12500' }],
        payments: [{ method: 'Credit Card', amount: '1000' }],
        reserve: { collectBy: '2026-03-31' },
      });
      expect(response.statusCode).toBe(201);
      return response.json() as Deal;
    };
    const kept = await reserve('LAY-1');
    const dropped = await reserve('LAY-2');
    // Reserved, not yet sold: pending, not on the open list.
    expect((await reports(gold)).count).toBe(0);
    expect((await reports(gold, 'all')).results.map((r) => [r.status, r.dueOn])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);

    state.clock.advance(3 * 24 * 3600 * 1000);
    gold = await as('gold');
    const completed = await gold.post(`${DEALS}${kept.id}/complete/`, {
      payments: [{ method: 'Credit Card', amount: '11500' }],
    });
    expect(completed.statusCode).toBe(200);
    const cancelled = await gold.post(`${DEALS}${dropped.id}/cancel/`, { reason: 'Changed her mind' });
    expect(cancelled.statusCode).toBe(200);
    const open = await reports(gold);
    expect(open.results.map((r) => [r.dealId, r.saleDate, r.dueOn])).toEqual([
      [kept.id, '2026-03-04', '2026-03-11'],
    ]);
    const all = (await reports(gold, 'all')).results;
    expect(all.find((r) => r.dealId === dropped.id)).toMatchObject({
      status: 'closed',
      closedReason: 'cancelled',
    });

    const owner = await as('platinum');
    expect((await owner.post(`${DEALS}${kept.id}/void/`, { reason: 'Card chargeback' })).statusCode).toBe(
      200,
    );
    expect((await reports(gold)).count).toBe(0);
    expect((await reports(gold, 'all')).results.find((r) => r.dealId === kept.id)?.closedReason).toBe(
      'voided',
    );
  });

  it('is marked done by any member, once, on the trail; another shop’s report is not found', async () => {
    await storefront();
    const gold = await as('gold');
    await publishFeeds(gold);
    await sell(gold, await feedWatch(gold, 'DONE-1'));
    const [report] = (await reports(gold)).results;
    state.clock.advance(2 * 3600 * 1000);
    const silver = await as('silver');
    const done = await silver.post(`${REPORTS}${report?.id}/done/`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      id: report?.id,
      status: 'done',
      doneAt: '2026-03-01T11:00:00.000Z',
      doneBy: 'silver',
    });
    expect((await reports(silver)).count).toBe(0);
    expect((await reports(silver, 'done')).count).toBe(1);
    const again = await (await as('gold')).post(`${REPORTS}${report?.id}/done/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This sale has already been marked as reported to Chrono24.' });

    const trail = await state.db.query<{ action: string; user_id: number; item_id: number; after: unknown }>(
      `SELECT action, user_id, item_id::int AS item_id, after FROM audit_log WHERE entity = 'sale_report'`,
    );
    expect(trail).toEqual([
      {
        action: 'report_done',
        user_id: state.fx.ids.silver,
        item_id: report?.itemId,
        after: { status: 'done', dealId: report?.dealId, itemId: report?.itemId, dueOn: '2026-03-08' },
      },
    ]);
    const rival = await as('rival');
    expect((await rival.post(`${REPORTS}${report?.id}/done/`)).statusCode).toBe(404);
    expect((await rival.get(`${REPORTS}?status=all`)).json().count).toBe(0);
    const anonymous = await as('anonymous');
    expect((await anonymous.get(REPORTS)).statusCode).toBe(401);
    expect((await silver.get(`${REPORTS}?status=later`)).statusCode).toBe(400);
  });
});
