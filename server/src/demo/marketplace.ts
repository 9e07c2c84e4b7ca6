import { FEED_CHANNELS, feedProblems } from '@loupe/contracts';
import { DealsService } from '../modules/sales';
import { MarketplaceRepository, newTokenNonce, type OfferRow } from '../modules/marketplace';
import { seedingContext, type DemoContext } from './demo-context';
import { addDemoPhoto } from './photos';
import { demoStorefrontOwner, demoStorefrontService, openDemoStorefrontIfNone } from './storefront';

/*
 * The demo's marketplace (issue 24 items 3-4): both feeds published for the demo shop (a token each, as a
 * manager's first look at the channels makes them), and one watch that was in the Chrono24 feed sold in the
 * shop half an hour before the seed ran — so the dashboard shows "Report this sale to Chrono24 by <date>" (due
 * in 7 days). It runs after the storefront's and the enquiries' demos and sells the oldest-listed watch in the
 * Chrono24 feed, never the storefront's first offer (the demo enquiry asks about that one). A watch short of
 * only a photo or its listing details gets them here (a plain photo, made with sharp); with no storefront at
 * all, the storefront is opened at /store/loupe-demo and one watch listed through the storefront's service.
 */

const MINUTE = 60_000;

/** A watch to sell: in the Chrono24 feed, or short only of a photo; the oldest listed first. */
async function candidate(demo: DemoContext, market: MarketplaceRepository): Promise<OfferRow | null> {
  const offers = await market.offers(demo.shopId);
  const [, ...others] = offers;
  const fits = (o: OfferRow) =>
    feedProblems('chrono24', o).every((p) => p === 'no photo') && Number(o.price) > 0;
  return [...others].reverse().find(fits) ?? null;
}

/** Opens the storefront (when the shop has none) and lists the first complete watch that is not yet listed. */
async function listAWatch(demo: DemoContext, at: Date): Promise<void> {
  await openDemoStorefrontIfNone(demo, at);
  const [watch] = await demo.tx.query<{ id: number }>(
    `SELECT i.id FROM stock_items i
      WHERE i.shop_id = $1 AND i.status = 'available' AND i.stock_type = 'Watches' AND i.brand <> ''
        AND i.model <> '' AND i.reference_number <> '' AND i.case_material <> '' AND i.movement IS NOT NULL
        AND i.condition_grade IS NOT NULL AND i.year IS NOT NULL AND i.retail_price > 0
        AND NOT EXISTS (SELECT 1 FROM storefront_offers o WHERE o.item_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM workshop_jobs j WHERE j.item_id = i.id)
      ORDER BY i.id LIMIT 1`,
    [demo.shopId],
  );
  if (!watch) return;
  await demoStorefrontService(demo, at).updateListing(demoStorefrontOwner(demo), watch.id, {
    listed: true,
    publicDescription: 'Complete with its box and papers; serviced in our workshop. Viewing by appointment.',
    braceletMaterial: 'Steel',
    handlingDays: 2,
    priceOnRequest: false,
  });
}

export async function seedMarketplaceDemo(demo: DemoContext): Promise<void> {
  const market = new MarketplaceRepository(demo.tx);
  const published = new Date(demo.now.getTime() - 10 * 24 * 60 * MINUTE);
  for (const channel of FEED_CHANNELS)
    await market.ensureChannel(demo.shopId, channel, newTokenNonce(), published);

  const prepared = new Date(demo.now.getTime() - 2 * 24 * 60 * MINUTE);
  let watch = await candidate(demo, market);
  if (!watch) {
    await listAWatch(demo, prepared);
    watch = await candidate(demo, market);
  }
  if (!watch) return;
  if (watch.imageIds.length === 0)
    await addDemoPhoto(
      demo,
      watch.itemId,
      { name: 'watch.jpg', background: { r: 32, g: 36, b: 44 } },
      prepared,
    );
  const [inFeed] = await market.offersOf(demo.shopId, [watch.itemId]);
  if (!inFeed || feedProblems('chrono24', inFeed).length > 0) return;

  // Sold in the shop half an hour ago, by card: the newest sale of the demo (invoices are numbered in order).
  const at = new Date(demo.now.getTime() - 30 * MINUTE);
  const price = Number(inFeed.price).toFixed(2);
  await new DealsService(seedingContext(demo.tx, at)).create(
    { shopId: demo.shopId, userId: demo.users.gold, role: 'gold' },
    {
      buyerName: 'Marcus Bell',
      channel: 'shop',
      lines: [{ kind: 'item', itemId: inFeed.itemId, price }],
      payments: [{ method: 'Credit Card', amount: price }],
      notes: 'Walked in having seen it on Chrono24.',
    },
  );
}
