import { isoDay, seedingRepos, type DemoContext } from './demo-context';

/** Stock bought long ago and still unsold (issue 14's 90+ day card): serial, type, brand, model, cost, days held. */
const AGED: ReadonlyArray<[string, 'Watches' | 'Jewellery', string, string, string, number]> = [
  ['AGED-OM-1962', 'Watches', 'Omega', 'Constellation', '2150.00', 104],
  ['AGED-CA-0871', 'Watches', 'Cartier', 'Pasha', '3380.00', 161],
  ['AGED-RX-5513', 'Watches', 'Rolex', 'Explorer', '6925.50', 233],
  ['AGED-JW-0042', 'Jewellery', '', '', '940.00', 298],
  ['AGED-OM-3570', 'Watches', 'Omega', 'De Ville', '1275.00', 395],
];

/**
 * Aged stock and a consignment (issue 14): five items bought 104 to 395 days ago and still in stock, paid in
 * cash; and a Cartier Santos received on memo from one of the demo's clients, whose return-by date passed
 * ten days ago, so the dashboard flags it (its agreed cost is owed only if it sells). Written through the
 * inventory's repositories, dated the day each came in.
 */
export async function seedStockAgingDemo({ tx, shopId, users, now }: DemoContext): Promise<void> {
  const at = (daysAgo: number) => new Date(Date.parse(`${isoDay(now, daysAgo)}T11:00:00Z`));
  const { items, consignments } = seedingRepos(tx, now);
  for (const [serial, stockType, brand, model, cost, daysAgo] of AGED) {
    const id = await items.insert({
      shopId,
      serial,
      stockType,
      brand,
      model,
      description: 'Bought at auction; still with us',
      tradePrice: null,
      retailPrice: (Math.round((Number(cost) * 1.35) / 10) * 10).toFixed(2),
      status: 'available',
      purchasedOn: isoDay(now, daysAgo),
      userId: users.platinum,
      at: at(daysAgo),
    });
    // One cash line each, and the purchase price is their sum, as the API computes it.
    await items.insertTransactions(
      shopId,
      id,
      [{ type: 'cash', amount: cost, currency: 'GBP', exchangeRate: '1', feePercent: '0', clientId: null }],
      at(daysAgo),
    );
  }

  const supplier = await tx.query<{ id: number }>(
    "SELECT id FROM clients WHERE shop_id = $1 AND status = 'active' ORDER BY id LIMIT 1",
    [shopId],
  );
  if (!supplier[0]) return;
  const memo = await items.insert({
    shopId,
    serial: 'MEMO-CS-0417',
    stockType: 'Watches',
    brand: 'Cartier',
    model: 'Santos',
    description: 'On memo from a fellow dealer: steel, 2019, box',
    tradePrice: null,
    retailPrice: '8450.00',
    status: 'available',
    purchasedOn: isoDay(now, 45),
    userId: users.gold,
    at: at(45),
  });
  // The terms; the agreed cost becomes its purchase price (its sale's cost of goods).
  await consignments.insert({
    shopId,
    itemId: memo,
    supplierId: supplier[0].id,
    agreedCost: '6250',
    returnBy: isoDay(now, 10),
    supplierRef: 'Memo 0417',
    receivedOn: isoDay(now, 45),
  });
}
