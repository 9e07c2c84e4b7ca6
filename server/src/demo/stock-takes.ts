import type { ShopCaller } from '../kernel/shop-scope';
import { StockTakesService } from '../modules/stock/stock-takes-service';
import { seedingContext, type DemoContext } from './demo-context';

/**
 * One closed stock-take (issue 14) of the watches in Safe 1 (where the inventory demo keeps them; the rest is in
 * the window), counted a week ago by gold and silver: every watch found but one (missing), and a sold watch's
 * tag scanned (unexpected: recorded as sold). Made through the stock-takes' service, as staff would: started,
 * scanned a few seconds apart, closed 40 minutes later (lines copied from the items, figures frozen at
 * closing), with its start and close in the audit trail.
 */
export async function seedStockTakesDemo({ tx, shopId, users, now }: DemoContext): Promise<void> {
  const started = new Date(now.getTime() - 7 * 86_400_000);
  const closed = new Date(started.getTime() + 40 * 60_000);
  const expected = await tx.query<{ id: number; serial: string }>(
    `SELECT id, serial FROM items
      WHERE shop_id = $1 AND status = 'available' AND stock_type = 'Watches' AND location = 'Safe 1'
      ORDER BY id`,
    [shopId],
  );
  const sold = await tx.query<{ id: number; serial: string }>(
    `SELECT id, serial FROM items WHERE shop_id = $1 AND status = 'sold' AND stock_type = 'Watches'
      ORDER BY id LIMIT 1`,
    [shopId],
  );
  if (expected.length < 2) return;
  const found = expected.slice(0, -1);

  const service = (at: Date) => new StockTakesService(seedingContext(tx, at));
  const gold: ShopCaller = { shopId, userId: users.gold, role: 'gold' };
  const silver: ShopCaller = { shopId, userId: users.silver, role: 'silver' };
  const take = await service(started).start(gold, { scope: { stockType: 'Watches', location: 'Safe 1' } });
  // Gold and silver take turns at the scanner, 20 seconds apart.
  for (const [i, item] of found.entries()) {
    const at = new Date(started.getTime() + (i + 1) * 20_000);
    await service(at).scan(i % 2 === 0 ? silver : gold, take.id, item.serial);
  }
  if (sold[0]) await service(new Date(closed.getTime() - 5 * 60_000)).scan(silver, take.id, sold[0].serial);
  // Closing records the one watch not scanned as missing.
  await service(closed).close(gold, take.id);
}
