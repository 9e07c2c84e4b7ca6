import {
  BRAND_CATALOGUE,
  PAYMENT_METHODS,
  type Brand,
  type ItemStatus,
  type StockType,
} from '@loupe/contracts';
import { LedgerRepository } from '../modules/clients/ledger-repository';
import { stockLinePosting } from '../modules/inventory/stock-postings';
import { isoDay, type DemoContext } from './demo-context';

interface DemoLine {
  type: 'cash' | 'credit' | 'debt';
  amount: string;
  currency: 'GBP' | 'USD' | 'EUR' | 'BTC';
  rate: string;
  fee: string;
  clientId: number | null;
}

interface DemoItem {
  serial: string;
  stockType: StockType;
  brand: string;
  model: string;
  description: string;
  /** Whole pounds: the GBP value the purchase lines add up to (before fees). */
  cost: number;
  retail: number;
  trade: number;
  status: ItemStatus;
  daysAgo: number;
  lines: DemoLine[];
  promoted: boolean;
}

const JEWELLERY = [
  'Diamond tennis bracelet, 18ct white gold, 5.2ct',
  'Sapphire and diamond cluster ring, platinum',
  'Pearl strand, South Sea, 11-13mm, diamond clasp',
  'Emerald drop earrings, 18ct yellow gold',
  'Art Deco diamond brooch, c.1925',
  'Ruby eternity band, 18ct rose gold',
  'Diamond solitaire pendant, 1.01ct, GIA',
];
const ACCESSORIES = [
  'Leather watch roll, three watches',
  'Single watch winder, walnut',
  'Alligator strap, 20mm, brown',
  'Travel case for six watches',
  'Deployant buckle, steel, 18mm',
  'Cufflinks, sterling silver, engine-turned',
  'Loupe, 10x triplet, brass',
];

const pounds = (value: number) => value.toFixed(2);

/**
 * 66 items over the last six months across the three stock types and every status: cash purchases in
 * several currencies (some with a card or broker fee), a few bought on credit from a client or taken against
 * a client's debt, a dozen sales in the last three months, a few items out on approval and a few promoted.
 * Inserted a table at a time; the purchase prices are computed by the database as the API does.
 */
