import {
  BRAND_CATALOGUE,
  PAYMENT_METHODS,
  type Brand,
  type ItemStatus,
  type StockType,
} from '@loupe/contracts';
import type { AttributeChanges } from '../modules/inventory';
import { sumPounds } from '../kernel/money';
import { itemFormPayments } from '../modules/inventory/item-input';
import { stockLinePosting } from '../modules/inventory/stock-postings';
import { ItemSalesService } from '../modules/sales';
import { isoDay, makeSales, pastAt, seedingContext, seedingRepos, type DemoContext } from './demo-context';

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
  /** Issue 22: what a dealer records of a watch or a jewel. */
  attributes: AttributeChanges;
}

/** A reference, case and movement per catalogue model, as the makers list them (issue 22's demo attributes). */
const WATCH_SPECS: Record<
  string,
  [reference: string, caseMaterial: string, diameterMm: string, movement: string]
> = {
  Submariner: ['126610LN', 'Oystersteel', '41', 'automatic'],
  Daytona: ['126500LN', 'Oystersteel', '40', 'automatic'],
  Datejust: ['126334', 'Oystersteel and white gold', '41', 'automatic'],
  'GMT-Master': ['126710BLRO', 'Oystersteel', '40', 'automatic'],
  Explorer: ['124270', 'Oystersteel', '36', 'automatic'],
  Speedmaster: ['310.30.42.50.01.001', 'Stainless steel', '42', 'manual'],
  Seamaster: ['210.30.42.20.01.001', 'Stainless steel', '42', 'automatic'],
  Constellation: ['131.10.39.20.02.001', 'Stainless steel', '39', 'automatic'],
  'De Ville': ['434.10.40.20.02.001', 'Stainless steel', '40', 'automatic'],
  Globemaster: ['130.30.39.21.02.001', 'Stainless steel', '39', 'automatic'],
  Tank: ['WSTA0041', 'Steel', '33.7', 'quartz'],
  'Ballon Bleu': ['WSBB0046', 'Steel', '42', 'automatic'],
  Santos: ['WSSA0018', 'Steel', '39.8', 'automatic'],
  Pasha: ['WSPA0009', 'Steel', '41', 'automatic'],
  Panthère: ['WSPN0007', 'Steel', '30', 'quartz'],
  // Issue 22: brands of the shop's own catalogue beyond the specification's three.
  Nautilus: ['5711/1A-010', 'Stainless steel', '40', 'automatic'],
  'Sea-Dweller': ['126600', 'Oystersteel', '43', 'automatic'],
  'Royal Oak': ['15500ST.OO.1220ST.01', 'Stainless steel', '41', 'automatic'],
};

/**
 * Watches of the catalogue's reference brands (issue 22: a Patek Philippe or a Sea-Dweller can now be entered),
 * in place of the random pick for these watch numbers, at a price of their own. No random draw is added, so the
 * rest of the demo stays as it was.
 */
const CATALOGUE_WATCHES: Readonly<Record<number, { brand: string; model: string; cost: number }>> = {
  2: { brand: 'Patek Philippe', model: 'Nautilus', cost: 41500 },
  5: { brand: 'Rolex', model: 'Sea-Dweller', cost: 9800 },
  9: { brand: 'Audemars Piguet', model: 'Royal Oak', cost: 33800 },
};
const GRADES = ['excellent', 'very_good', 'excellent', 'good', 'unworn', 'very_good', 'fair'] as const;

