import { createPgliteDb, createPostgresDb, type Db } from '../../../src/db/database';
import { migrate, readMigrations } from '../../../src/db/migrate';
import { AuditRepository } from '../../../src/modules/audit/audit-repository';
import { createStockItems } from '../../../src/modules/inventory';
import { ItemsRepository } from '../../../src/modules/inventory/items-repository';
import { createTestDatabase } from '../../helper';
import { inventoryTestbed, itemBody } from './setup';

const { state, as } = inventoryTestbed();
const ITEMS = '/api/items/';

const numbers = (shopId: number) =>
  state.db.query<{ serial: string; stock_number: number }>(
    'SELECT serial, stock_number FROM items WHERE shop_id = $1 ORDER BY stock_number',
    [shopId],
  );

describe('stock numbers (issue 22: the stock book numbers items in sequence per shop)', () => {
  it('gives each item added the next number of its shop: n, n+1; two shops count on their own', async () => {
    const own = await as('gold');
    const other = await as('rival');
    const first = await own.post(ITEMS, itemBody({ serial: 'A-1' }));
    const second = await own.post(ITEMS, itemBody({ serial: 'A-2' }));
    const elsewhere = await other.post(ITEMS, itemBody({ serial: 'B-1' }));
    const third = await own.post(ITEMS, itemBody({ serial: 'A-3' }));
    expect([first, second, elsewhere, third].map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const n = first.json().stockNumber as number;
    expect(n).toBe(1);
    expect(second.json().stockNumber).toBe(n + 1);
    expect(third.json().stockNumber).toBe(n + 2);
    expect(elsewhere.json().stockNumber).toBe(1);

    // Shown in the list rows and the detail, and published to other modules in stock_items.
    const list = await own.get(`${ITEMS}?ordering=created_at`);
    expect(list.json().results.map((r: { stockNumber: number }) => r.stockNumber)).toEqual([1, 2, 3]);
    const view = await state.db.query<{ stock_number: number }>(
      'SELECT stock_number FROM stock_items WHERE id = $1',
      [third.json().id],
    );
    expect(view).toEqual([{ stock_number: 3 }]);
  });

  it('is not editable, and a failed add gives its number back (no gap)', async () => {
    const own = await as('gold');
    const first = (await own.post(ITEMS, itemBody({ serial: 'A-1' }))).json();
    const edited = await own.put(`${ITEMS}${first.id}/`, {
      serial: 'A-1',
      stockType: 'Watches',
      version: first.version,
      stockNumber: 99,
    });
    expect(edited.statusCode).toBe(400);
    // The database refuses it too, whoever writes.
    await expect(
      state.db.query('UPDATE items SET stock_number = 99 WHERE id = $1', [first.id]),
    ).rejects.toThrow(/stock number cannot change/);
    // A purchase too large for the price column fails inside the transaction, after the number was taken.
    const tooLarge = await own.post(
      ITEMS,
      itemBody({
        serial: 'A-2',
        transactions: [
          { type: 'cash', amount: '999999999999.99' },
          { type: 'cash', amount: '999999999999.99' },
        ],
      }),
    );
    expect(tooLarge.statusCode).toBe(400);
    const next = await own.post(ITEMS, itemBody({ serial: 'A-3' }));
    expect(next.json().stockNumber).toBe(2);
    expect((await numbers(state.fx.shopId)).map((r) => r.stock_number)).toEqual([1, 2]);
  });

  it('gives concurrent adds distinct numbers with no gap', async () => {
    const own = await as('silver');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => own.post(ITEMS, itemBody({ serial: `C-${i}` }))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const given = answers.map((a) => a.json().stockNumber as number).sort((a, b) => a - b);
    expect(given).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('finds an item by its stock number in the list search, as it finds a serial', async () => {
    const own = await as('gold');
    for (const serial of ['12XYZ', 'OTHER-1', 'OTHER-2']) await own.post(ITEMS, itemBody({ serial }));
    // "2" is item 2's stock number; no serial starts with it.
    const byNumber = await own.get(`${ITEMS}?search=2`);
    expect(byNumber.json().results.map((r: { serial: string }) => r.serial)).toEqual(['OTHER-1']);
    // "#1" as the label prints it; "1" also starts the serial 12XYZ.
    const hash = await own.get(`${ITEMS}?search=${encodeURIComponent('#1')}`);
    expect(hash.json().results.map((r: { serial: string }) => r.serial)).toEqual(['12XYZ']);
    const both = await own.get(`${ITEMS}?search=1&ordering=created_at`);
    expect(both.json()).toMatchObject({ count: 1, results: [{ serial: '12XYZ', stockNumber: 1 }] });
    const serial = await own.get(`${ITEMS}?search=other`);
    expect(serial.json().count).toBe(2);
  });

  it("the top bar's lookup opens the item of a stock number typed when no serial is exactly that", async () => {
    const own = await as('silver');
    await own.post(ITEMS, itemBody({ serial: '2' }));
    const second = (await own.post(ITEMS, itemBody({ serial: 'OMG-77' }))).json();
    const lookup = (text: string) =>
      own.get(`/api/items/by-serial/?${new URLSearchParams({ serial: text })}`);
    // "2" is a serial: the serial wins. "#2" and "Stock no. 2" can only be the stock number.
    expect((await lookup('2')).json()).toMatchObject({ serial: '2', stockNumber: 1 });
    expect((await lookup('#2')).json()).toMatchObject({ id: second.id, stockNumber: 2 });
    expect((await lookup('Stock no. 2')).json()).toMatchObject({ id: second.id });
    expect((await lookup('1')).json()).toMatchObject({ serial: '2', stockNumber: 1 });
    const none = await lookup('#3');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'No item with serial “#3” in this shop.' });
    // Another shop's numbers are not this shop's.
    const rival = await as('rival');
    expect((await rival.get('/api/items/by-serial/?serial=1')).statusCode).toBe(404);
  });

  it("createStockItems numbers items added inside another module's transaction, with the audit entry", async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const own = await as('gold');
    await own.post(ITEMS, itemBody({ serial: 'A-1' }));
    const created = await state.db.transaction(async (tx) =>
      createStockItems(
        { items: new ItemsRepository(tx), audit: new AuditRepository(tx) },
        { shopId: state.fx.shopId, userId: state.fx.ids.gold },
        [
          {
            serial: 'BUY-1',
            stockType: 'Watches',
            purchasedOn: '2026-02-27',
            purchasePrice: '8000.00',
            attributes: { referenceNumber: '126610LN', conditionGrade: 'excellent', box: true, papers: true },
          },
          { serial: 'BUY-2', stockType: 'Jewellery', purchasedOn: '2026-02-27', purchasePrice: '450' },
        ],
        at,
      ),
    );
    expect(created).toEqual([
      { id: expect.any(Number), stockNumber: 2 },
      { id: expect.any(Number), stockNumber: 3 },
    ]);
    const item = (await own.get(`${ITEMS}${created[0]?.id}/`)).json();
    expect(item).toMatchObject({
      serial: 'BUY-1',
      stockNumber: 2,
      purchasePrice: 8000,
      referenceNumber: '126610LN',
      conditionGrade: 'excellent',
      box: true,
      papers: true,
      metal: '',
    });
    const trail = await state.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'item' AND entity_id = $1",
      [created[1]?.id],
    );
    expect(trail).toEqual([{ action: 'create' }]);

    // A transaction that rolls back gives its numbers back.
    await expect(
      state.db.transaction(async (tx) => {
        await createStockItems(
          { items: new ItemsRepository(tx), audit: new AuditRepository(tx) },
          { shopId: state.fx.shopId, userId: state.fx.ids.gold },
          [{ serial: 'BUY-3', stockType: 'Watches', purchasedOn: '2026-02-27' }],
          at,
        );
        throw new Error('the buy-in was refused');
      }),
    ).rejects.toThrow('the buy-in was refused');
    expect((await own.post(ITEMS, itemBody({ serial: 'A-4' }))).json().stockNumber).toBe(4);
  });
});

