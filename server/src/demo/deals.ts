import type { DealCreate, DealPaymentCreate } from '@loupe/contracts';
import type { ShopCaller } from '../kernel/shop-scope';
import { DealsService } from '../modules/sales';
import {
  isoDay,
  makeSales,
  pastAt,
  plannedItems,
  seedingContext,
  type DemoContext,
  type DemoSale,
} from './demo-context';

const pounds = (pence: number) => (pence / 100).toFixed(2);
/** A share of a price in whole tens of pounds. */
const tens = (pence: number, share: number) => Math.round((pence * share) / 1000) * 1000;

/**
 * Deals (issue 20), made through the sales module's DealsService on their days:
 * - a completed deal of six days ago: two watches, a fitted strap (an "other" line, standard-rated) and a Tudor
 *   taken in part-exchange, the rest paid £2,000 in cash and the balance by card; one invoice for all of it
 *   (margin scheme and 20% VAT on one invoice), and the Tudor in stock;
 * - a layaway reserved forty days ago against a deposit and an instalment, whose collect-by day passed five
 *   days ago (the dashboard's Overdue layaways card shows it);
 * - a layaway reserved nine days ago against a cash deposit, to be collected in three weeks.
 * Their watches are ones no other demo sale sells; the buyers are clients other than the demo's verified one.
 */
export async function seedDealsDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, users, now } = demo;
  const clients = await tx.query<{ id: number }>(
    "SELECT id FROM clients WHERE shop_id = $1 AND status = 'active' ORDER BY id",
    [shopId],
  );
  const taken = plannedItems(demo);
  const watches = (
    await tx.query<{ id: number; retail: string; bought: string }>(
      `SELECT id, retail_price::text AS retail, purchased_on::text AS bought FROM items
        WHERE shop_id = $1 AND status = 'available' AND stock_type = 'Watches' AND promoted_at IS NULL
          AND retail_price > 0 AND location = 'Safe 1'
        ORDER BY id`,
      [shopId],
    )
  ).filter((w) => !taken.has(w.id));
  /** A watch in stock before `daysAgo` that no other deal or sale takes. */
  const watchBefore = (daysAgo: number) => {
    const i = watches.findIndex((w) => w.bought < isoDay(now, daysAgo));
    return i < 0 ? null : (watches.splice(i, 1)[0] ?? null);
  };
  const c = watchBefore(40);
  const d = watchBefore(9);
  const a = watchBefore(6);
  const b = watchBefore(6);
  if (clients.length < 13 || !a || !b || !c || !d) return;
  const pence = (w: { retail: string }) => Math.round(Number(w.retail) * 100);
  const clientAt = (i: number) => (clients[i] as { id: number }).id;
  const gold: ShopCaller = { shopId, userId: users.gold, role: 'gold' };
  const silver: ShopCaller = { shopId, userId: users.silver, role: 'silver' };
  const deals = (at: Date) => new DealsService(seedingContext(tx, at));

  // Two watches, a strap and a part-exchange, paid part cash part card.
  const strap = 18_000;
  const allowance = 320_000;
  const cash = 200_000;
  const due = pence(a) + pence(b) + strap - allowance;
  const completed: DealCreate = {
    clientId: clientAt(4),
    lines: [
      { kind: 'item', itemId: a.id, price: pounds(pence(a)) },
      { kind: 'item', itemId: b.id, price: pounds(pence(b)) },
      {
        kind: 'other',
        description: 'Alligator strap, 20mm, fitted',
        vatRate: 'standard',
        price: pounds(strap),
      },
      {
        kind: 'part_exchange',
        price: pounds(allowance),
        partExchange: {
          serial: 'PX-TUD-79230',
          stockType: 'Watches',
          brand: 'Tudor',
          model: 'Black Bay',
          description: 'Taken in part-exchange: 2019, box and papers',
        },
      },
    ],
    payments: [
      { method: 'Cash', amount: pounds(cash) },
      { method: 'Credit Card', amount: pounds(due - cash) },
    ],
    notes: 'Two watches for the couple, the strap fitted while they waited.',
  };

  // Reserved forty days ago for collection five days ago: a deposit, an instalment, and not collected yet.
  const overdueDeposit = tens(pence(c), 0.2);
  const overdue: DealCreate = {
    clientId: clientAt(7),
    lines: [{ kind: 'item', itemId: c.id, price: pounds(pence(c)) }],
    payments: [{ method: 'Credit Card', amount: pounds(overdueDeposit) }],
    reserve: { collectBy: isoDay(now, 5) },
    notes: 'Paying it off monthly.',
  };
  const instalment: DealPaymentCreate = {
    payment: { method: 'Bank Transfer', amount: pounds(tens(pence(c), 0.25)) },
  };

  // Reserved nine days ago, to be collected in three weeks, against a cash deposit.
  const open: DealCreate = {
    clientId: clientAt(12),
    lines: [{ kind: 'item', itemId: d.id, price: pounds(pence(d)) }],
    payments: [{ method: 'Cash', amount: '500.00' }],
    reserve: { collectBy: isoDay(now, -21) },
  };

  let overdueId = 0;
  const planned: DemoSale[] = [
    {
      at: pastAt(now, 6, 13),
      itemIds: [a.id, b.id],
      make: async () => {
        await deals(pastAt(now, 6, 13)).create(gold, completed);
      },
    },
    {
      at: pastAt(now, 40, 12),
      itemIds: [c.id],
      make: async () => {
        overdueId = (await deals(pastAt(now, 40, 12)).create(gold, overdue)).id;
      },
    },
    {
      at: pastAt(now, 20, 11),
      make: async () => {
        await deals(pastAt(now, 20, 11)).pay(silver, overdueId, instalment);
      },
    },
    {
      at: pastAt(now, 9, 16),
      itemIds: [d.id],
      make: async () => {
        await deals(pastAt(now, 9, 16)).create(silver, open);
      },
    },
  ];
  await makeSales(demo, planned);
}