const JEWELLERY = [
  'Diamond tennis bracelet, 18ct white gold, 5.2ct',
  'Sapphire and diamond cluster ring, platinum',
  'Pearl strand, South Sea, 11-13mm, diamond clasp',
  'Emerald drop earrings, 18ct yellow gold',
  'Art Deco diamond brooch, c.1925',
  'Ruby eternity band, 18ct rose gold',
  'Diamond solitaire pendant, 1.01ct, GIA',
];
/** Each JEWELLERY piece's metal, fineness, weight, hallmark and stones, in the same order. */
const JEWELLERY_SPECS: AttributeChanges[] = [
  {
    metal: 'White gold',
    fineness: 750,
    weightGrams: '14.8',
    hallmark: 'London, 750',
    stones: 'Round brilliant diamonds, 5.20ct total',
  },
  {
    metal: 'Platinum',
    fineness: 950,
    weightGrams: '6.2',
    hallmark: 'Birmingham, 950',
    stones: 'Oval sapphire c.1.50ct; ten round brilliant diamonds 0.60ct total',
  },
  {
    metal: 'White gold',
    fineness: 750,
    weightGrams: '68.5',
    hallmark: 'Clasp: London, 750',
    stones: 'South Sea pearls 11-13mm; diamond clasp 0.35ct',
  },
  {
    metal: 'Yellow gold',
    fineness: 750,
    weightGrams: '7.4',
    hallmark: 'Edinburgh, 750',
    stones: 'Two pear-cut emeralds, 2.10ct total',
  },
  // Platinum was not hallmarked in the UK before 1975.
  { metal: 'Platinum', weightGrams: '11.3', stones: 'Old European-cut diamonds, c.2.40ct total' },
  {
    metal: 'Rose gold',
    fineness: 750,
    weightGrams: '3.9',
    hallmark: 'Sheffield, 750',
    stones: 'Twenty round rubies, 1.20ct total',
  },
  {
    metal: 'White gold',
    fineness: 750,
    weightGrams: '2.1',
    hallmark: 'London, 750',
    stones: 'Round brilliant diamond 1.01ct, F VS1, GIA certificate',
  },
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
 * Written through the inventory's repositories (items, purchase lines, check-outs) and the ledger's; the sales
 * through the sales module, each back-dated to its day.
 */
export async function seedInventoryDemo(demo: DemoContext): Promise<void> {
  const { tx, shopId, now, random } = demo;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (min: number, max: number) => Math.round(min + random() * (max - min));
  // Not the relationships that ended over five years ago (clients.ts: the retention review's), which buy nothing now.
  const clients = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM clients WHERE shop_id = $1 AND created_at >= $2 ORDER BY id',
    [shopId, new Date(now.getTime() - 5 * 366 * 86_400_000)],
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
      let attributes: AttributeChanges = {};
      if (stockType === 'Watches') {
        brand = pick(Object.keys(BRAND_CATALOGUE) as Brand[]);
        model = pick(BRAND_CATALOGUE[brand as Brand]);
        const dial = pick(['Black', 'Blue', 'Silver', 'Green', 'White']);
        const year = between(2008, 2025);
        const set = pick(['full set', 'box and papers', 'watch only', 'papers only']);
        description = `${dial} dial, ${year}, ${set}`;
        cost = brand === 'Rolex' ? between(7000, 32000) : between(2500, 9000);
        const fromCatalogue = CATALOGUE_WATCHES[n];
        if (fromCatalogue) ({ brand, model, cost } = fromCatalogue);
        // The description's own dial, year and set, so the two never disagree.
        const spec = WATCH_SPECS[model];
        attributes = {
          referenceNumber: spec?.[0] ?? '',
          year,
          box: set === 'full set' || set === 'box and papers',
          papers: set !== 'watch only',
          caseMaterial: spec?.[1] ?? '',
          caseDiameterMm: spec?.[2] ?? null,
          dial,
          movement: (spec?.[3] ?? null) as AttributeChanges['movement'],
          conditionGrade: GRADES[n % GRADES.length],
        };
      } else if (stockType === 'Jewellery') {
        description = JEWELLERY[i % JEWELLERY.length] as string;
        attributes = {
          ...JEWELLERY_SPECS[i % JEWELLERY_SPECS.length],
          conditionGrade: GRADES[(n + 1) % GRADES.length],
        };
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
        attributes,
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
  // Each item as Add Item writes it (available; watches kept in Safe 1, the rest in the window), with its
  // purchase lines (the purchase price is their sum, computed as the API does), then the credit and debt lines
  // posted on the clients' ledgers the way the API posts them.
  const repos = seedingRepos(tx, now);
  const idOf = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    const at = createdAt(item, i);
    const id = await repos.items.insert({
      shopId,
      serial: item.serial,
      stockType: item.stockType,
      brand: item.brand,
      model: item.model,
      description: item.description,
      tradePrice: pounds(item.trade),
      retailPrice: pounds(item.retail),
      status: item.status === 'unavailable' ? 'unavailable' : 'available',
      purchasedOn: isoDay(now, item.daysAgo),
      location: item.stockType === 'Watches' ? 'Safe 1' : 'Window',
      attributes: item.attributes,
      userId: demo.users.platinum,
      at,
    });
    idOf.set(item.serial, id);
    const transactions = item.lines.map((line) => ({
      type: line.type,
      amount: line.amount,
      currency: line.currency,
      exchangeRate: line.rate,
      feePercent: line.fee,
      clientId: line.clientId,
    }));
    const lines = await repos.items.insertTransactions(shopId, id, transactions, at);
    for (const [position, line] of item.lines.entries()) {
      if (line.type === 'cash' || line.clientId === null) continue;
      await repos.ledger.post(
        stockLinePosting(
          item,
          {
            type: line.type,
            clientId: line.clientId,
            amount: line.amount,
            sourceId: (lines[position] as { id: number }).id,
          },
          { shopId, date: isoDay(now, item.daysAgo), userId: demo.users.platinum, at },
        ),
      );
    }
    // Its purchase document, as Add Item records it (issue 22): bought from the client of a credit or debt
    // line, else with no seller on file (the cash purchases of the form, whose checks show as outstanding).
    const seller =
      item.lines.find((line) => line.type !== 'cash' && line.clientId !== null)?.clientId ?? null;
    const paid = sumPounds(lines.map((l) => l.amountGbp));
    const stockNumber = (await repos.items.findRow(shopId, id))?.stockNumber as number;
    if (Number(paid) > 0)
      await repos.purchases.recordItemForm({
        shopId,
        userId: demo.users.platinum,
        sellerId: seller,
        sellerKind: i % 5 === 0 ? 'trade' : 'private',
        date: isoDay(now, item.daysAgo),
        item: {
          id,
          stockNumber,
          stockType: item.stockType,
          brand: item.brand,
          model: item.model,
          serial: item.serial,
          description: item.description,
          purchasePrice: paid,
        },
        payments: itemFormPayments(transactions, lines),
        at,
      });
    if (item.promoted) {
      await repos.items.setPromotion(
        shopId,
        id,
        { price: pounds(Math.round((item.retail * 0.95) / 10) * 10), note: '' },
        at,
      );
    }
  }

  // Out on approval with clients: one of them overdue, so the checked-out list has something to chase.
  const out = items.filter((i) => i.status === 'checked_out');
  for (const [k, item] of out.entries()) {
    const id = idOf.get(item.serial) as number;
    const at = new Date(now.getTime() - (k + 1) * 86_400_000);
    await repos.checkouts.open({
      shopId,
      itemId: id,
      clientId: (clients[k % clients.length] as { id: number }).id,
      dueDate: k === 0 ? isoDay(now, 2) : isoDay(now, -(7 + k * 3)),
      note: k % 2 === 0 ? 'On approval for the weekend' : '',
      agreedPrice: null,
      userId: demo.users.gold,
      at,
    });
    await repos.items.setStatus(shopId, id, 'checked_out', at);
  }

  // Sales over the last three months, priced around the retail price, in a mix of payment methods: each an
  // item's Sell (a one-line deal of the sales module: its sale row at the purchase price as cost, its invoice,
  // the AML check), made at 3pm on its day. Cash only from walk-ins and under £2,000: the demo's one AML flag
  // is the compliance demo's.
  const sold = items.filter((i) => i.status === 'sold');
  const prices = sold.map((i) => pounds(Math.round((i.retail * (0.9 + random() * 0.1)) / 10) * 10));
  const methods = sold.map(() => pick(PAYMENT_METHODS.slice(0, 5)));
  await makeSales(
    demo,
    sold.map((item, k) => {
      const itemId = idOf.get(item.serial) as number;
      const clientId =
        clients.length > 0 && k % 2 === 0 ? (clients[k % clients.length] as { id: number }).id : null;
      const price = prices[k] as string;
      const chosen = methods[k] as (typeof PAYMENT_METHODS)[number];
      const method =
        chosen === 'Cash' && (clientId !== null || Number(price) >= 2000) ? 'Bank Transfer' : chosen;
      const at = pastAt(now, Math.min(item.daysAgo - 1, 3 + ((k * 7) % 85)), 15);
      return {
        at,
        itemIds: [itemId],
        make: async () => {
          await new ItemSalesService(seedingContext(tx, at)).sell(
            { shopId, userId: demo.users.gold, role: 'gold' },
            itemId,
            { price, paymentMethod: method, clientId },
          );
        },
      };
    }),
  );
}
