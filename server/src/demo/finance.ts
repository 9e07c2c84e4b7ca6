import type { Currency, PaymentMethod } from '@loupe/contracts';
import { reversalNote } from '../kernel/reversals';
import { recordQuickSale, reverseQuickSale, type NewQuickSale } from '../modules/sales';
import { isoDay, makeSales, pastAt, seedingRepos, type DemoContext, type DemoSale } from './demo-context';

interface DemoEntry {
  name: string;
  amount: string;
  currency: Currency;
  rate: string;
  method: PaymentMethod;
  notes: string;
  day: string;
}

/** Rough rates of the demo period (GBP per unit), so converted entries look plausible. */
const RATES: Record<Exclude<Currency, 'GBP'>, string> = { USD: '0.79', EUR: '0.85', BTC: '52000' };

const MONTHLY = [
  { name: 'Shop rent', amount: 4200, method: 'Bank Transfer', day: 1 },
  { name: 'Insurance (stock and premises)', amount: 610.4, method: 'Bank Transfer', day: 3 },
  { name: 'Electricity', amount: 287.65, method: 'Bank Transfer', day: 12 },
  { name: 'Payroll bureau', amount: 95, method: 'Debit Card', day: 25 },
] as const;

const OCCASIONAL: ReadonlyArray<[string, number, number, PaymentMethod]> = [
  // name, lowest, highest (GBP), method
  ['Watchmaker: service parts', 40, 420, 'Bank Transfer'],
  ['Courier (insured)', 18, 95, 'Credit Card'],
  ['Packaging and boxes', 25, 160, 'Debit Card'],
  ['Cleaning', 30, 60, 'Cash'],
  ['Coffee and sundries', 4, 35, 'Cash'],
  ['Online listing fees', 20, 240, 'PayPal'],
  ['Advertising, "The Watch Quarterly"', 150, 900, 'Credit Card'],
  ['Gemmological certificate', 60, 280, 'Bank Transfer'],
];

const QUICK: ReadonlyArray<[string, number, number]> = [
  ['Battery change', 12, 25],
  ['Strap fitting', 20, 45],
  ['Leather strap', 45, 160],
  ['Bracelet sizing', 15, 30],
  ['Jewellery cleaning and polish', 25, 80],
  ['Insurance valuation', 60, 150],
  ['Watch service (outsourced)', 250, 650],
  ['Pressure test', 20, 35],
];
const QUICK_METHODS: PaymentMethod[] = [
  'Cash',
  'Cash',
  'Debit Card',
  'Credit Card',
  'Bank Transfer',
  'PayPal',
];

/**
 * Four months of expenses (rent and bills each month, smaller costs every few days, a few paid in USD, EUR or
 * BTC) and of quick sales (services and small accessories, one voided) for the demo shop, and two reports pinned
 * to the owner's dashboard. Expenses and pins go through the finance module's repositories; each quick sale is
 * made through the sales module (a one-line deal with its invoice), back-dated to its day. Item sales and
 * purchases come from the inventory demo.
 */
