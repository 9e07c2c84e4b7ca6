import { inventoryTestbed, itemBody } from './setup';

const { state, as, client, balance, audit, tableCounts } = inventoryTestbed();
const ITEMS = '/api/items/';

describe('POST /api/items/ — adding stock', () => {
  it('creates the item with its computed purchase price and answers it in full', async () => {
    // Gold: silver's answer leaves the purchase price out unless the shop allows it (test/kernel/costs.test.ts).
    const browser = await as('gold');
    const response = await browser.post(ITEMS, itemBody());
    expect(response.statusCode).toBe(201);
    const item = response.json();
    expect(item).toMatchObject({
      serial: 'RLX-0001',
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Submariner',
      description: 'Black dial, 2021, box and papers',
      purchasePrice: 8000,
      tradePrice: 9000,
      retailPrice: 12500,
      listingPrice: 12500,
      status: 'available',
      purchasedOn: '2026-03-01',
      checkout: null,
      promotion: null,
      images: [],
      imageId: null,
      createdAt: '2026-03-01T09:00:00.000Z',
    });
    expect(item.transactions).toEqual([
      {
        id: expect.any(Number),
        type: 'cash',
        amount: 8000,
        currency: 'GBP',
        exchangeRate: 1,
        feePercent: 0,
        clientId: null,
        clientName: null,
        amountGbp: 8000,
      },
    ]);
    const again = await browser.get(`${ITEMS}${item.id}/`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(item);
  });

  it('takes the status chosen on add, but not checked_out (that needs a client)', async () => {
    const browser = await as('gold');
    const sold = await browser.post(ITEMS, itemBody({ status: 'unavailable' }));
    expect(sold.statusCode).toBe(201);
    expect(sold.json().status).toBe('unavailable');
    const out = await browser.post(ITEMS, itemBody({ serial: 'X-2', status: 'checked_out' }));
    expect(out.statusCode).toBe(400);
    expect(out.json()).toEqual({
      status: ['An item is checked out with Check Out, which names the client.'],
    });
  });

  it('needs only a serial and a stock type; no transactions is a purchase price of 0', async () => {
    const browser = await as('gold');
    const response = await browser.post(ITEMS, { serial: '  PEARL-7  ', stockType: 'Jewellery' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      serial: 'PEARL-7',
      brand: '',
      model: '',
      purchasePrice: 0,
      tradePrice: null,
      retailPrice: null,
      listingPrice: null,
      transactions: [],
    });
  });

  describe('purchase price: exact, per SPEC §5 (each cash line rounded to pence, then summed)', () => {
    const cases: Array<[string, unknown[], number, number[]]> = [
      [
        'cash with rate and fee',
        [{ type: 'cash', amount: '1000', currency: 'USD', exchangeRate: '0.79', feePercent: '2.5' }],
        770.25,
        [770.25],
      ],
      // 10.01 × 1.5 = 15.015 exactly: a float gives 15.014999… and would round down.
      [
        'a half penny rounds up',
        [{ type: 'cash', amount: '10.01', currency: 'EUR', exchangeRate: '1.5' }],
        15.02,
        [15.02],
      ],
      [
        'rounding per line, not on the total',
        [
          { type: 'cash', amount: '0.01', currency: 'USD', exchangeRate: '0.5' },
          { type: 'cash', amount: '0.01', currency: 'USD', exchangeRate: '0.5' },
        ],
        0.02,
        [0.01, 0.01],
      ],
      ['a fee of 100% leaves nothing', [{ type: 'cash', amount: 500, feePercent: 100 }], 0, [0]],
      // 0.12345678 × 51234.56789012 × 0.9875 = 6246.18909170053890093 (Python's Decimal) → 6246.19
      [
        'BTC with 8-decimal amount and rate',
        [
          {
            type: 'cash',
            amount: '0.12345678',
            currency: 'BTC',
            exchangeRate: '51234.56789012',
            feePercent: '1.25',
          },
        ],
        6246.19,
        [6246.19],
      ],
      [
        'floats sent as JSON numbers stay exact',
        [
          { type: 'cash', amount: 0.1, currency: 'USD', exchangeRate: 0.2 },
          { type: 'cash', amount: 0.2 },
        ],
        0.22,
        [0.02, 0.2],
      ],
    ];
    it.each(cases)('%s', async (_name, transactions, price, lines) => {
      const browser = await as('gold');
      const response = await browser.post(ITEMS, itemBody({ transactions }));
      expect(response.statusCode).toBe(201);
      expect(response.json().purchasePrice).toBe(price);
      expect(response.json().transactions.map((t: { amountGbp: number }) => t.amountGbp)).toEqual(lines);
      const stored = await state.db.query<{ p: string }>('SELECT purchase_price::text AS p FROM items');
      expect(stored[0]?.p).toBe(price.toFixed(2));
    });

    it('credit and debt count as is and post +amount on the client ledger', async () => {
      const alice = await client('Alice');
      const bob = await client('Bob');
      await state.db.query('UPDATE clients SET balance = -300 WHERE id = $1', [bob]);
      const browser = await as('gold');
      const response = await browser.post(
        ITEMS,
        itemBody({
          transactions: [
            { type: 'cash', amount: '1000', currency: 'USD', exchangeRate: '0.8' },
            { type: 'credit', amount: '2500.50', clientId: alice },
            { type: 'debt', amount: 300, clientId: bob, currency: 'GBP', exchangeRate: 1, feePercent: 0 },
          ],
        }),
      );
      expect(response.statusCode).toBe(201);
      const item = response.json();
      expect(item.purchasePrice).toBe(3600.5);
      expect(item.transactions.map((t: { clientName: string | null }) => t.clientName)).toEqual([
        null,
        'Alice',
        'Bob',
      ]);
      expect(await balance(alice)).toBe('2500.50');
      expect(await balance(bob)).toBe('0.00');
      const ledger = await state.db.query<Record<string, unknown>>(
        `SELECT client_id, amount::text AS amount, currency, amount_gbp::text AS amount_gbp, method, entry_date::text AS day,
                note, source, source_id::int AS source_id
           FROM client_ledger ORDER BY id`,
      );
      expect(ledger).toEqual([
        {
          client_id: alice,
          amount: '2500.50000000',
          currency: 'GBP',
          amount_gbp: '2500.50',
          method: 'Stock credit',
          day: '2026-03-01',
          note: 'Bought Rolex Submariner RLX-0001 on credit',
          source: 'item_transaction',
          source_id: item.transactions[1].id,
        },
        {
          client_id: bob,
          amount: '300.00000000',
          currency: 'GBP',
          amount_gbp: '300.00',
          method: 'Stock debt',
          day: '2026-03-01',
          note: 'Rolex Submariner RLX-0001 taken against debt',
          source: 'item_transaction',
          source_id: item.transactions[2].id,
        },
      ]);
    });
  });

  describe('validation: 400 with DRF field errors, nothing written', () => {
    const cases: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
      ['serial missing', { serial: undefined }, { serial: ['This field is required.'] }],
      ['serial blank', { serial: '   ' }, { serial: ['This field may not be blank.'] }],
      ['stock type unknown', { stockType: 'Cars' }, { stockType: ['"Cars" is not a valid choice.'] }],
      [
        'brand not in the catalogue',
        { brand: 'Acme Timepieces', model: '' },
        { brand: ['"Acme Timepieces" is not a brand of the shop\'s catalogue.'] },
      ],
      [
        'model not of the brand',
        { brand: 'Cartier', model: 'Daytona' },
        { model: ['"Daytona" is not a Cartier model.'] },
      ],
      ['model without a brand', { brand: '', model: 'Tank' }, { model: ['Choose a brand before a model.'] }],
      [
        'price with 3 decimals',
        { retailPrice: '10.005' },
        { retailPrice: ['Ensure that there are no more than 2 decimal places.'] },
      ],
      ['price not a number', { tradePrice: 'abc' }, { tradePrice: ['A valid number is required.'] }],
      [
        'purchase date in the future',
        { purchasedOn: '2026-03-02' },
        { purchasedOn: ['Ensure this date is not in the future.'] },
      ],
      [
        'purchase date not a date',
        { purchasedOn: '2026-02-30' },
        { purchasedOn: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'] },
      ],
      ['unknown field', { purchasePrice: 1 }, { purchasePrice: ['This field is not allowed.'] }],
      [
        'credit without client',
        { transactions: [{ type: 'credit', amount: 10 }] },
        { transactions: ['Line 1: clientId: This field is required.'] },
      ],
      [
        'debt without client',
        {
          transactions: [
            { type: 'cash', amount: 1 },
            { type: 'debt', amount: 10, clientId: null },
          ],
        },
        { transactions: ['Line 2: clientId: This field is required.'] },
      ],
      [
        'cash naming a client',
        { transactions: [{ type: 'cash', amount: 10, clientId: 1 }] },
        { transactions: ['Line 1: clientId: Only credit and debt transactions name a client.'] },
      ],
      [
        'credit in another currency',
        {
          transactions: [
            { type: 'credit', amount: 10, currency: 'USD', exchangeRate: 0.8, feePercent: 1, clientId: 1 },
          ],
        },
        {
          transactions: [
            'Line 1: currency: Credit and debt are recorded in GBP.',
            'Line 1: exchangeRate: Must be 1 for credit and debt.',
            'Line 1: feePercent: Must be 0 for credit and debt.',
            'Line 1: clientId: Invalid pk "1" - object does not exist.',
          ],
        },
      ],
      [
        'fee above 100',
        { transactions: [{ type: 'cash', amount: 10, feePercent: '100.5' }] },
        { transactions: ['Line 1: feePercent: Ensure this value is less than or equal to 100.'] },
      ],
      [
        'negative amount',
        { transactions: [{ type: 'cash', amount: -5 }] },
        { transactions: ['Line 1: amount: Ensure this value is greater than or equal to 0.'] },
      ],
      [
        'zero amount',
        { transactions: [{ type: 'cash', amount: 0 }] },
        { transactions: ['Line 1: amount: Ensure this value is greater than 0.'] },
      ],
      [
        'zero exchange rate',
        { transactions: [{ type: 'cash', amount: 5, currency: 'USD', exchangeRate: '0' }] },
        { transactions: ['Line 1: exchangeRate: Ensure this value is greater than 0.'] },
      ],
      [
        'GBP amount with 3 decimals',
        { transactions: [{ type: 'cash', amount: '1.001' }] },
        { transactions: ['Line 1: amount: Ensure that there are no more than 2 decimal places.'] },
      ],
      [
        'GBP at a rate other than 1',
        { transactions: [{ type: 'cash', amount: '5', exchangeRate: 2 }] },
        { transactions: ['Line 1: exchangeRate: Must be 1 for GBP.'] },
      ],
      [
        'transaction type unknown',
        { transactions: [{ type: 'swap', amount: 1 }] },
        { transactions: ['Line 1: type: "swap" is not a valid choice.'] },
      ],
      [
        'currency unknown',
        { transactions: [{ type: 'cash', amount: 1, currency: 'JPY' }] },
        { transactions: ['Line 1: currency: "JPY" is not a valid choice.'] },
      ],
    ];
    it.each(cases)('%s', async (_name, over, errors) => {
      const browser = await as('silver');
      const before = await tableCounts();
      const body = itemBody(over);
      for (const [k, v] of Object.entries(body))
        if (v === undefined) delete (body as Record<string, unknown>)[k];
      const response = await browser.post(ITEMS, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
      expect(await tableCounts()).toEqual(before);
    });

    it('a credit or debt client must be a client of this shop', async () => {
      const theirs = await client('Rival client', 'other');
      const browser = await as('silver');
      const response = await browser.post(
        ITEMS,
        itemBody({ transactions: [{ type: 'credit', amount: 5, clientId: theirs }] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        transactions: [`Line 1: clientId: Invalid pk "${theirs}" - object does not exist.`],
      });
      expect(await balance(theirs)).toBe('0.00');
    });

    it('a duplicate serial in the same shop is refused; another shop may use it', async () => {
      const browser = await as('silver');
      expect((await browser.post(ITEMS, itemBody())).statusCode).toBe(201);
      const duplicate = await browser.post(
        ITEMS,
        itemBody({ stockType: 'Accessories', brand: '', model: '' }),
      );
      expect(duplicate.statusCode).toBe(400);
      expect(duplicate.json()).toEqual({ serial: ['An item with this serial already exists.'] });
      const rival = await as('rival');
      expect((await rival.post(ITEMS, itemBody())).statusCode).toBe(201);
    });

    it('two adds of one serial at the same time: one 201, one 400, one row', async () => {
      const [a, b] = await Promise.all([as('silver'), as('gold')]);
      const answers = await Promise.all([a.post(ITEMS, itemBody()), b.post(ITEMS, itemBody())]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      const refused = answers.find((r) => r.statusCode === 400);
      expect(refused?.json()).toEqual({ serial: ['An item with this serial already exists.'] });
      expect((await tableCounts()).items).toBe(1);
    });

    it('a purchase too large for the money columns is a 400, not a 500, and writes nothing', async () => {
      const browser = await as('silver');
      const before = await tableCounts();
      const response = await browser.post(
        ITEMS,
        itemBody({
          transactions: [{ type: 'cash', amount: '999999999999', currency: 'USD', exchangeRate: '999999' }],
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        transactions: ['Ensure the purchase price has no more than 12 digits before the decimal point.'],
      });
      expect(await tableCounts()).toEqual(before);
    });

    const badBodies: Array<[string, unknown, string]> = [
      ['a JSON array', [], 'application/json'],
      ['a string', '"serial"', 'application/json'],
      ['broken JSON', '{"serial": ', 'application/json'],
      [
        'transactions not a list',
        JSON.stringify(itemBody({ transactions: { type: 'cash' } })),
        'application/json',
      ],
      ['a transaction not an object', JSON.stringify(itemBody({ transactions: [5] })), 'application/json'],
      ['form encoding', 'serial=x', 'application/x-www-form-urlencoded'],
      [
        'an amount that is an object',
        JSON.stringify(itemBody({ transactions: [{ type: 'cash', amount: { x: 1 } }] })),
        'application/json',
      ],
      ['a huge number', JSON.stringify(itemBody({ tradePrice: 1e300 })), 'application/json'],
    ];
    it.each(badBodies)('a bad body (%s) is a 4xx, never a 500', async (_name, payload, type) => {
      const browser = await as('silver');
      const response = await browser.post(ITEMS, payload, { headers: { 'content-type': type } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(Object.keys(response.json()).length).toBeGreaterThan(0);
      expect((await tableCounts()).items).toBe(0);
    });
  });

  it('records who added what in the audit log', async () => {
    const browser = await as('gold');
    const item = (await browser.post(ITEMS, itemBody())).json();
    const entries = await audit(item.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create',
      user_id: state.fx.ids.gold,
      before: null,
      after: { serial: 'RLX-0001', purchasePrice: 8000, status: 'available' },
    });
  });

  it('anonymous callers get 401, users without a shop 403, and nothing is written', async () => {
    const anonymous = await as('anonymous');
    expect((await anonymous.post(ITEMS, itemBody())).statusCode).toBe(401);
    expect((await anonymous.get(ITEMS)).statusCode).toBe(401);
    expect((await anonymous.get('/api/items/summary/')).statusCode).toBe(401);
    const loner = await as('loner');
    expect((await loner.post(ITEMS, itemBody())).statusCode).toBe(403);
    expect((await tableCounts()).items).toBe(0);
  });
});
