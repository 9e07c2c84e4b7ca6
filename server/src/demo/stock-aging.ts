import { isoDay, type DemoContext } from './demo-context';

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
 * ten days ago, so the dashboard flags it (its agreed cost is owed only if it sells).
 */
export async function seedStockAgingDemo({ tx, shopId, users, now }: DemoContext): Promise<void> {
  const at = (daysAgo: number) => new Date(Date.parse(`${isoDay(now, daysAgo)}T11:00:00Z`));
  const items = await tx.query<{ id: number; serial: string }>(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, retail_price, status, purchased_on,
                        created_by, created_at, updated_at)
     SELECT $1, a.serial, a.stock_type, a.brand, a.model, 'Bought at auction; still with us', round(a.cost * 1.35, -1),
            'available', a.day, $2, a.at, a.at
       FROM unnest($3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::numeric[], $8::date[],
                   $9::timestamptz[]) AS a(serial, stock_type, brand, model, cost, day, at)
     RETURNING id, serial`,
    [
      shopId,
      users.platinum,
      AGED.map((a) => a[0]),
      AGED.map((a) => a[1]),
      AGED.map((a) => a[2]),
      AGED.map((a) => a[3]),
      AGED.map((a) => a[4]),
      AGED.map((a) => isoDay(now, a[5])),
      AGED.map((a) => at(a[5])),
    ],
  );
  const idOf = new Map(items.map((row) => [row.serial, row.id]));
  // One cash line each, and the purchase price is their sum, as the API computes it.
  await tx.query(
    `INSERT INTO item_transactions (shop_id, item_id, position, type, amount, currency, exchange_rate, fee_percent,
                                    amount_gbp, created_at)
     SELECT $1, l.item_id, 0, 'cash', l.cost, 'GBP', 1, 0, l.cost, l.at
       FROM unnest($2::int[], $3::numeric[], $4::timestamptz[]) AS l(item_id, cost, at)`,
    [shopId, AGED.map((a) => idOf.get(a[0])), AGED.map((a) => a[4]), AGED.map((a) => at(a[5]))],
  );
  await tx.query(
    `UPDATE items i SET purchase_price = t.total
       FROM (SELECT item_id, sum(amount_gbp) AS total FROM item_transactions GROUP BY item_id) t
      WHERE t.item_id = i.id AND i.id = ANY($1::int[])`,
    [[...idOf.values()]],
  );

  const supplier = await tx.query<{ id: number }>(
    "SELECT id FROM clients WHERE shop_id = $1 AND status = 'active' ORDER BY id LIMIT 1",
    [shopId],
  );
  if (!supplier[0]) return;
  const memo = await tx.query<{ id: number }>(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, retail_price, purchase_price, status,
                        purchased_on, created_by, created_at, updated_at)
     VALUES ($1, 'MEMO-CS-0417', 'Watches', 'Cartier', 'Santos', 'On memo from a fellow dealer: steel, 2019, box',
             8450, 6250, 'available', $2, $3, $4, $4)
     RETURNING id`,
    [shopId, isoDay(now, 45), users.gold, at(45)],
  );
  await tx.query(
    `INSERT INTO consignments (item_id, shop_id, supplier_id, agreed_cost, return_by, supplier_ref, received_on)
     VALUES ($1, $2, $3, 6250, $4, 'Memo 0417', $5)`,
    [(memo[0] as { id: number }).id, shopId, supplier[0].id, isoDay(now, 10), isoDay(now, 45)],
  );
}
