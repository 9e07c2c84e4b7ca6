import {
  CONSIGNMENT_NOT_RETURNABLE,
  CONSIGNMENT_WITH_TRANSACTIONS,
  NOT_CONSIGNMENT,
  endpoints,
  pathOf,
  type Item,
} from '@loupe/contracts';
import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from '../inventory/setup';

// Clock: 2026-03-01 09:00 UTC (Europe/London: the same day).
const { state, as, client, balance, audit } = inventoryTestbed();
const ITEMS = '/api/items/';

async function add(browser: Browser, over: Record<string, unknown> = {}): Promise<Item> {
  const response = await browser.post(ITEMS, itemBody(over));
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** An item received on memo from `supplierId`. */
const consigned = (browser: Browser, supplierId: number, over: Record<string, unknown> = {}) =>
  add(browser, {
    serial: 'MEMO-1',
    brand: 'Omega',
    model: 'Speedmaster',
    purchasedOn: '2026-02-01',
    transactions: undefined,
    consignment: { supplierId, agreedCost: '4200.50', returnBy: '2026-04-01', supplierRef: 'INV-77' },
    ...over,
  });

const returnToSupplier = (browser: Browser, id: number, body: unknown = {}) =>
  browser.post(pathOf(endpoints.items.returnToSupplier, { id }), body);

const ledgerOf = (clientId: number) =>
  state.db.query<{
    amount_gbp: string;
    source: string | null;
    method: string;
    entry_date: string;
    reversal_of: string | null;
  }>(
    `SELECT amount_gbp::text AS amount_gbp, source, method, entry_date::text AS entry_date,
            reversal_of::text AS reversal_of
       FROM client_ledger WHERE client_id = $1 ORDER BY id`,
    [clientId],
  );

describe('receiving an item on consignment', () => {
  it('records the terms, owes the supplier nothing yet, and lists it as consignment', async () => {
    // Gold: the agreed cost is a cost, which silver sees only where the shop allows (issue 21, kernel/costs.ts).
    const browser = await as('gold');
    const supplier = await client('Bruno');
    const owned = await add(browser, { serial: 'OWN-1' });
    const item = await consigned(browser, supplier);

    expect(item.consignment).toEqual({
      supplierId: supplier,
      supplierName: 'Bruno',
      agreedCost: 4200.5,
      returnBy: '2026-04-01',
      supplierRef: 'INV-77',
      returnedAt: null,
      overdue: false,
    });
    // Its cost when it sells is the agreed cost; nothing was bought, so no transactions and no ledger entry.
    expect(item.purchasePrice).toBe(4200.5);
    expect(item.transactions).toEqual([]);
    expect(item.daysInStock).toBe(28);
    expect(await ledgerOf(supplier)).toEqual([]);
    expect(await balance(supplier)).toBe('0.00');
    expect(owned.consignment).toBeNull();

    const list = async (query: string) =>
      ((await browser.get(`${ITEMS}?${query}`)).json() as { results: Item[] }).results.map((i) => i.serial);
    expect(await list('consignment=true')).toEqual(['MEMO-1']);
    expect(await list('consignment=false')).toEqual(['OWN-1']);
    expect(await list('')).toEqual(['MEMO-1', 'OWN-1']);
    expect((await browser.get(`${ITEMS}?consignment=maybe`)).statusCode).toBe(400);
  });

  it('flags an item past its return-by date as overdue', async () => {
    const browser = await as('silver');
    const item = await consigned(browser, await client('Bruno'), {
      consignment: { supplierId: await client('Cleo'), agreedCost: 100, returnBy: '2026-02-28' },
    });
    expect(item.consignment?.overdue).toBe(true);
    expect(item.consignment?.supplierRef).toBe('');
  });

  it('refuses purchase transactions with it, a supplier of another shop, and a bad cost or date', async () => {
    const browser = await as('silver');
    const supplier = await client('Bruno');
    const theirs = await client('Rival client', 'other');
    const post = (over: Record<string, unknown>) =>
      browser.post(ITEMS, itemBody({ serial: 'MEMO-X', ...over }));

    const withLines = await post({ consignment: { supplierId: supplier, agreedCost: 10 } });
    expect(withLines.statusCode).toBe(400);
    expect(withLines.json()).toEqual({ transactions: [CONSIGNMENT_WITH_TRANSACTIONS] });

    const foreign = await post({
      transactions: undefined,
      consignment: { supplierId: theirs, agreedCost: 10 },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      consignment: [`supplierId: Invalid pk "${theirs}" - object does not exist.`],
    });

    const bad = await post({
      transactions: undefined,
      consignment: { supplierId: supplier, agreedCost: '12.345', returnBy: '2026-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['consignment']);
    expect(bad.json().consignment).toHaveLength(2);
    expect(bad.json().consignment[0]).toMatch(/^agreedCost: /);
    expect(bad.json().consignment[1]).toMatch(/^returnBy: /);

    const extra = await post({
      transactions: undefined,
      consignment: { supplierId: supplier, agreedCost: 1, x: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await browser.get(ITEMS)).json().count).toBe(0);
  });
});

describe('consignment stock is not the shop’s stock', () => {
  it('is left out of the inventory summary, Stock Summary, Purchases and the dashboard’s bought figures', async () => {
    const browser = await as('platinum');
    const supplier = await client('Bruno');
    await add(browser, {
      serial: 'OWN-1',
      purchasedOn: '2026-02-10',
      transactions: [{ type: 'cash', amount: 1000 }],
    });
    await consigned(browser, supplier, { purchasedOn: '2026-02-10' });

    const summary = (await browser.get(pathOf(endpoints.items.summary))).json();
    expect(summary.inStockCount).toBe(1);
    expect(summary.inStockValue).toBe(1000);
    expect(summary.byStockType.Watches).toEqual({ count: 1, value: 1000 });
    expect(summary.recentPurchases.map((p: { serial: string }) => p.serial)).toEqual(['OWN-1']);

    const report = async (type: string) =>
      (await browser.get(`/api/reports/?type=${type}&range=custom&from=2026-02-01&to=2026-02-28`)).json();
    const stock = await report('stock_summary');
    expect(stock.details.inStock).toEqual({ count: 1, amount: 1000 });
    const purchases = await report('purchases');
    expect(purchases.details.itemsBought).toEqual({ count: 1, amount: 1000 });
    expect(purchases.totals.expenses).toBe(1000);

    const csv = (
      await browser.get('/api/reports/csv/?type=purchases&range=custom&from=2026-02-01&to=2026-02-28')
    ).body;
    expect(csv).toContain('OWN-1');
    expect(csv).not.toContain('MEMO-1');

    // The dashboard's "stock bought this month" (March): one owned item bought today, the consignment not.
    await add(browser, { serial: 'OWN-2', transactions: [{ type: 'cash', amount: 250 }] });
    await consigned(browser, supplier, { serial: 'MEMO-2', purchasedOn: '2026-03-01' });
    const dashboard = (await browser.get(pathOf(endpoints.dashboard.finance))).json();
    expect(dashboard.purchases).toMatchObject({ month: 250, count: 1 });
  });
});

describe('selling and voiding a consignment item', () => {
  it('posts the agreed cost to the supplier in the sale, costs the sale at it, and a void reverses both', async () => {
    const browser = await as('platinum');
    const supplier = await client('Bruno');
    const buyer = await client('Dora');
    const item = await consigned(browser, supplier);

    const sold = await browser.post(`${ITEMS}${item.id}/sell/`, {
      price: 5000,
      clientId: buyer,
      date: '2026-02-27',
    });
    expect(sold.statusCode).toBe(200);
    expect(sold.json().consignment.overdue).toBe(false);
    expect(sold.json().daysInStock).toBe(26);
    expect(await balance(supplier)).toBe('4200.50');
    expect(await balance(buyer)).toBe('0.00');
    expect(await ledgerOf(supplier)).toEqual([
      {
        amount_gbp: '4200.50',
        source: 'consignment',
        method: 'Consignment',
        entry_date: '2026-02-27',
        reversal_of: null,
      },
    ]);
    const sale = await state.db.query<{ cost: string }>(
      'SELECT cost_gbp::text AS cost FROM sales WHERE item_id = $1',
      [item.id],
    );
    expect(sale).toEqual([{ cost: '4200.50' }]);

    const voided = await browser.post(pathOf(endpoints.items.voidSale, { id: item.id }), {
      reason: 'Wrong item',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().status).toBe('available');
    expect(await balance(supplier)).toBe('0.00');
    const ledger = await ledgerOf(supplier);
    expect(ledger).toHaveLength(2);
    expect(ledger[1]).toMatchObject({ amount_gbp: '-4200.50', entry_date: '2026-03-01' });
    expect(ledger[1]?.reversal_of).not.toBeNull();

    // Sold again: a new payable, reversed by its own void only.
    expect((await browser.post(`${ITEMS}${item.id}/sell/`, { price: 4800 })).statusCode).toBe(200);
    expect(await balance(supplier)).toBe('4200.50');
  });

  it('an owned item’s sale posts nothing to any ledger', async () => {
    const browser = await as('platinum');
    const supplier = await client('Bruno');
    const item = await add(browser);
    // By card: cash this large would need the buyer's due diligence (the AML guard of issue 13).
    const sold = await browser.post(`${ITEMS}${item.id}/sell/`, {
      price: 9000,
      paymentMethod: 'Credit Card',
    });
    expect(sold.statusCode).toBe(200);
    expect(await ledgerOf(supplier)).toEqual([]);
  });
});

describe('returning a consignment item to its supplier', () => {
  it('makes it unavailable with the return recorded and audited; only once, and only for consignment stock', async () => {
    const browser = await as('silver');
    const supplier = await client('Bruno');
    const item = await consigned(browser, supplier, {
      consignment: { supplierId: supplier, agreedCost: 50, returnBy: '2026-02-20' },
    });
    expect(item.consignment?.overdue).toBe(true);

    const answer = await returnToSupplier(browser, item.id, { note: 'Collected by courier' });
    expect(answer.statusCode).toBe(200);
    const returned: Item = answer.json();
    expect(returned.status).toBe('unavailable');
    expect(returned.consignment?.returnedAt).toBe('2026-03-01T09:00:00.000Z');
    expect(returned.consignment?.overdue).toBe(false);
    const trail = await audit(item.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'return_to_supplier']);
    expect(trail[1]?.after).toMatchObject({ note: 'Collected by courier', status: 'unavailable' });
    expect(await balance(supplier)).toBe('0.00');
    const history = (await browser.get(pathOf(endpoints.items.history, { id: item.id }))).json();
    expect(history.results[0]).toMatchObject({
      summary: 'Returned the item to its supplier: Collected by courier',
      changes: [{ field: 'Status', before: 'Available', after: 'Unavailable' }],
    });

    const again = await returnToSupplier(browser, item.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: CONSIGNMENT_NOT_RETURNABLE });
    // Gone back: it cannot be sold.
    expect((await browser.post(`${ITEMS}${item.id}/sell/`, { price: 1 })).statusCode).toBe(409);

    const owned = await add(browser, { serial: 'OWN-1' });
    const notOurs = await returnToSupplier(browser, owned.id);
    expect(notOurs.statusCode).toBe(409);
    expect(notOurs.json()).toEqual({ detail: NOT_CONSIGNMENT });
  });

  it('refuses a sold consignment item', async () => {
    const browser = await as('silver');
    const item = await consigned(browser, await client('Bruno'));
    await browser.post(`${ITEMS}${item.id}/sell/`, { price: 10 });
    const answer = await returnToSupplier(browser, item.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ detail: CONSIGNMENT_NOT_RETURNABLE });
  });

  it('another shop’s item is 404 and untouched; anonymous callers get 401', async () => {
    const rival = await as('rival');
    const theirSupplier = await client('Rival supplier', 'other');
    const theirs = await consigned(rival, theirSupplier);
    const browser = await as('platinum');
    const answer = await returnToSupplier(browser, theirs.id);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Not found.' });
    expect((await rival.get(`${ITEMS}${theirs.id}/`)).json().status).toBe('available');
    // Their consignment is not listed in our shop either.
    expect((await browser.get(`${ITEMS}?consignment=true`)).json().count).toBe(0);

    const anonymous = await as('anonymous');
    expect((await returnToSupplier(anonymous, theirs.id)).statusCode).toBe(401);
  });
});
