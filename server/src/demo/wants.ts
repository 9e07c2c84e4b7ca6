import { WantsService, type WantsContext } from '../modules/wants';
import { seedingContext, type DemoContext } from './demo-context';

/*
 * The demo's wanted list (issue 24 item 5): a demo client looking for a watch the shop has in stock — the
 * storefront's first offer when the demo lists one (so the prepared e-mail carries its link), else an available
 * watch with a price — saved three days ago through the wants module, whose search of the stock makes the open
 * match the dashboard's card and the client's page show.
 */

const DAY = 24 * 3600_000;

interface Candidate {
  id: number;
  brand: string;
  model: string;
  price: string | null;
}

async function wantedWatch(demo: DemoContext): Promise<Candidate | null> {
  const [online] = await demo.tx.query<Candidate>(
    `SELECT o.item_id AS id, o.brand, o.model, o.price::text AS price FROM storefront_offers o
      WHERE o.shop_id = $1 AND o.stock_type = 'Watches' AND o.brand <> ''
        -- One the want meets alone: no other available piece of that brand and model (the storefront's demo
        -- lists a dozen pieces, some of a model the shop has several of).
        AND NOT EXISTS (SELECT 1 FROM stock_items s
                         WHERE s.shop_id = o.shop_id AND s.id <> o.item_id AND s.status = 'available'
                           AND s.brand = o.brand AND s.model = o.model)
      ORDER BY o.promoted_at DESC NULLS LAST, o.listed_at DESC, o.item_id LIMIT 1`,
    [demo.shopId],
  );
  if (online) return online;
  const [watch] = await demo.tx.query<Candidate>(
    `SELECT i.id, i.brand, i.model, i.retail_price::text AS price FROM stock_items i
      WHERE i.shop_id = $1 AND i.status = 'available' AND i.stock_type = 'Watches' AND i.brand <> ''
        AND i.retail_price IS NOT NULL
      ORDER BY i.id LIMIT 1`,
    [demo.shopId],
  );
  return watch ?? null;
}

export async function seedWantsDemo(demo: DemoContext): Promise<void> {
  const watch = await wantedWatch(demo);
  const [client] = await demo.tx.query<{ id: number }>(
    `SELECT id FROM client_directory WHERE shop_id = $1 AND coalesce(email, '') <> '' ORDER BY id LIMIT 1`,
    [demo.shopId],
  );
  if (!watch || !client) return;
  const at = new Date(demo.now.getTime() - 3 * DAY);
  const wants = new WantsService(seedingContext(demo.tx, at) as unknown as WantsContext);
  const caller = { shopId: demo.shopId, userId: demo.users.gold, role: 'gold' as const };
  // Up to the next round thousand above the watch's price: the client's budget fits it.
  const maxPrice = watch.price === null ? null : String((Math.floor(Number(watch.price) / 1000) + 1) * 1000);
  await wants.create(caller, client.id, {
    brand: watch.brand,
    model: watch.model,
    maxPrice,
    notes: 'Prefers a full set, box and papers. Happy to view in Hatton Garden on a Saturday.',
  });
  // A second want nothing in stock meets yet: matched when such a piece comes in.
  await wants.create(caller, client.id, {
    brand: 'Patek Philippe',
    model: 'Nautilus',
    yearFrom: 2015,
    conditionGrade: 'excellent',
    maxPrice: '90000',
  });
}