export async function seedInventoryDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, now, random } = demo;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (min: number, max: number) => Math.round(min + random() * (max - min));
  const clients = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM clients WHERE shop_id = $1 ORDER BY id',
    [shopId],
  );

  const items: DemoItem[] = [];
  const counts: Array<[StockType, number]> = [
    ['Watches', 36],
    ['Jewellery', 16],
    ['Accessories', 14],
  ];
  let n = 0;
  for (const [stockType, count] of counts) {
    for (let i = 0; i < count; i += 1) {
      n += 1;
      let brand = '';
      let model = '';
      let description: string;
      let cost: number;
      if (stockType === 'Watches') {
        brand = pick(Object.keys(BRAND_CATALOGUE) as Brand[]);
        model = pick(BRAND_CATALOGUE[brand as Brand]);
        description = `${pick(['Black', 'Blue', 'Silver', 'Green', 'White'])} dial, ${between(2008, 2025)}, ${pick(
          ['full set', 'box and papers', 'watch only', 'papers only'],
        )}`;
        cost = brand === 'Rolex' ? between(7000, 32000) : between(2500, 9000);
      } else if (stockType === 'Jewellery') {
        description = JEWELLERY[i % JEWELLERY.length] as string;
        if (i % 4 === 0) {
          brand = 'Cartier';
          model = pick(['Panthère', 'Tank', 'Santos']);
        }
        cost = between(1200, 18000);
      } else {
        description = ACCESSORIES[i % ACCESSORIES.length] as string;
        cost = between(40, 900);
      }
      const retail = Math.round((cost * (1.15 + random() * 0.35)) / 10) * 10;
      const trade = Math.round((cost + (retail - cost) * 0.4) / 10) * 10;
      const prefix = brand ? brand.slice(0, 3).toUpperCase() : stockType.slice(0, 3).toUpperCase();
      const serial = `${prefix}-${String(100000 + Math.floor(random() * 900000))}-${String(n).padStart(2, '0')}`;

      // Purchase lines: mostly cash in pounds; dollars and euros at a rate with a fee; one in bitcoin; and,
      // when the shop has clients, some bought on credit or taken against what a client owed.
      const lines: DemoLine[] = [];
      const roll = random();
      const someone = clients.length > 0 ? pick(clients).id : null;
      if (roll < 0.08 && someone !== null) {
        lines.push({
          type: 'credit',
          amount: pounds(cost),
          currency: 'GBP',
          rate: '1',
          fee: '0',
          clientId: someone,
        });
      } else if (roll < 0.14 && someone !== null) {
        const part = Math.round(cost * 0.4);
        lines.push({
          type: 'debt',
          amount: pounds(part),
          currency: 'GBP',
          rate: '1',
          fee: '0',
          clientId: someone,
        });
        lines.push({
          type: 'cash',
          amount: pounds(cost - part),
          currency: 'GBP',
          rate: '1',
          fee: '0',
          clientId: null,
        });
      } else if (roll < 0.3) {
        const rate = (0.78 + random() * 0.04).toFixed(4);
        lines.push({
          type: 'cash',
          amount: pounds(Math.round(cost / Number(rate))),
          currency: 'USD',
          rate,
          fee: pick(['0', '1.5', '2.5']),
          clientId: null,
        });
      } else if (roll < 0.4) {
        const rate = (0.84 + random() * 0.03).toFixed(4);
        lines.push({
          type: 'cash',
          amount: pounds(Math.round(cost / Number(rate))),
          currency: 'EUR',
          rate,
          fee: '0',
          clientId: null,
        });
      } else if (roll < 0.42) {
        lines.push({
          type: 'cash',
          amount: '0.25000000',
          currency: 'BTC',
          rate: pounds(cost * 4),
          fee: '1',
          clientId: null,
        });
      } else {
        lines.push({
          type: 'cash',
          amount: pounds(cost),
          currency: 'GBP',
          rate: '1',
          fee: '0',
          clientId: null,
        });
      }
      items.push({
        serial,
        stockType,
        brand,
        model,
        description,
        cost,
        retail,
        trade,
        status: 'available',
        daysAgo: between(1, 180),
        lines,
        promoted: false,
      });
    }
  }

  // Oldest first, so that ids follow the order the items were added (the lists' "newest first").
  items.sort((a, b) => b.daysAgo - a.daysAgo);
  // Statuses: a dozen sold (bought over 20 days ago), a few unavailable (at the repairer, reserved), a few out
  // on approval with clients, three promoted; the rest available.
  const older = items.filter((item) => item.daysAgo > 20);
  for (const item of older.filter((_, i) => i % 3 === 0).slice(0, 12)) item.status = 'sold';
  const unsold = items.filter((item) => item.status === 'available');
  for (const item of unsold.filter((_, i) => i % 9 === 4)) item.status = 'unavailable';
  if (clients.length > 0) {
    for (const item of unsold.filter((_, i) => i % 8 === 2).slice(0, 6)) item.status = 'checked_out';
  }
  for (const item of items.filter((i) => i.status === 'available' && i.stockType === 'Watches').slice(-3)) {
    item.promoted = true;
  }

  const createdAt = (item: DemoItem, i: number) =>
    new Date(Date.parse(`${isoDay(now, item.daysAgo)}T10:00:00Z`) + i * 60_000);
  const inserted = await tx.query<{ id: number; serial: string }>(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, trade_price, retail_price, status,
                        purchased_on, promoted_at, promotion_price, created_by, created_at, updated_at)
     SELECT $1, s.serial, s.stock_type, s.brand, s.model, s.description, s.trade, s.retail, s.status, s.day,
            CASE WHEN s.promoted THEN s.created_at END,
            CASE WHEN s.promoted THEN round(s.retail * 0.95, -1) END, $2, s.created_at, s.created_at
       FROM unnest($3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::text[], $8::numeric[],
                   $9::numeric[], $10::varchar[], $11::date[], $12::boolean[], $13::timestamptz[])
            WITH ORDINALITY AS s(serial, stock_type, brand, model, description, trade, retail, status, day, promoted,
                                 created_at, ord)
      ORDER BY s.ord
     RETURNING id, serial`,
    [
      shopId,
      demo.users.platinum,
      items.map((i) => i.serial),
      items.map((i) => i.stockType),
      items.map((i) => i.brand),
      items.map((i) => i.model),
      items.map((i) => i.description),
      items.map((i) => pounds(i.trade)),
      items.map((i) => pounds(i.retail)),
      items.map((i) => i.status),
      items.map((i) => isoDay(now, i.daysAgo)),
      items.map((i) => i.promoted),
      items.map((item, i) => createdAt(item, i)),
    ],
  );
  const idOf = new Map(inserted.map((row) => [row.serial, row.id]));
  const flat = items.flatMap((item, i) =>
    item.lines.map((line, position) => ({
      ...line,
      itemId: idOf.get(item.serial) as number,
      position,
      at: createdAt(item, i),
    })),
  );
  const lineIds = await tx.query<{ id: string; item_id: number; position: number }>(
    `INSERT INTO item_transactions (shop_id, item_id, position, type, amount, currency, exchange_rate, fee_percent,
                                    client_id, amount_gbp, created_at)
     SELECT $1, l.item_id, l.position, l.type, l.amount, l.currency, l.rate, l.fee, l.client_id,
            CASE WHEN l.type = 'cash' THEN round(l.amount * l.rate * (1 - l.fee / 100), 2) ELSE l.amount END, l.at
       FROM unnest($2::int[], $3::int[], $4::varchar[], $5::numeric[], $6::varchar[], $7::numeric[], $8::numeric[],
                   $9::int[], $10::timestamptz[]) AS l(item_id, position, type, amount, currency, rate, fee, client_id, at)
     RETURNING id, item_id, position`,
    [
      shopId,
      flat.map((l) => l.itemId),
      flat.map((l) => l.position),
      flat.map((l) => l.type),
      flat.map((l) => l.amount),
      flat.map((l) => l.currency),
      flat.map((l) => l.rate),
      flat.map((l) => l.fee),
      flat.map((l) => l.clientId),
      flat.map((l) => l.at),
    ],
  );
  await tx.query(
    `UPDATE items i SET purchase_price = t.total
       FROM (SELECT item_id, sum(amount_gbp) AS total FROM item_transactions WHERE shop_id = $1 GROUP BY item_id) t
      WHERE i.id = t.item_id`,
    [shopId],
  );

  // Credit and debt purchases reach the clients' balances the way the API posts them.
  const ledger = new LedgerRepository(tx);
  const lineId = new Map(lineIds.map((row) => [`${row.item_id}:${row.position}`, Number(row.id)]));
  for (const line of flat) {
    if (line.clientId === null) continue;
    const item = items.find((i) => idOf.get(i.serial) === line.itemId) as DemoItem;
    const sourceId = lineId.get(`${line.itemId}:${line.position}`) as number;
    await ledger.post(
      stockLinePosting(
        item,
        { type: line.type as 'credit' | 'debt', clientId: line.clientId, amount: line.amount, sourceId },
        { shopId, date: isoDay(now, item.daysAgo), userId: demo.users.platinum, at: line.at },
      ),
    );
  }

  const out = items.filter((i) => i.status === 'checked_out');
  if (out.length > 0) {
    await tx.query(
      `INSERT INTO checkouts (shop_id, item_id, client_id, due_date, note, checked_out_by, checked_out_at)
       SELECT $1, o.item_id, o.client_id, o.due, o.note, $2, o.at
         FROM unnest($3::int[], $4::int[], $5::date[], $6::text[], $7::timestamptz[]) AS o(item_id, client_id, due, note, at)`,
      [
        shopId,
        demo.users.gold,
        out.map((i) => idOf.get(i.serial)),
        out.map((_, k) => (clients[k % clients.length] as { id: number }).id),
        // One of them is overdue, so the checked-out list has something to chase.
        out.map((_, k) => (k === 0 ? isoDay(now, 2) : isoDay(now, -(7 + k * 3)))),
        out.map((_, k) => (k % 2 === 0 ? 'On approval for the weekend' : '')),
        out.map((_, k) => new Date(now.getTime() - (k + 1) * 86_400_000)),
      ],
    );
  }

  // Sales over the last three months, priced around the retail price, in a mix of payment methods.
  const sold = items.filter((i) => i.status === 'sold');
  await tx.query(
    `INSERT INTO sales (shop_id, item_id, name, amount, currency, exchange_rate, amount_gbp, cost_gbp,
                        payment_method, client_id, sale_date, notes, created_by, created_at)
     SELECT $1, i.id, CASE WHEN i.brand <> '' THEN btrim(i.brand || ' ' || i.model) || ' ' || i.serial
                           ELSE i.description END,
            s.amount, 'GBP', 1, s.amount, i.purchase_price, s.method, s.client_id, s.day, '', $2,
            s.day::timestamp + time '15:00'
       FROM unnest($3::int[], $4::numeric[], $5::varchar[], $6::int[], $7::date[]) AS s(item_id, amount, method, client_id, day)
       JOIN items i ON i.id = s.item_id`,
    [
      shopId,
      demo.users.gold,
      sold.map((i) => idOf.get(i.serial)),
      sold.map((i) => pounds(Math.round((i.retail * (0.9 + random() * 0.1)) / 10) * 10)),
      sold.map(() => pick(PAYMENT_METHODS.slice(0, 5))),
      sold.map((_, k) =>
        clients.length > 0 && k % 2 === 0 ? (clients[k % clients.length] as { id: number }).id : null,
      ),
      sold.map((i, k) => isoDay(now, Math.min(i.daysAgo - 1, 3 + ((k * 7) % 85)))),
    ],
  );
}
