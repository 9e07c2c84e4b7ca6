import { AGED_STOCK_DAYS, endpoints, pathOf, type Item, type StockAging } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from '../inventory/setup';

// Clock: 2026-03-01 09:00 UTC (Europe/London: the same day). 2025-12-01 is 90 days before it. Costs are read as
// gold: silver gets the aged stock without them unless the shop allows (issue 21, test/kernel/costs.test.ts).
const { state, as, client } = inventoryTestbed();
const ITEMS = '/api/items/';
const DAY = 86_400_000;

async function add(browser: Browser, serial: string, purchasedOn: string, cost: number | string, over = {}) {
  const response = await browser.post(
    ITEMS,
    itemBody({ serial, purchasedOn, transactions: [{ type: 'cash', amount: cost }], ...over }),
  );
  expect(response.statusCode).toBe(201);
  return response.json() as Promise<Item>;
}

async function sell(browser: Browser, id: number, date: string) {
  const response = await browser.post(`${ITEMS}${id}/sell/`, { price: 100, date });
  expect(response.statusCode).toBe(200);
  return response.json() as Promise<Item>;
}

const aging = async (browser: Browser, query = '') => {
  const response = await browser.get(`${pathOf(endpoints.stock.aging)}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as Promise<StockAging>;
};

describe('aged stock', () => {
  it('counts owned stock held 90 days or more at its cost; sold and consignment items are not', async () => {
    expect(AGED_STOCK_DAYS).toBe(90);
    let browser = await as('gold');
    const a = await add(browser, 'A-90', '2025-12-01', '1000.10');
    await add(browser, 'B-89', '2025-12-02', 5000);
    const c = await add(browser, 'C-OLD', '2025-03-01', '2500.25');
    const unavailable = await add(browser, 'D-OFF', '2025-06-15', 300, { status: 'unavailable' });
    const sold = await add(browser, 'E-SOLD', '2025-01-01', 7000);
    await sell(browser, sold.id, '2026-02-01');
    await add(browser, 'F-MEMO', '2025-01-01', 0, {
      transactions: undefined,
      consignment: { supplierId: await client('Bruno'), agreedCost: 9999 },
    });

    expect(a.daysInStock).toBe(90);
    expect(c.daysInStock).toBe(365);
    expect(unavailable.daysInStock).toBe(259);
    const figures = await aging(browser);
    expect(figures.today).toBe('2026-03-01');
    // 1000.10 + 2500.25 + 300 (B is 89 days: not yet).
    expect(figures.over90).toEqual({ count: 3, cost: 3800.35 });

    // A day later B turns 90 and every in-stock item's days move on; the sold item's stay at its sale.
    state.clock.advance(DAY);
    browser = await as('gold'); // a day idle ends the session
    expect((await aging(browser)).over90).toEqual({ count: 4, cost: 8800.35 });
    const list = (await browser.get(`${ITEMS}?page_size=100`)).json().results as Item[];
    const days = Object.fromEntries(list.map((i) => [i.serial, i.daysInStock]));
    expect(days).toEqual({
      'A-90': 91,
      'B-89': 90,
      'C-OLD': 366,
      'D-OFF': 260,
      'E-SOLD': 396,
      'F-MEMO': 425,
    });
  });

  it('averages the days from purchase to sale over the sales that stand in the range', async () => {
    const browser = await as('platinum');
    const one = await add(browser, 'S1', '2026-01-01', 100);
    const two = await add(browser, 'S2', '2025-12-01', 100);
    const three = await add(browser, 'S3', '2025-11-01', 100);
    const old = await add(browser, 'S4', '2024-01-01', 100);
    expect((await sell(browser, one.id, '2026-02-10')).daysInStock).toBe(40);
    expect((await sell(browser, two.id, '2026-02-28')).daysInStock).toBe(89);
    await sell(browser, three.id, '2026-02-20'); // 111 days, then voided: it no longer counts
    const voided = await browser.post(pathOf(endpoints.items.voidSale, { id: three.id }), {
      reason: 'Returned',
    });
    expect(voided.statusCode).toBe(200);
    await sell(browser, old.id, '2025-01-01'); // 366 days, sold 424 days ago: outside the default year

    const figures = await aging(browser);
    expect(figures.from).toBe('2025-03-02');
    expect(figures.to).toBe('2026-03-01');
    // (40 + 89) / 2
    expect(figures.averageDaysToSell).toBe(64.5);
    expect(figures.salesCounted).toBe(2);

    const all = await aging(browser, '?from=2024-01-01&to=2026-03-01');
    // (40 + 89 + 366) / 3 = 165
    expect(all.averageDaysToSell).toBe(165);
    expect(all.salesCounted).toBe(3);
    // Thirds round to one decimal: (40 + 89 + 366 + 0) / 4 = 123.75 → 123.8
    const same = await add(browser, 'S5', '2026-02-01', 100);
    await sell(browser, same.id, '2026-02-01');
    expect((await aging(browser, '?from=2024-01-01&to=2026-03-01')).averageDaysToSell).toBe(123.8);

    const none = await aging(browser, '?from=2023-01-01&to=2023-12-31');
    expect(none.averageDaysToSell).toBeNull();
    expect(none.salesCounted).toBe(0);
  });

  it('lists approvals past their due date with the client, most overdue first', async () => {
    let browser = await as('silver');
    const ada = await client('Ada');
    const ben = await client('Ben');
    const first = await add(browser, 'M1', '2026-01-01', 100);
    const second = await add(browser, 'M2', '2026-01-01', 100, { brand: 'Omega', model: 'Seamaster' });
    const third = await add(browser, 'M3', '2026-01-01', 100);
    const out = (id: number, clientId: number, dueDate: string | null, agreedPrice?: unknown) =>
      browser.post(`${ITEMS}${id}/check-out/`, {
        clientId,
        dueDate,
        ...(agreedPrice === undefined ? {} : { agreedPrice }),
      });
    expect((await out(first.id, ada, '2026-03-05')).statusCode).toBe(200);
    expect((await out(second.id, ben, '2026-03-03', '4100.50')).statusCode).toBe(200);
    expect((await out(third.id, ada, null)).statusCode).toBe(200);
    expect((await aging(browser)).memoOverdue).toEqual([]);

    state.clock.advance(10 * DAY); // 2026-03-11
    browser = await as('silver');
    const figures = await aging(browser);
    expect(figures.memoOverdueCount).toBe(2);
    expect(figures.memoOverdue).toEqual([
      {
        checkoutId: expect.any(Number),
        itemId: second.id,
        serial: 'M2',
        brand: 'Omega',
        model: 'Seamaster',
        clientId: ben,
        clientName: 'Ben',
        dueDate: '2026-03-03',
        daysOverdue: 8,
        agreedPrice: 4100.5,
      },
      expect.objectContaining({ itemId: first.id, clientName: 'Ada', dueDate: '2026-03-05', daysOverdue: 6 }),
    ]);
    // Returned: no longer out, no longer overdue.
    expect((await browser.post(`${ITEMS}${second.id}/return/`, {})).statusCode).toBe(200);
    expect((await aging(browser)).memoOverdue.map((m) => m.serial)).toEqual(['M1']);
  });

  it('lists consignments past their return-by date until they are returned or sold', async () => {
    const browser = await as('gold');
    const bruno = await client('Bruno');
    const memo = (serial: string, returnBy: string | null) =>
      add(browser, serial, '2026-01-10', 0, {
        transactions: undefined,
        consignment: { supplierId: bruno, agreedCost: '750.00', returnBy },
      });
    const late = await memo('C1', '2026-02-20');
    await memo('C2', '2026-03-01'); // due today: not yet overdue
    await memo('C3', null);
    const sold = await memo('C4', '2026-02-01');
    await sell(browser, sold.id, '2026-02-25');

    const figures = await aging(browser);
    expect(figures.consignmentOverdueCount).toBe(1);
    expect(figures.consignmentOverdue).toEqual([
      {
        itemId: late.id,
        serial: 'C1',
        brand: 'Rolex',
        model: 'Submariner',
        supplierId: bruno,
        supplierName: 'Bruno',
        returnBy: '2026-02-20',
        daysOverdue: 9,
        agreedCost: 750,
      },
    ]);
    await browser.post(pathOf(endpoints.items.returnToSupplier, { id: late.id }), {});
    expect((await aging(browser)).consignmentOverdue).toEqual([]);
  });

  it('orders items by days in stock, fewest first or most first', async () => {
    const browser = await as('silver');
    await add(browser, 'MID', '2025-10-01', 1);
    await add(browser, 'NEW', '2026-02-01', 1);
    await add(browser, 'OLD', '2024-05-01', 1);
    const order = async (ordering: string) =>
      ((await browser.get(`${ITEMS}?ordering=${ordering}`)).json().results as Item[]).map((i) => [
        i.serial,
        i.daysInStock,
      ]);
    expect(await order('days_in_stock')).toEqual([
      ['NEW', 28],
      ['MID', 151],
      ['OLD', 669],
    ]);
    expect(await order('-days_in_stock')).toEqual([
      ['OLD', 669],
      ['MID', 151],
      ['NEW', 28],
    ]);
  });

  it('checks its range, keeps to the caller’s shop and lets no anonymous caller in', async () => {
    const browser = await as('gold');
    const bad = async (query: string) => {
      const response = await browser.get(`${pathOf(endpoints.stock.aging)}${query}`);
      expect(response.statusCode).toBe(400);
      return response.json();
    };
    expect(await bad('?from=2026-01-01')).toEqual({ to: ['This field is required.'] });
    expect(await bad('?from=2026-02-01&to=2026-01-01')).toEqual({ to: ['Ensure To is on or after From.'] });
    expect(Object.keys(await bad('?from=2026-13-01&to=2026-12-01'))).toEqual(['from']);
    expect(Object.keys(await bad('?since=2026-01-01'))).toEqual(['since']);

    const rival = await as('rival');
    await add(rival, 'THEIRS', '2024-01-01', 500);
    expect((await aging(browser)).over90).toEqual({ count: 0, cost: 0 });
    expect((await aging(rival)).over90).toEqual({ count: 1, cost: 500 });

    const anonymous = await as('anonymous');
    expect((await anonymous.get(pathOf(endpoints.stock.aging))).statusCode).toBe(401);
  });
});
