import type { ClientList, ClientSummary } from '@loupe/contracts';
import { LedgerRepository } from '../../../src/modules/clients/ledger-repository';
import { CLIENTS, client, clientsTestbed } from './setup';

const { state, as, create } = clientsTestbed();

/** Posts straight through the kernel (what the Payment dialog and stock purchases both use). */
async function post(clientId: number, amount: string, shopId = state.fx.shopId) {
  await state.db.transaction((tx) =>
    new LedgerRepository(tx).post({
      shopId,
      clientId,
      amount,
      currency: 'GBP',
      exchangeRate: '1',
      method: 'Cash',
      date: '2026-02-01',
      note: '',
      userId: null,
      at: new Date('2026-02-01T10:00:00Z'),
    }),
  );
}

async function item(serial: string): Promise<number> {
  const rows = await state.db.query<{ id: number }>(
    `INSERT INTO items (shop_id, serial, stock_type, status, purchased_on, created_at, updated_at)
     VALUES ($1, $2, 'Watches', 'checked_out', '2026-01-01', now(), now()) RETURNING id`,
    [state.fx.shopId, serial],
  );
  return (rows[0] as { id: number }).id;
}

async function checkOut(clientId: number, returned = false) {
  const itemId = await item(`S-${clientId}-${returned ? 'r' : 'o'}`);
  await state.db.query(
    `INSERT INTO checkouts (shop_id, item_id, client_id, checked_out_at, returned_at, outcome)
     VALUES ($1, $2, $3, now(), $4, $5)`,
    [state.fx.shopId, itemId, clientId, returned ? new Date() : null, returned ? 'returned' : null],
  );
}

async function document(clientId: number) {
  await state.db.query(
    `INSERT INTO client_documents (shop_id, client_id, storage_key, original_name, content_type, size_bytes,
                                   sha256, created_at)
     VALUES ($1, $2, $3, 'passport.pdf', 'application/pdf', 10, $4, now())`,
    [state.fx.shopId, clientId, `key-${clientId}`, 'a'.repeat(64)],
  );
}

/** 30 clients with predictable names, emails, phones, statuses and creation times. */
async function thirty(): Promise<number[]> {
  const gold = await as('gold');
  const ids: number[] = [];
  for (let i = 1; i <= 30; i += 1) {
    const n = String(i).padStart(2, '0');
    ids.push(
      await create(
        {
          name: `Client ${n}`,
          email: `client${n}@example.com`,
          phone: `07700 9000${n}`,
          status: i % 3 === 0 ? 'inactive' : 'active',
        },
        gold,
      ),
    );
    state.clock.advance(1000);
  }
  return ids;
}

const names = (list: ClientList) => list.results.map((c) => c.name);

