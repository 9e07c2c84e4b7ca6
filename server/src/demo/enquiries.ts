import { EnquiriesRepository } from '../modules/enquiries';
import type { DemoContext } from './demo-context';
import { demoStorefrontOwner, demoStorefrontService, openDemoStorefrontIfNone } from './storefront';

/*
 * The demo's website enquiry (issue 24 item 2): one new enquiry, two hours old, about a watch on the demo
 * storefront, from a person who is not yet a client, for the dashboard's Enquiries card and the enquiries screen.
 * It asks about the storefront's first offer (promoted first, then newest listed) as the storefront's demo lists
 * them; should that demo list none, one available watch is listed here through the storefront module's service
 * (and the storefront opened at /store/loupe-demo), so the enquiry always has a listed item.
 */

const HOUR = 3600_000;

async function firstOffer(demo: DemoContext): Promise<number | null> {
  const [offer] = await demo.tx.query<{ item_id: number }>(
    `SELECT item_id FROM storefront_offers WHERE shop_id = $1
      ORDER BY promoted_at DESC NULLS LAST, listed_at DESC, item_id LIMIT 1`,
    [demo.shopId],
  );
  return offer?.item_id ?? null;
}

/** Lists one available watch (and opens the storefront if the shop has none) through the storefront's service. */
async function listOneWatch(demo: DemoContext, at: Date): Promise<void> {
  const [watch] = await demo.tx.query<{ id: number }>(
    `SELECT i.id FROM stock_items i
      WHERE i.shop_id = $1 AND i.status = 'available' AND i.stock_type = 'Watches' AND i.brand <> ''
        AND NOT EXISTS (SELECT 1 FROM workshop_jobs j WHERE j.item_id = i.id)
      ORDER BY i.id LIMIT 1`,
    [demo.shopId],
  );
  if (!watch) return;
  await openDemoStorefrontIfNone(demo, at);
  await demoStorefrontService(demo, at).updateListing(demoStorefrontOwner(demo), watch.id, {
    listed: true,
    publicDescription:
      'Serviced in our workshop, with its box and papers. Viewing by appointment in Hatton Garden.',
    braceletMaterial: 'Steel',
    handlingDays: 2,
    priceOnRequest: false,
  });
}

export async function seedEnquiriesDemo(demo: DemoContext): Promise<void> {
  const at = new Date(demo.now.getTime() - 2 * HOUR);
  let itemId = await firstOffer(demo);
  if (itemId === null) {
    await listOneWatch(demo, new Date(demo.now.getTime() - 3 * 24 * HOUR));
    itemId = await firstOffer(demo);
  }
  if (itemId === null) return;
  await new EnquiriesRepository(demo.tx).insert({
    shopId: demo.shopId,
    itemId,
    onOffer: true,
    name: 'Harriet Quinn',
    email: 'harriet.quinn@example.net',
    phone: '07700 900461',
    message:
      'Good afternoon. Is this watch still available, and could I see it on Saturday morning? ' +
      'I would also like to know whether you would consider a part exchange.',
    at,
  });
}
