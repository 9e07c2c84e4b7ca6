import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from './setup';

const { state, as, client, audit, tableCounts } = inventoryTestbed();
const ITEMS = '/api/items/';

interface Item {
  id: number;
  serial: string;
  status: string;
  purchasePrice: number;
  tradePrice: number | null;
  retailPrice: number | null;
  checkout: { clientId: number; clientName: string; dueDate: string | null; note: string } | null;
  promotion: { price: number | null; note: string; promotedAt: string } | null;
  transactions: unknown[];
  updatedAt: string;
  version: number;
}

async function add(browser: Browser, over: Record<string, unknown> = {}): Promise<Item> {
  const response = await browser.post(ITEMS, itemBody(over));
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** What the clients list reads for "Return" (hasItemCheckedOut): an open check-out of that client. */
async function hasItemCheckedOut(clientId: number): Promise<boolean> {
  const rows = await state.db.query<{ out: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM checkouts WHERE client_id = $1 AND returned_at IS NULL) AS out',
    [clientId],
  );
  return rows[0]?.out === true;
}

const action = (browser: Browser, id: number, name: string, body: unknown = {}) =>
  browser.post(`${ITEMS}${id}/${name}/`, body);

describe('PUT /api/items/{id}/ — editing', () => {
  it('changes the descriptive fields and keeps status, prices and transactions', async () => {
    const browser = await as('gold');
    const item = await add(browser);
    state.clock.advance(60_000);
    const response = await browser.put(`${ITEMS}${item.id}/`, {
      serial: 'RLX-0001-B',
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'GMT-Master',
      description: 'Pepsi bezel',
      purchasedOn: '2026-02-14',
      version: item.version,
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json();
    expect(edited).toMatchObject({
      serial: 'RLX-0001-B',
      model: 'GMT-Master',
      description: 'Pepsi bezel',
      purchasedOn: '2026-02-14',
      status: 'available',
      purchasePrice: 8000,
      tradePrice: 9000,
      retailPrice: 12500,
      updatedAt: '2026-03-01T09:01:00.000Z',
    });
    expect(edited.transactions).toEqual(item.transactions);
    const entries = await audit(item.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      before: { serial: 'RLX-0001', model: 'Submariner' },
      after: { serial: 'RLX-0001-B', model: 'GMT-Master' },
    });
  });

  it.each([
    ['status', { status: 'sold' }],
    ['purchasePrice', { purchasePrice: 1 }],
    ['tradePrice', { tradePrice: 1 }],
    ['retailPrice', { retailPrice: 1 }],
    ['transactions', { transactions: [] }],
  ])('refuses %s: it changes only through actions', async (field, extra) => {
    const browser = await as('silver');
    const item = await add(browser);
    const response = await browser.put(`${ITEMS}${item.id}/`, {
      serial: 'NEW',
      stockType: 'Watches',
      version: item.version,
      ...extra,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: ['This field is not allowed.'] });
    expect((await browser.get(`${ITEMS}${item.id}/`)).json()).toEqual(item);
  });

  it('validates like add: duplicate serial, model of another brand, future purchase date', async () => {
    const browser = await as('silver');
    await add(browser, { serial: 'TAKEN' });
    const item = await add(browser);
    const response = await browser.put(`${ITEMS}${item.id}/`, {
      serial: 'TAKEN',
      stockType: 'Watches',
      brand: 'Omega',
      model: 'Tank',
      purchasedOn: '2027-01-01',
      version: item.version,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      serial: ['An item with this serial already exists.'],
      model: ['"Tank" is not a Omega model.'],
      purchasedOn: ['Ensure this date is not in the future.'],
    });
    // Keeping its own serial is no conflict.
    const same = await browser.put(`${ITEMS}${item.id}/`, {
      serial: item.serial,
      stockType: 'Watches',
      version: item.version,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ brand: '', model: '', purchasedOn: '2026-03-01' });
  });
});

describe('actions', () => {
  it('sell from available: status sold, a sale row for the reports, audited', async () => {
    const ada = await client('Ada');
    const browser = await as('gold');
    const item = await add(browser, { transactions: [{ type: 'cash', amount: '8000.10' }] });
    const response = await action(browser, item.id, 'sell', {
      price: '12000.00',
      currency: 'USD',
      exchangeRate: '0.79123456',
      paymentMethod: 'Bank Transfer',
      clientId: ada,
      date: '2026-02-27',
      notes: ' paid in full ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'sold', checkout: null });
    const sales = await state.db.query<Record<string, unknown>>(
      `SELECT item_id, name, amount::text AS amount, currency, exchange_rate::text AS rate, amount_gbp::text AS gbp,
              cost_gbp::text AS cost, payment_method, client_id, sale_date::text AS day, notes, created_by
         FROM sales`,
    );
    // 12000 × 0.79123456 = 9494.81472 → 9494.81
    expect(sales).toEqual([
      {
        item_id: item.id,
        name: 'Rolex Submariner RLX-0001',
        amount: '12000.00000000',
        currency: 'USD',
        rate: '0.79123456',
        gbp: '9494.81',
        cost: '8000.10',
        payment_method: 'Bank Transfer',
        client_id: ada,
        day: '2026-02-27',
        notes: 'paid in full',
        created_by: state.fx.ids.gold,
      },
    ]);
    const entries = await audit(item.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'sell',
      user_id: state.fx.ids.gold,
      before: { status: 'available' },
      after: { status: 'sold', saleId: expect.any(Number), saleAmountGbp: '9494.81' },
    });
  });

  it('sell defaults: GBP at 1, Cash, today, no client; the name falls back to the description', async () => {
    const browser = await as('silver');
    const item = await add(browser, {
      brand: '',
      model: '',
      stockType: 'Jewellery',
      description: 'Pearl strand',
    });
    expect((await action(browser, item.id, 'sell', { price: 950 })).statusCode).toBe(200);
    const sales = await state.db.query<Record<string, unknown>>(
      `SELECT name, currency, exchange_rate::text AS rate, amount_gbp::text AS gbp, payment_method, client_id,
              sale_date::text AS day FROM sales`,
    );
    expect(sales).toEqual([
      {
        name: 'Pearl strand',
        currency: 'GBP',
        rate: '1.00000000',
        gbp: '950.00',
        payment_method: 'Cash',
        client_id: null,
        day: '2026-03-01',
      },
    ]);
  });

  it('sell from checked_out: the check-out ends as a sale to that client', async () => {
    const ada = await client('Ada');
    const browser = await as('silver');
    const item = await add(browser);
    expect((await action(browser, item.id, 'check-out', { clientId: ada })).statusCode).toBe(200);
    expect(await hasItemCheckedOut(ada)).toBe(true);
    // Not cash: cash of €10,000 or more needs the client's due diligence (the AML guard, issue 13).
    const sold = await action(browser, item.id, 'sell', { price: 13000, paymentMethod: 'Bank Transfer' });
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toMatchObject({ status: 'sold', checkout: null });
    expect(await hasItemCheckedOut(ada)).toBe(false);
    const rows = await state.db.query<{ outcome: string; client_id: number }>(
      'SELECT c.outcome, s.client_id FROM checkouts c, sales s',
    );
    expect(rows).toEqual([{ outcome: 'sold', client_id: ada }]);
  });

  it('sell validation: price required and exact, known payment method, no future date, own clients only', async () => {
    const theirs = await client('Theirs', 'other');
    const browser = await as('silver');
    const item = await add(browser);
    const before = await tableCounts();
    const bad = await action(browser, item.id, 'sell', {
      price: '10.001',
      exchangeRate: '2',
      date: '2026-03-02',
      clientId: theirs,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      price: ['Ensure that there are no more than 2 decimal places.'],
      exchangeRate: ['Must be 1 for GBP.'],
      date: ['Ensure this date is not in the future.'],
      clientId: [`Invalid pk "${theirs}" - object does not exist.`],
    });
    expect((await action(browser, item.id, 'sell', {})).json()).toEqual({
      price: ['This field is required.'],
    });
    const method = await action(browser, item.id, 'sell', { price: 1, paymentMethod: 'Cheque' });
    expect(method.statusCode).toBe(400);
    expect(method.json()).toEqual({ paymentMethod: ['"Cheque" is not a valid choice.'] });
    const huge = await action(browser, item.id, 'sell', {
      price: '999999999999',
      currency: 'USD',
      exchangeRate: '1000',
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({
      price: ['Ensure the price in GBP has no more than 12 digits before the decimal point.'],
    });
    expect(await tableCounts()).toEqual(before);
    expect((await browser.get(`${ITEMS}${item.id}/`)).json().status).toBe('available');
  });

  it('sell reads the price as every screen shows it (the one amount rule): "10,500", "£10,500.00", "10500"', async () => {
    const browser = await as('silver');
    for (const [n, price] of ['10,500', '£10,500.00', '10500', ' £ 10,500 '].entries()) {
      const item = await add(browser, { serial: `TEN-${n}` });
      // Not cash: £10,500 in cash is the AML guard's to refuse (issue 13).
      const sold = await action(browser, item.id, 'sell', { price, paymentMethod: 'Bank Transfer' });
      expect([price, sold.statusCode]).toEqual([price, 200]);
    }
    const sales = await state.db.query<{ gbp: string }>('SELECT amount_gbp::text AS gbp FROM sales');
    expect(sales).toEqual(Array.from({ length: 4 }, () => ({ gbp: '10500.00' })));
    const dollars = await add(browser, { serial: 'USD-1' });
    const usd = await action(browser, dollars.id, 'sell', {
      price: '$1,200.50',
      currency: 'USD',
      exchangeRate: '0.8',
      paymentMethod: 'Bank Transfer',
    });
    expect(usd.statusCode).toBe(200);

    const item = await add(browser, { serial: 'BAD-1' });
    const before = await tableCounts();
    // A European "10,50" is not guessed at, nor a dollar sign on a pound price.
    for (const price of ['10,50', '1,0000', '$10,500']) {
      const bad = await action(browser, item.id, 'sell', { price, paymentMethod: 'Bank Transfer' });
      expect([price, bad.statusCode, bad.json()]).toEqual([
        price,
        400,
        { price: ['A valid number is required.'] },
      ]);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('check-out from available: open check-out with due date and note; the client has an item out', async () => {
    const ada = await client('Ada');
    const browser = await as('silver');
    const item = await add(browser);
    expect(await hasItemCheckedOut(ada)).toBe(false);
    const response = await action(browser, item.id, 'check-out', {
      clientId: ada,
      dueDate: '2026-03-08',
      note: 'Weekend approval',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'checked_out',
      checkout: {
        clientId: ada,
        clientName: 'Ada',
        dueDate: '2026-03-08',
        note: 'Weekend approval',
        checkedOutAt: '2026-03-01T09:00:00.000Z',
      },
    });
    expect(await hasItemCheckedOut(ada)).toBe(true);
    expect((await audit(item.id)).at(-1)).toMatchObject({
      action: 'check_out',
      before: { status: 'available', checkout: null },
      after: { status: 'checked_out', checkout: { clientId: ada, dueDate: '2026-03-08' } },
    });
  });

  it('check-out validation: client required and of this shop, due date not in the past', async () => {
    const theirs = await client('Theirs', 'other');
    const browser = await as('silver');
    const item = await add(browser);
    expect((await action(browser, item.id, 'check-out', {})).json()).toEqual({
      clientId: ['This field is required.'],
    });
    const bad = await action(browser, item.id, 'check-out', { clientId: theirs, dueDate: '2026-02-28' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      dueDate: ['Ensure this date is not in the past.'],
      clientId: [`Invalid pk "${theirs}" - object does not exist.`],
    });
    expect((await tableCounts()).checkouts).toBe(0);
  });

  it('return from checked_out: available again, check-out closed, client no longer has it', async () => {
    const ada = await client('Ada');
    const browser = await as('silver');
    const item = await add(browser);
    await action(browser, item.id, 'check-out', { clientId: ada });
    state.clock.advance(600_000);
    const response = await browser.post(`${ITEMS}${item.id}/return/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'available', checkout: null });
    expect(await hasItemCheckedOut(ada)).toBe(false);
    const rows = await state.db.query<{ outcome: string; returned_by: number; returned_at: Date }>(
      'SELECT outcome, returned_by, returned_at FROM checkouts',
    );
    expect(rows).toEqual([
      {
        outcome: 'returned',
        returned_by: state.fx.ids.silver,
        returned_at: new Date('2026-03-01T09:10:00Z'),
      },
    ]);
    expect((await audit(item.id)).map((e) => e.action)).toEqual(['create', 'check_out', 'return']);
    // Out again later: a new check-out, the old one stays closed.
    expect((await action(browser, item.id, 'check-out', { clientId: ada })).statusCode).toBe(200);
    expect((await tableCounts()).checkouts).toBe(2);
  });

  it('promote: features the item with an optional price and note; ending it clears the badge', async () => {
    const browser = await as('silver');
    const item = await add(browser);
    state.clock.advance(1000);
    const on = await action(browser, item.id, 'promote', {
      promoted: true,
      price: '11999.99',
      note: ' Window ',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().promotion).toEqual({
      price: 11999.99,
      note: 'Window',
      promotedAt: '2026-03-01T09:00:01.000Z',
    });
    // Changing the promotion keeps when it started.
    state.clock.advance(1000);
    const changed = await action(browser, item.id, 'promote', { promoted: true });
    expect(changed.json().promotion).toEqual({
      price: null,
      note: '',
      promotedAt: '2026-03-01T09:00:01.000Z',
    });
    const off = await action(browser, item.id, 'promote', { promoted: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().promotion).toBeNull();
    const again = await action(browser, item.id, 'promote', { promoted: false });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This item is not promoted.' });
    expect((await audit(item.id)).map((e) => e.action)).toEqual([
      'create',
      'promote',
      'promote',
      'unpromote',
    ]);
    const bad = await action(browser, item.id, 'promote', { promoted: false, price: 5 });
    expect(bad.json()).toEqual({ price: ['Only a promotion has a price.'] });
    expect((await action(browser, item.id, 'promote', { promoted: true, price: 0 })).json()).toEqual({
      price: ['Ensure this value is greater than 0.'],
    });
    expect((await action(browser, item.id, 'promote', {})).json()).toEqual({
      promoted: ['This field is required.'],
    });
  });

  it('selling ends a promotion; a checked-out item keeps it', async () => {
    const ada = await client('Ada');
    const browser = await as('silver');
    const item = await add(browser);
    await action(browser, item.id, 'promote', { promoted: true });
    const out = await action(browser, item.id, 'check-out', { clientId: ada });
    expect(out.json().promotion).not.toBeNull();
    const sold = await action(browser, item.id, 'sell', { price: 1 });
    expect(sold.json().promotion).toBeNull();
  });

  describe('status transitions: each action only from the states that allow it (409 otherwise, nothing written)', () => {
    type Setup = 'available' | 'checked_out' | 'unavailable' | 'sold';
    // Every row has four entries: Jest reads a fourth parameter that a row lacks as a done callback.
    const matrix: Array<[string, Setup, number, string]> = [
      ['sell', 'available', 200, ''],
      ['sell', 'checked_out', 200, ''],
      ['sell', 'unavailable', 409, 'This item is unavailable and cannot be sold.'],
      ['sell', 'sold', 409, 'This item has already been sold.'],
      ['check-out', 'available', 200, ''],
      ['check-out', 'checked_out', 409, 'This item is already checked out to Ada.'],
      ['check-out', 'unavailable', 409, 'Only an available item can be checked out.'],
      ['check-out', 'sold', 409, 'Only an available item can be checked out.'],
      ['return', 'available', 409, 'This item is not checked out.'],
      ['return', 'checked_out', 200, ''],
      ['return', 'unavailable', 409, 'This item is not checked out.'],
      ['return', 'sold', 409, 'This item is not checked out.'],
      ['promote', 'available', 200, ''],
      ['promote', 'checked_out', 200, ''],
      ['promote', 'unavailable', 409, 'An unavailable item cannot be promoted.'],
      ['promote', 'sold', 409, 'A sold item cannot be promoted.'],
    ];
    it.each(matrix)('%s from %s → %i', async (name, from, status, detail) => {
      const ada = await client('Ada');
      const browser = await as('silver');
      const item = await add(browser, { status: from === 'checked_out' ? 'available' : from });
      if (from === 'checked_out') await action(browser, item.id, 'check-out', { clientId: ada });
      const before = await tableCounts();
      const beforeItem = (await browser.get(`${ITEMS}${item.id}/`)).json();
      const bodies: Record<string, unknown> = {
        sell: { price: 100 },
        'check-out': { clientId: ada },
        return: {},
        promote: { promoted: true },
      };
      const response = await action(browser, item.id, name, bodies[name]);
      expect(response.statusCode).toBe(status);
      if (status === 409) {
        expect(response.json()).toEqual({ detail });
        expect(await tableCounts()).toEqual(before);
        expect((await browser.get(`${ITEMS}${item.id}/`)).json()).toEqual(beforeItem);
      } else {
        expect((await tableCounts()).audit).toBe((before.audit as number) + 1);
      }
    });
  });

  it('check-outs and returns racing on one stock type all succeed (the kept counts lock in one order)', async () => {
    const ada = await client('Ada');
    const [a, b] = await Promise.all([as('silver'), as('gold')]);
    const items: Item[] = [];
    for (let i = 0; i < 8; i += 1) items.push(await add(a, { serial: `RACE-${i}` }));
    for (const item of items.slice(0, 4)) await action(a, item.id, 'check-out', { clientId: ada });
    const answers = await Promise.all(
      items.map((item, i) =>
        i < 4
          ? action(i % 2 ? a : b, item.id, 'return')
          : action(i % 2 ? a : b, item.id, 'check-out', { clientId: ada }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const counts = await state.db.query<{ status: string; n: number }>(
      `SELECT status, sum(n)::int AS n FROM item_counts WHERE stock_type = 'Watches'
        GROUP BY status HAVING sum(n) <> 0 ORDER BY status`,
    );
    expect(counts).toEqual([
      { status: 'available', n: 4 },
      { status: 'checked_out', n: 4 },
    ]);
  });

  it('two sells of one item at the same time: one sale, one 409', async () => {
    const [a, b] = await Promise.all([as('silver'), as('gold')]);
    const item = await add(a);
    const answers = await Promise.all([
      action(a, item.id, 'sell', { price: 100 }),
      action(b, item.id, 'sell', { price: 200 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await tableCounts()).sales).toBe(1);
  });
});

describe('scope: another shop’s item is not found, anonymous callers are not let in', () => {
  it('404 for every route on another shop’s item, and it is left untouched', async () => {
    const rival = await as('rival');
    const theirs = await add(rival);
    const ada = await client('Ada');
    const browser = await as('platinum');
    const url = `${ITEMS}${theirs.id}/`;
    const answers = [
      await browser.get(url),
      await browser.put(url, { serial: 'MINE', stockType: 'Watches', version: theirs.version }),
      await browser.post(`${url}sell/`, { price: 1 }),
      await browser.post(`${url}check-out/`, { clientId: ada }),
      await browser.post(`${url}return/`, {}),
      await browser.post(`${url}promote/`, { promoted: true }),
      await browser.get(`${url}images/1/`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(answers.every((r) => r.json().detail === 'Not found.')).toBe(true);
    expect((await rival.get(url)).json()).toEqual(theirs);
  });

  it('404 for ids that cannot exist; 405 for methods a path does not have', async () => {
    const browser = await as('silver');
    expect((await browser.get(`${ITEMS}0/`)).statusCode).toBe(404);
    expect((await browser.get(`${ITEMS}99999999999/`)).statusCode).toBe(404);
    expect((await browser.get(`${ITEMS}abc/`)).statusCode).toBe(404);
    expect((await browser.post(`${ITEMS}99999999999/sell/`, { price: 1 })).statusCode).toBe(404);
    expect((await browser.send('DELETE', `${ITEMS}1/`)).statusCode).toBe(405);
    expect((await browser.get(`${ITEMS}1/sell/`)).statusCode).toBe(405);
  });

  it('anonymous: 401 on every route', async () => {
    const owner = await as('silver');
    const item = await add(owner);
    const anonymous = await as('anonymous');
    const url = `${ITEMS}${item.id}/`;
    const answers = [
      await anonymous.get(url),
      await anonymous.put(url, { serial: 'X', stockType: 'Watches', version: item.version }),
      await anonymous.post(`${url}sell/`, { price: 1 }),
      await anonymous.post(`${url}check-out/`, { clientId: 1 }),
      await anonymous.post(`${url}return/`, {}),
      await anonymous.post(`${url}promote/`, { promoted: true }),
      await anonymous.get(`${url}images/1/`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect((await owner.get(url)).json()).toEqual(item);
  });

  it('bad action bodies are 4xx, never 500', async () => {
    const browser = await as('silver');
    const item = await add(browser);
    for (const [name, body] of [
      ['sell', { price: { a: 1 } }],
      ['sell', { price: 'NaN' }],
      ['sell', { price: 1e308 }],
      ['sell', { price: 5, date: 'yesterday' }],
      ['sell', { price: 5, clientId: 'x' }],
      ['sell', { price: 5, clientId: 99999999999 }],
      ['check-out', { clientId: -1 }],
      ['check-out', { clientId: 1, dueDate: 20260301 }],
      ['return', { force: true }],
      ['promote', { promoted: 'yes' }],
      ['promote', { promoted: true, price: '-1' }],
    ] as Array<[string, unknown]>) {
      const response = await action(browser, item.id, name, body);
      expect([name, response.statusCode]).toEqual([name, 400]);
    }
    expect((await browser.get(`${ITEMS}${item.id}/`)).json()).toEqual(item);
  });
});