describe('migration 021 numbers the items already in stock', () => {
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    db = tdb.env.DATABASE_URL ? createPostgresDb(tdb.env.DATABASE_URL) : createPgliteDb(tdb.dataDir);
  });
  afterAll(async () => {
    await db.close();
    await tdb.dispose();
  });

  it('per shop, in the order they were added (id order), and the next item follows them', async () => {
    const all = readMigrations();
    await migrate(
      db,
      all.filter((m) => m.version < 21),
    );
    const shops = await db.query<{ id: number }>(
      "INSERT INTO shops (name, created_at) VALUES ('One', now()), ('Two', now()) RETURNING id",
    );
    const [one, two] = shops.map((s) => s.id) as [number, number];
    // Interleaved shops, and ids not in purchase order: the number follows the order of adding.
    for (const [shop, serial, day] of [
      [one, 'ONE-A', '2025-05-01'],
      [two, 'TWO-A', '2025-01-01'],
      [one, 'ONE-B', '2024-01-01'],
      [one, 'ONE-C', '2025-09-01'],
      [two, 'TWO-B', '2025-02-01'],
    ] as const) {
      await db.query(
        `INSERT INTO items (shop_id, serial, stock_type, purchased_on, created_at, updated_at)
         VALUES ($1, $2, 'Watches', $3, now(), now())`,
        [shop, serial, day],
      );
    }
    const versionsBefore = await db.query<{ version: number }>('SELECT version FROM items ORDER BY id');
    await migrate(db, all);
    const rows = await db.query<{ shop_id: number; serial: string; stock_number: number; version: number }>(
      'SELECT shop_id, serial, stock_number, version FROM items ORDER BY id',
    );
    expect(rows.map((r) => [r.serial, r.stock_number])).toEqual([
      ['ONE-A', 1],
      ['TWO-A', 1],
      ['ONE-B', 2],
      ['ONE-C', 3],
      ['TWO-B', 2],
    ]);
    // Numbering them was no edit: their versions are as they were.
    expect(rows.map((r) => ({ version: r.version }))).toEqual(versionsBefore);
    await db.query(
      `INSERT INTO items (shop_id, serial, stock_type, purchased_on, created_at, updated_at)
       VALUES ($1, 'ONE-D', 'Watches', '2026-01-01', now(), now()), ($2, 'TWO-C', 'Watches', '2026-01-01', now(), now())`,
      [one, two],
    );
    const next = await db.query<{ serial: string; stock_number: number }>(
      "SELECT serial, stock_number FROM items WHERE serial IN ('ONE-D', 'TWO-C') ORDER BY serial",
    );
    expect(next).toEqual([
      { serial: 'ONE-D', stock_number: 4 },
      { serial: 'TWO-C', stock_number: 3 },
    ]);
  });
});