describe('the clients list', () => {
  it('pages 10 at a time by default, sorted by name, with the total count', async () => {
    await thirty();
    const browser = await as('silver');
    const first = (await browser.get(CLIENTS)).json() as ClientList;
    expect(first.count).toBe(30);
    expect(names(first)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Client ${String(i + 1).padStart(2, '0')}`),
    );
    const third = (await browser.get(`${CLIENTS}?page=3`)).json() as ClientList;
    expect(names(third)[0]).toBe('Client 21');
    expect(third.results).toHaveLength(10);
    const big = (await browser.get(`${CLIENTS}?page_size=25&page=2`)).json() as ClientList;
    expect(names(big)).toEqual(['Client 26', 'Client 27', 'Client 28', 'Client 29', 'Client 30']);
    for (const size of [50, 100]) {
      expect(((await browser.get(`${CLIENTS}?page_size=${size}`)).json() as ClientList).results).toHaveLength(
        30,
      );
    }
  });

  it('answers a page past the end with 404 "Invalid page." and an empty shop with an empty first page', async () => {
    const browser = await as('gold');
    expect((await browser.get(CLIENTS)).json()).toEqual({ results: [], count: 0 });
    await thirty();
    for (const page of ['4', '0', '-1', 'x', '1.5', '99999999999']) {
      const response = await browser.get(`${CLIENTS}?page=${page}`);
      expect({ page, status: response.statusCode, body: response.json() }).toEqual({
        page,
        status: 404,
        body: { detail: 'Invalid page.' },
      });
    }
  });

  it('searches name, email and phone, case-insensitively, with % and _ as plain text', async () => {
    await thirty();
    const browser = await as('gold');
    const special = await create({ name: '100% Watches_Ltd', email: 'sales@percent.example.com' });
    const search = async (text: string) =>
      (await browser.get(`${CLIENTS}?search=${encodeURIComponent(text)}&page_size=100`)).json() as ClientList;
    expect(names(await search('client 1'))).toEqual([
      'Client 10',
      'Client 11',
      'Client 12',
      'Client 13',
      'Client 14',
      'Client 15',
      'Client 16',
      'Client 17',
      'Client 18',
      'Client 19',
    ]);
    expect(names(await search('CLIENT07@EXAMPLE'))).toEqual(['Client 07']);
    expect(names(await search('900022'))).toEqual(['Client 22']);
    expect((await search('%')).results.map((c) => c.id)).toEqual([special]);
    expect((await search('_')).results.map((c) => c.id)).toEqual([special]);
    expect((await search('nobody')).count).toBe(0);
    expect((await search('  ')).count).toBe(31);
    // Django's CharField refuses a NUL in a filter as in a body: a field error, never a silent match.
    const nul = await browser.get(`${CLIENTS}?search=a%00b`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ search: ['Null characters are not allowed.'] });
  });

  it('filters by status, open check-out, KYC and balance sign, and the filters combine', async () => {
    const ids = await thirty();
    const [a, b, c, d] = ids as [number, number, number, number];
    await checkOut(a);
    await checkOut(b, true); // returned: nothing out any more
    await document(c);
    await post(a, '-120.50');
    await post(d, '75.25');
    const browser = await as('gold');
    const get = async (query: string) =>
      (await browser.get(`${CLIENTS}?page_size=100&${query}`)).json() as ClientList;

    expect((await get('status=inactive')).count).toBe(10);
    expect((await get('status=active')).count).toBe(20);
    const out = await get('has_item_checked_out=true');
    expect(out.results.map((x) => x.id)).toEqual([a]);
    expect(out.results[0]).toMatchObject({ hasItemCheckedOut: true, balance: -120.5 });
    expect((await get('has_item_checked_out=false')).count).toBe(29);
    expect((await get('kyc=true')).results.map((x) => [x.id, x.kyc])).toEqual([[c, true]]);
    expect((await get('kyc=false')).count).toBe(29);
    expect((await get('balance=negative')).results.map((x) => x.id)).toEqual([a]);
    expect((await get('balance=positive')).results.map((x) => x.id)).toEqual([d]);
    expect((await get('balance=zero')).count).toBe(28);
    expect((await get('status=active&has_item_checked_out=true&search=client 01')).count).toBe(1);
    expect((await get('status=inactive&has_item_checked_out=true')).count).toBe(0);
    // Blank parameters are no filter, as a blank form field is.
    expect((await get('status=&search=&ordering=&kyc=')).count).toBe(30);
  });

  it("follows the inventory's Check Out and Return: hasItemCheckedOut while the item is out, not after", async () => {
    const browser = await as('silver');
    const ada = await create({ name: 'Ada', email: 'ada@example.com' }, browser);
    await create({ name: 'Bea', email: 'bea@example.com' }, browser);
    const added = await browser.post('/api/items/', {
      serial: 'RLX-0001',
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Submariner',
      tradePrice: 9000,
      retailPrice: '12500.00',
      transactions: [{ type: 'cash', amount: 8000 }],
    });
    expect(added.statusCode).toBe(201);
    const itemId = (added.json() as { id: number }).id;
    const flags = async () => {
      const list = (await browser.get(`${CLIENTS}?ordering=name`)).json() as ClientList;
      const detail = (await browser.get(client(ada))).json() as { hasItemCheckedOut: boolean };
      const summary = (await browser.get(`${CLIENTS}summary/`)).json() as ClientSummary;
      return {
        list: list.results.map((x) => [x.name, x.hasItemCheckedOut]),
        detail: detail.hasItemCheckedOut,
        filtered: (
          (await browser.get(`${CLIENTS}?has_item_checked_out=true`)).json() as ClientList
        ).results.map((x) => x.id),
        summary: summary.withItemCheckedOut,
      };
    };
    expect(await flags()).toEqual({
      list: [
        ['Ada', false],
        ['Bea', false],
      ],
      detail: false,
      filtered: [],
      summary: 0,
    });

    const out = await browser.post(`/api/items/${itemId}/check-out/`, { clientId: ada });
    expect(out.statusCode).toBe(200);
    expect(await flags()).toEqual({
      list: [
        ['Ada', true],
        ['Bea', false],
      ],
      detail: true,
      filtered: [ada],
      summary: 1,
    });

    const back = await browser.post(`/api/items/${itemId}/return/`, {});
    expect(back.statusCode).toBe(200);
    expect(await flags()).toEqual({
      list: [
        ['Ada', false],
        ['Bea', false],
      ],
      detail: false,
      filtered: [],
      summary: 0,
    });
  });

  it('orders by the whitelisted keys, ties broken by id, and pages never overlap', async () => {
    const ids = await thirty();
    await post(ids[4] as number, '10');
    await post(ids[9] as number, '-10');
    await post(ids[14] as number, '10');
    const browser = await as('gold');
    const get = async (query: string) =>
      (await browser.get(`${CLIENTS}?page_size=100&${query}`)).json() as ClientList;
    expect(names(await get('ordering=-name')).slice(0, 3)).toEqual(['Client 30', 'Client 29', 'Client 28']);
    const byBalance = await get('ordering=balance');
    expect(byBalance.results.map((x) => x.balance).slice(0, 2)).toEqual([-10, 0]);
    expect(byBalance.results.slice(-2).map((x) => x.id)).toEqual([ids[4], ids[14]]);
    const desc = await get('ordering=-balance');
    expect(desc.results.slice(0, 2).map((x) => x.id)).toEqual([ids[14], ids[4]]);
    expect(names(await get('ordering=-created_at'))[0]).toBe('Client 30');
    expect(names(await get('ordering=created_at'))[0]).toBe('Client 01');
    expect((await get('ordering=status')).results[29]?.status).toBe('inactive');
    expect(names(await get('ordering=-email'))[0]).toBe('Client 30');

    // Walking the pages of an ordering with many ties visits every client once.
    const seen: number[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const list = (await browser.get(`${CLIENTS}?ordering=balance&page=${page}`)).json() as ClientList;
      seen.push(...list.results.map((x) => x.id));
    }
    expect(new Set(seen).size).toBe(30);
  });

  it('refuses unknown values and parameters with field errors, never a 500', async () => {
    const browser = await as('gold');
    const cases: Array<[string, Record<string, string[]>]> = [
      ['page_size=7', { page_size: ['Select a valid choice. 7 is not one of the available choices.'] }],
      ['page_size=abc', { page_size: ['Select a valid choice. abc is not one of the available choices.'] }],
      [
        'status=Not Active',
        { status: ['Select a valid choice. Not Active is not one of the available choices.'] },
      ],
      [
        'ordering=password',
        { ordering: ['Select a valid choice. password is not one of the available choices.'] },
      ],
      [
        'ordering=name;DROP TABLE clients',
        { ordering: ['Select a valid choice. name;DROP TABLE clients is not one of the available choices.'] },
      ],
      [
        'has_item_checked_out=maybe',
        { has_item_checked_out: ['Select a valid choice. maybe is not one of the available choices.'] },
      ],
      ['balance=owing', { balance: ['Select a valid choice. owing is not one of the available choices.'] }],
      ['shop=2', { shop: ['This field is not allowed.'] }],
      ['search=' + 'x'.repeat(101), { search: ['Ensure this field has no more than 100 characters.'] }],
    ];
    for (const [query, errors] of cases) {
      const response = await browser.get(`${CLIENTS}?${encodeURI(query)}`);
      expect({ query, status: response.statusCode, body: response.json() }).toEqual({
        query,
        status: 400,
        body: errors,
      });
    }
  });
});

describe('the dashboard summary', () => {
  it('counts the clients and sums what is owed each way, with the five largest debtors and creditors', async () => {
    const ids = await thirty();
    const amounts = [
      '-100.10',
      '-0.20',
      '-5000',
      '-42.42',
      '-7',
      '-1',
      '300.30',
      '0.01',
      '12.5',
      '999.99',
      '50',
      '60',
    ];
    for (const [i, amount] of amounts.entries()) await post(ids[i] as number, amount);
    await post(ids[0] as number, '0.10'); // -100.10 + 0.10 = -100.00 exactly
    await checkOut(ids[2] as number);
    await document(ids[3] as number);
    await document(ids[5] as number);
    const rival = await create({ name: 'Rival debtor', email: 'x@example.com' }, await as('rival'));
    await post(rival, '-99999', state.fx.otherShopId);

    const response = await (await as('silver')).get('/api/clients/summary/');
    expect(response.statusCode).toBe(200);
    const summary = response.json() as ClientSummary;
    const name = (i: number) => `Client ${String(i + 1).padStart(2, '0')}`;
    expect(summary).toEqual({
      total: 30,
      active: 20,
      inactive: 10,
      withKyc: 2,
      withItemCheckedOut: 1,
      debtorCount: 6,
      creditorCount: 6,
      totalOwedToShop: 5150.62,
      totalOwedByShop: 1422.8,
      netBalance: -3727.82,
      debtors: [
        { id: ids[2], name: name(2), status: 'inactive', balance: -5000 },
        { id: ids[0], name: name(0), status: 'active', balance: -100 },
        { id: ids[3], name: name(3), status: 'active', balance: -42.42 },
        { id: ids[4], name: name(4), status: 'active', balance: -7 },
        { id: ids[5], name: name(5), status: 'inactive', balance: -1 },
      ],
      creditors: [
        { id: ids[9], name: name(9), status: 'active', balance: 999.99 },
        { id: ids[6], name: name(6), status: 'active', balance: 300.3 },
        { id: ids[11], name: name(11), status: 'inactive', balance: 60 },
        { id: ids[10], name: name(10), status: 'active', balance: 50 },
        { id: ids[8], name: name(8), status: 'inactive', balance: 12.5 },
      ],
    });
  });

  it('is all zeros for a shop without clients', async () => {
    const summary = (await (await as('gold')).get('/api/clients/summary/')).json() as ClientSummary;
    expect(summary).toEqual({
      total: 0,
      active: 0,
      inactive: 0,
      withKyc: 0,
      withItemCheckedOut: 0,
      debtorCount: 0,
      creditorCount: 0,
      totalOwedToShop: 0,
      totalOwedByShop: 0,
      netBalance: 0,
      debtors: [],
      creditors: [],
    });
  });
});