export async function seedFinanceDemo(demo: DemoContext): Promise<void> {
  const { random, now } = demo;
  const between = (low: number, high: number) => (low + random() * (high - low)).toFixed(2);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  const expenses: DemoEntry[] = [];
  const today = isoDay(now);
  // Month starts of this month and the three before it (UTC calendar, as the other demo seeders).
  for (let back = 3; back >= 0; back -= 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    for (const bill of MONTHLY) {
      const day = new Date(first.getTime() + (bill.day - 1) * 86_400_000).toISOString().slice(0, 10);
      if (day > today) continue;
      expenses.push({
        name: bill.name,
        amount: bill.amount.toFixed(2),
        currency: 'GBP',
        rate: '1',
        method: bill.method,
        notes: '',
        day,
      });
    }
  }
  for (let daysAgo = 118; daysAgo >= 0; daysAgo -= 1 + Math.floor(random() * 4)) {
    const [name, low, high, method] = pick(OCCASIONAL);
    expenses.push({
      name,
      amount: between(low, high),
      currency: 'GBP',
      rate: '1',
      method,
      notes: '',
      day: isoDay(now, daysAgo),
    });
  }
  // Bought abroad: the amount in its currency, converted at the rate of the day.
  expenses.push(
    {
      name: 'Basel fair: stand share',
      amount: '1850.00',
      currency: 'EUR',
      rate: RATES.EUR,
      method: 'Credit Card',
      notes: 'Split with two dealers',
      day: isoDay(now, 75),
    },
    {
      name: 'Spare parts from Geneva supplier',
      amount: '640.00',
      currency: 'USD',
      rate: RATES.USD,
      method: 'Bank Transfer',
      notes: '',
      day: isoDay(now, 41),
    },
    {
      name: 'Authentication service',
      amount: '0.0045',
      currency: 'BTC',
      rate: RATES.BTC,
      method: 'Bitcoin',
      notes: 'Paid on chain',
      day: isoDay(now, 9),
    },
  );

  const quick: DemoEntry[] = [];
  for (let daysAgo = 119; daysAgo >= 0; daysAgo -= 1 + Math.floor(random() * 3)) {
    const [name, low, high] = pick(QUICK);
    quick.push({
      name,
      amount: between(low, high),
      currency: 'GBP',
      rate: '1',
      method: pick(QUICK_METHODS),
      notes: '',
      day: isoDay(now, daysAgo),
    });
  }
  // Something sold today, so the Sales Summary's "today" has a figure on any day the demo starts.
  quick.push(
    {
      name: 'Battery change',
      amount: '18.50',
      currency: 'GBP',
      rate: '1',
      method: 'Cash',
      notes: '',
      day: today,
    },
    {
      name: 'Vintage strap (tourist)',
      amount: '180.00',
      currency: 'USD',
      rate: RATES.USD,
      method: 'Credit Card',
      notes: '',
      day: isoDay(now, 33),
    },
    {
      name: 'Insurance valuation',
      amount: '120.00',
      currency: 'EUR',
      rate: RATES.EUR,
      method: 'Credit Card',
      notes: 'Two rings',
      day: isoDay(now, 12),
    },
  );

  const repos = seedingRepos(demo.tx, now);
  const at = (day: string, hour: number) =>
    pastAt(now, Math.round((Date.parse(today) - Date.parse(day)) / 86_400_000), hour);
  for (const e of expenses) {
    await repos.expenses.insert({
      shopId: demo.shopId,
      name: e.name,
      amount: e.amount,
      currency: e.currency,
      exchangeRate: e.rate,
      paymentMethod: e.method,
      notes: e.notes,
      date: e.day,
      userId: demo.users.gold,
      at: at(e.day, 12),
    });
  }

  // Each quick sale is a one-line deal of the sales module (its invoice, its AML check), made on its day.
  const sale = (e: DemoEntry): NewQuickSale => ({
    shopId: demo.shopId,
    userId: demo.users.silver,
    at: at(e.day, 14),
    name: e.name,
    amount: e.amount,
    currency: e.currency,
    exchangeRate: e.rate,
    paymentMethod: e.method,
    notes: e.notes,
    date: e.day,
    clientId: null,
    buyerName: '',
  });
  const planned: DemoSale[] = quick.map((e) => ({
    at: at(e.day, 14),
    make: async () => {
      await recordQuickSale(seedingRepos(demo.tx, at(e.day, 14)), sale(e));
    },
  }));
  // One rung up twice and voided the next morning by gold: its reversal and credit note.
  const twice: DemoEntry = {
    name: 'Pressure test',
    amount: '30.00',
    currency: 'GBP',
    rate: '1',
    method: 'Debit Card',
    notes: '',
    day: isoDay(now, 27),
  };
  let twiceId = 0;
  const voidedAt = at(isoDay(now, 26), 10);
  const reason = 'Rung up twice: the card was charged once.';
  planned.push(
    {
      at: at(twice.day, 14),
      make: async () => {
        twiceId = await recordQuickSale(seedingRepos(demo.tx, at(twice.day, 14)), sale(twice));
      },
    },
    {
      at: voidedAt,
      make: async () => {
        const repos = seedingRepos(demo.tx, voidedAt);
        const { shopId } = demo;
        const userId = demo.users.gold;
        const { reversalId, creditNote } = await reverseQuickSale(repos, {
          shopId,
          originalId: twiceId,
          date: isoDay(now, 26),
          reason,
          notes: reversalNote(twiceId, reason),
          userId,
          at: voidedAt,
        });
        await repos.audit.record({
          shopId,
          userId,
          entity: 'sale',
          entityId: twiceId,
          action: 'void',
          after: { reason, reversalId, amountGbp: 30, creditNote },
          at: voidedAt,
        });
      },
    },
  );
  await makeSales(demo, planned);

  for (const [type, range] of [
    ['profit_loss', 'monthly'],
    ['sales', 'weekly'],
  ] as const) {
    await repos.pins.add({
      shopId: demo.shopId,
      userId: demo.users.platinum,
      type,
      range,
      from: null,
      to: null,
      at: now,
    });
  }
}
