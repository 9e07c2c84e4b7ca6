import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import {
  announceItemChange,
  onItemChanged,
  type ItemChange,
  type ItemChangeListener,
} from '../../src/modules/inventory/item-changes';
import { Browser, fileDatabase, resetTables, seedFixtures, testConfig, type Fixtures } from '../helper';

// What an app keeps in memory about its database (src/kernel/in-memory-state.ts) is forgotten on
// `app.inMemoryState.forget()` and its background work taken up again on `resume()`: the server's tests keep one
// app per file on a database emptied between tests (test/helper.ts), and rely on it answering as a new one would.

const opened = fileDatabase();
let app: FastifyInstance;
let fx: Fixtures;

beforeEach(async () => {
  await resetTables(opened.db);
  fx = await seedFixtures(opened.db);
  app = await buildApp({
    db: opened.db,
    // Sessions kept for a minute: the test below reads one from memory after its row is gone.
    config: testConfig(opened.tdb, { SESSION_CACHE_SECONDS: '60' }),
    logger: false,
    rateLimit: { perAddress: 3 },
  });
});
afterEach(async () => {
  await app.close();
});

/** Waits until `check` holds (a change heard through the database's LISTEN arrives on its own time). */
async function eventually(check: () => boolean, ms = 15_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

test('every holder of in-memory state registers, the API’s and the public site’s on one list', () => {
  expect(app.inMemoryState.names).toEqual([
    'sessions',
    'request limits',
    'stock list pages',
    'item changes heard',
    'storefront photos and brand lists',
    'storefront pages',
    'enquiries per address',
  ]);
});

test('the request limits start counting again', async () => {
  const visitor = new Browser(app);
  for (let i = 0; i < 3; i += 1) expect((await visitor.get('/csrf/')).statusCode).toBe(200);
  expect((await visitor.get('/csrf/')).statusCode).toBe(429);

  await app.inMemoryState.forget();
  await app.inMemoryState.resume();
  expect((await visitor.get('/csrf/')).statusCode).toBe(200);
});

test('a session kept in memory is read from the database again', async () => {
  const gold = new Browser(app);
  await gold.signIn('gold');
  // Looked up a few times: the cache is used once the app hears session changes (its LISTEN is in place), and a
  // look-up that raced a change heard keeps nothing.
  for (let i = 0; i < 3; i += 1) expect((await gold.get('/auth-check/')).json().user).not.toBeNull();
  // Gone from the database with nothing said to the app, as when the tests empty it.
  await opened.db.query('DELETE FROM sessions WHERE user_id = $1', [fx.ids.gold]);
  expect((await gold.get('/auth-check/')).json().user).not.toBeNull();

  await app.inMemoryState.forget();
  await app.inMemoryState.resume();
  expect((await gold.get('/auth-check/')).json().user).toBeNull();
});

test('a kept stock list page is read from the database again', async () => {
  // One item: an empty list is counted afresh each time, never kept.
  await opened.db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, purchase_price, status, purchased_on,
                        created_by, created_at, updated_at)
     VALUES ($1, 'KEPT-1', 'Watches', 'Omega', 'Seamaster', '', 1000, 'available', '2026-01-01', $2, now(), now())`,
    [fx.shopId, fx.ids.platinum],
  );
  const platinum = new Browser(app);
  await platinum.signIn('platinum');
  const reads: string[] = [];
  const query = opened.db.query.bind(opened.db);
  const spy = jest.spyOn(opened.db, 'query').mockImplementation((sql, params, options) => {
    if (/\bFROM items\b/.test(sql)) reads.push(sql);
    return query(sql, params, options);
  });
  try {
    const page = async (): Promise<number> => {
      reads.length = 0;
      expect((await platinum.get('/api/items/')).statusCode).toBe(200);
      return reads.length;
    };
    expect(await page()).toBeGreaterThan(0);
    // Kept while the database has not changed (another test file's commit elsewhere in the PostgreSQL cluster
    // moves the snapshot too: asked again until a quiet moment).
    let itemReads: number = await page();
    for (let i = 0; i < 30 && itemReads > 0; i += 1) itemReads = await page();
    expect(itemReads).toBe(0);
    await app.inMemoryState.forget();
    await app.inMemoryState.resume();
    expect(await page()).toBeGreaterThan(0);
  } finally {
    spy.mockRestore();
  }
});

test('item changes committed while forgotten are not told; after resume they are', async () => {
  const told: ItemChange[] = [];
  const listener: ItemChangeListener = (change) => {
    if (change.reason === 'price_change' && change.itemId >= 9_000_000) told.push(change);
  };
  onItemChanged.push(listener);
  try {
    await app.ready();
    const change = (itemId: number): ItemChange => ({ shopId: fx.shopId, itemId, reason: 'price_change' });
    await announceItemChange(opened.db, change(9_000_001));
    expect(await eventually(() => told.length === 1)).toBe(true);

    await app.inMemoryState.forget();
    await announceItemChange(opened.db, change(9_000_002));
    expect(await eventually(() => told.length > 1, 500)).toBe(false);

    await app.inMemoryState.resume();
    await announceItemChange(opened.db, change(9_000_003));
    expect(await eventually(() => told.length === 2)).toBe(true);
    expect(told.map((c) => c.itemId)).toEqual([9_000_001, 9_000_003]);
  } finally {
    onItemChanged.splice(onItemChanged.indexOf(listener), 1);
  }
});
