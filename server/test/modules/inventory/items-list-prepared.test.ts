import { ITEM_ORDERINGS, type ItemOrdering } from '@loupe/contracts';
import type { QueryOptions, Queryable } from '../../../src/db/database';
import {
  ItemsRepository,
  MAX_PREPARED_LIST_STATEMENTS,
  SEEK_FROM_OFFSET,
  preparedUpTo,
  type ItemFilter,
} from '../../../src/modules/inventory/items-repository';
import { inventoryTestbed, itemBody } from './setup';

const { as, client, state } = inventoryTestbed();

interface Sent {
  sql: string;
  prepared: boolean;
}

/**
 * A repository over the test's database that notes each statement and whether it was sent prepared, with its own
 * set of prepared texts (`cap` of them; the process's is MAX_PREPARED_LIST_STATEMENTS).
 */
function spied(options: { dropPrepare?: boolean; cap?: number } = {}) {
  const sent: Sent[] = [];
  const db: Queryable = {
    query: async (sql, params = [], queryOptions?: QueryOptions) => {
      sent.push({ sql, prepared: queryOptions?.prepare === true });
      return state.db.query(sql, params, options.dropPrepare ? undefined : queryOptions);
    },
  };
  const statements = preparedUpTo(options.cap ?? MAX_PREPARED_LIST_STATEMENTS);
  return { items: new ItemsRepository(db, () => state.clock.now(), statements), sent };
}

/** The stock screens' filters: the type and statuses, nothing else. */
const screens = ({ stockType: _t, statuses: _s, ...rest }: ItemFilter) =>
  Object.values(rest).every((v) => v === undefined);

/** A price range alone (one bound or both) in price order. */
const priceOrdered = ({ minPrice, maxPrice, ...rest }: ItemFilter, ordering: ItemOrdering) =>
  (minPrice !== undefined || maxPrice !== undefined) &&
  ordering.endsWith('purchase_price') &&
  Object.values(rest).every((v) => v === undefined);

/**
 * Whether a statement of `page` should have gone prepared: one that picks a page (ORDER BY) for a stock screen's
 * filter or a price range in price order; one that counts alone for a stock screen's filter (on the kept counts).
 */
const shouldPrepare = (sql: string, filter: ItemFilter, ordering: ItemOrdering) =>
  screens(filter) || (/ORDER BY/.test(sql) && priceOrdered(filter, ordering));

/** The statements that pick or count a page (not the rows by ids, prepared always). */
const picks = (sent: Sent[]) => sent.filter(({ sql }) => !sql.includes('i.id = ANY($2::int[])'));

/** A page from a count and a list of its own (what an empty page falls back to); null past the end. */
async function separately(
  items: ItemsRepository,
  filter: ItemFilter,
  ordering: ItemOrdering,
  size: number,
  n: number,
) {
  const offset = (n - 1) * size;
  const count = await items.count(state.fx.shopId, filter);
  if (offset > 0 && offset >= count) return null;
  return { count, results: await items.list(state.fx.shopId, filter, ordering, size, offset) };
}

/** A page as GET /api/items/ answers it: with its count in one statement, else `separately`. */
async function page(...args: Parameters<typeof separately>) {
  const [items, filter, ordering, size, n] = args;
  const counted = await items.listCounted(state.fx.shopId, filter, ordering, size, (n - 1) * size);
  if (!counted) return separately(...args);
  // The zone the rows' days in stock were counted in (the stock page cache keeps a page within that day).
  const { timeZone, ...page } = counted;
  expect(timeZone).toBe(counted.results.length > 0 ? 'Europe/London' : null);
  return page;
}

/**
 * 90 items of every kind straight in the tables: three types, three brands and models, prices, statuses, serials,
 * attributes, promotions, locations; open check-outs to two clients (due dates, some without), consignments.
 */
async function seed(): Promise<{ clientId: number }> {
  const { shopId } = state.fx;
  const userId = state.fx.ids.platinum;
  const clients = await state.db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
     SELECT $1, 'Client ' || g, 'client' || g || '@example.com', now(), now() FROM generate_series(1, 3) g
     RETURNING id`,
    [shopId],
  );
  await state.db.query(
    `INSERT INTO items (shop_id, serial, stock_type, brand, model, description, purchase_price, trade_price,
                        retail_price, status, purchased_on, promoted_at, created_by, created_at, updated_at,
                        reference_number, box, papers, condition_grade, metal, location)
     SELECT $1, 'SN' || (ARRAY['a', 'B', 'c_', 'D%'])[1 + g % 4] || lpad(g::text, 3, '0'),
            (ARRAY['Watches', 'Watches', 'Jewellery', 'Accessories'])[1 + g % 4],
            (ARRAY['Rolex', 'Omega', 'Cartier', ''])[1 + g % 4],
            (ARRAY['Submariner', 'Speedmaster', 'Tank', ''])[1 + (g / 2) % 4],
            'Item ' || g,
            round((100 + (g * 7919) % 5000)::numeric + (g % 100) / 100.0, 2),
            CASE WHEN g % 5 = 0 THEN NULL ELSE round((120 + (g * 7919) % 5000)::numeric, 2) END,
            CASE WHEN g % 6 = 0 THEN NULL ELSE round((150 + (g * 31) % 6000)::numeric, 2) END,
            CASE WHEN g % 9 = 0 THEN 'checked_out' WHEN g % 7 = 0 THEN 'sold' WHEN g % 11 = 0 THEN 'unavailable'
                 WHEN g % 13 = 0 THEN 'reserved' ELSE 'available' END,
            date '2026-01-01' - (g % 40),
            CASE WHEN g % 8 = 0 THEN timestamptz '2026-02-01' + g * interval '1 hour' END,
            $2, timestamptz '2025-01-01' + g * interval '1 day', timestamptz '2025-01-01' + g * interval '1 day',
            (ARRAY['116610LN', '311.30.42', 'WSSA0018', ''])[1 + g % 4],
            CASE WHEN g % 3 = 0 THEN NULL ELSE g % 2 = 0 END,
            CASE WHEN g % 5 = 0 THEN NULL ELSE g % 3 = 0 END,
            (ARRAY['unworn', 'excellent', 'very_good', 'good', 'fair', NULL])[1 + g % 6],
            (ARRAY['Yellow gold', 'White gold', ''])[1 + g % 3],
            (ARRAY['Safe', 'Window', ''])[1 + g % 3]
       FROM generate_series(1, 90) g`,
    [shopId, userId],
  );
  await state.db.query(
    `INSERT INTO checkouts (shop_id, item_id, client_id, due_date, note, checked_out_by, checked_out_at)
     SELECT i.shop_id, i.id, ($2::int[])[1 + i.id % 2], CASE WHEN i.id % 4 <> 0 THEN date '2026-03-01' + (i.id % 9) END,
            '', $3, timestamptz '2026-02-20'
       FROM items i WHERE i.shop_id = $1 AND i.status = 'checked_out'`,
    [shopId, clients.map((c) => c.id), userId],
  );
  await state.db.query(
    `INSERT INTO consignments (item_id, shop_id, supplier_id, agreed_cost, return_by, received_on)
     SELECT i.id, i.shop_id, $2, 100, date '2026-04-01', date '2026-01-01'
       FROM items i WHERE i.shop_id = $1 AND i.id % 5 = 0`,
    [shopId, clients[2]?.id],
  );
  return { clientId: clients[0]?.id as number };
}

/**
 * Each filter's count as the list reads it (`listCounted` and `count` alike, from the kept counts `table`: the
 * statement sent reads it) against the items counted; returns the counts read.
 */
async function keptCountsRead(table: string, filters: ItemFilter[]): Promise<number[]> {
  const { items, sent } = spied();
  const { shopId } = state.fx;
  const read: number[] = [];
  const actual: number[] = [];
  for (const filter of filters) {
    sent.length = 0;
    const counted = await items.listCounted(shopId, filter, '-created_at', 5, 0);
    expect(picks(sent)[0]?.sql).toContain(`FROM ${table} `);
    const count = await items.count(shopId, filter);
    expect(counted?.count ?? 0).toBe(count);
    read.push(count);
    const rows = await state.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM items WHERE shop_id = $1 AND ($2::varchar IS NULL OR brand = $2)
          AND ($3::varchar IS NULL OR stock_type = $3) AND ($4::varchar[] IS NULL OR status = ANY($4))
          AND ($5::numeric IS NULL OR purchase_price >= $5) AND ($6::numeric IS NULL OR purchase_price <= $6)`,
      [
        shopId,
        filter.brand ?? null,
        filter.stockType ?? null,
        filter.statuses ?? null,
        filter.minPrice ?? null,
        filter.maxPrice ?? null,
      ],
    );
    actual.push(rows[0]?.n ?? 0);
  }
  expect(read).toEqual(actual);
  return read;
}

describe('the statements that pick and count a page of items (issue 26)', () => {
  let clientId: number;
  beforeEach(async () => {
    ({ clientId } = await seed());
  });

  /** The stock screens' filters (type and statuses only), then every other filter, one by one and combined. */
  const screenFilters = (): ItemFilter[] => [
    {},
    { stockType: 'Watches', statuses: ['available', 'checked_out', 'unavailable'] },
    { stockType: 'Jewellery' },
    { statuses: ['checked_out'] },
    { stockType: 'Accessories', statuses: ['reserved', 'sold'] },
    { statuses: ['reserved'] },
  ];
  const otherFilters = (): ItemFilter[] => [
    { stockType: 'Watches', statuses: ['available', 'checked_out', 'unavailable'], brand: 'Omega' },
    { brand: 'Rolex', model: 'Submariner' },
    { minPrice: '1000', maxPrice: '2500' },
    { minPrice: '3000' },
    { maxPrice: '900' },
    { serialPrefix: 'snd%', stockNumber: 7 },
    { serialPrefix: 'snc_' },
    { reference: '311' },
    { conditionGrade: 'excellent', stockType: 'Watches' },
    { box: true, papers: false },
    { metal: 'White gold' },
    { clientId },
    { promoted: true },
    { promoted: false, statuses: ['available'] },
    { consignment: true },
    { consignment: false, stockType: 'Accessories' },
    { location: 'Safe' },
    { brand: 'Nobody' },
    { brand: 'Rolex', model: 'Submariner', minPrice: '100', maxPrice: '6000' },
  ];

  it.each([
    ['the stock screens’ filters', screenFilters],
    ['every other filter', otherFilters],
  ])(
    'answer %s in every ordering alike prepared and unprepared, deep pages and past the end included',
    async (_, of) => {
      // No cap here: every stock screen's shape goes prepared (there are more than the cap's).
      const prepared = spied({ cap: Number.MAX_SAFE_INTEGER });
      const unprepared = spied({ dropPrepare: true });
      const filters = of();
      let pages = 0;
      let pastTheEnd = 0;
      let empty = 0;
      for (const filter of filters) {
        for (const ordering of ITEM_ORDERINGS) {
          for (const [size, n] of [
            [10, 1],
            [7, 5],
            [25, 2],
            [3, 40],
          ] as const) {
            prepared.sent.length = 0;
            const a = await page(prepared.items, filter, ordering, size, n);
            const b = await page(unprepared.items, filter, ordering, size, n);
            expect(JSON.stringify(a)).toBe(JSON.stringify(b));
            // The count read with the page's ids is the count of its own, and the page is the list's.
            const c = await separately(unprepared.items, filter, ordering, size, n);
            expect(a).toEqual(c);
            // The prepared side sent its page's statements prepared: all of them for a stock screen's filters, the
            // page's for a price range in price order.
            expect(picks(prepared.sent).map((s) => s.prepared)).toEqual(
              picks(prepared.sent).map((s) => shouldPrepare(s.sql, filter, ordering)),
            );
            if (a === null) pastTheEnd += 1;
            else if (a.results.length > 0) pages += 1;
            else empty += 1;
          }
        }
      }
      // The comparison covered pages with rows and pages past the end (3 a page, page 40), not only one kind.
      expect(pages).toBeGreaterThan(filters.length * ITEM_ORDERINGS.length);
      expect(pastTheEnd).toBeGreaterThanOrEqual(filters.length * ITEM_ORDERINGS.length);
      // Empty first pages: brand Nobody's alone (every other filter matches some of the 90 items).
      expect(empty).toBe(filters.some((f) => f.brand === 'Nobody') ? ITEM_ORDERINGS.length : 0);
    },
  );

  it('sends the statements of filters other than type and statuses unprepared, but a price range’s in price order', async () => {
    const { items, sent } = spied();
    const { shopId } = state.fx;
    const screen: ItemFilter = { stockType: 'Watches', statuses: ['available', 'checked_out'] };
    await items.listCounted(shopId, screen, 'serial', 10, 0);
    await items.list(shopId, screen, 'serial', 10, 0);
    expect(picks(sent).map((s) => s.prepared)).toEqual([true, true]);
    for (const narrower of [
      { brand: 'Rolex' },
      { minPrice: '100' },
      { serialPrefix: 'sna' },
      { promoted: true },
    ]) {
      sent.length = 0;
      // The page's ids with their count (counted on the items, or on the kept counts per brand or per £100 of
      // price), then the two alone.
      expect(await items.listCounted(shopId, { ...screen, ...narrower }, 'serial', 10, 0)).not.toBeNull();
      expect(picks(sent).map((s) => s.sql)).toEqual([
        expect.stringMatching(
          'brand' in narrower
            ? /sum\(ic\.n\).*FROM item_brand_counts ic/s
            : 'minPrice' in narrower
              ? /sum\(pc\.n\).*FROM item_price_counts pc/s
              : /count\(\*\).*FROM items ci/s,
        ),
      ]);
      await items.count(shopId, { ...screen, ...narrower });
      await items.list(shopId, { ...screen, ...narrower }, 'serial', 10, 0);
      expect(picks(sent).map((s) => s.prepared)).toEqual([false, false, false]);
    }
    // A price range alone goes prepared in price order (its index's order, one plan for any range), not in another.
    for (const [ordering, prepared] of [
      ['-purchase_price', true],
      ['purchase_price', true],
      ['-created_at', false],
      ['brand', false],
    ] as const) {
      sent.length = 0;
      expect(
        await items.listCounted(shopId, { minPrice: '100', maxPrice: '6000' }, ordering, 10, 0),
      ).not.toBeNull();
      await items.list(shopId, { maxPrice: '6000' }, ordering, 10, 0);
      expect(picks(sent).map((s) => s.prepared)).toEqual([prepared, prepared]);
    }
    // The kept counts' statement is one text whatever the type and statuses: always prepared.
    sent.length = 0;
    await items.count(shopId, { stockType: 'Jewellery', statuses: ['sold', 'reserved'] });
    await items.count(shopId, {});
    expect(sent.map((s) => s.prepared)).toEqual([true, true]);
  });

  it('counts a brand (with a type and statuses or without) on the kept per-brand counts, as the items count, after edits, a sale and a deletion (migration 045)', async () => {
    const { shopId } = state.fx;
    const brandFilters: ItemFilter[] = [
      { brand: 'Omega' },
      { brand: 'Rolex', stockType: 'Watches' },
      { brand: 'Omega', stockType: 'Watches', statuses: ['available', 'checked_out', 'unavailable'] },
      { brand: '', statuses: ['available'] },
      { brand: 'Cartier', stockType: 'Jewellery', statuses: ['sold'] },
      { brand: 'Nobody' },
    ];
    const counts = () => keptCountsRead('item_brand_counts', brandFilters);
    const before = await counts();
    expect(before.filter((n) => n > 0).length).toBe(brandFilters.length - 1);

    // An Omega watch becomes a Rolex, another is sold, another deleted; a new Omega is added.
    const browser = await as('gold');
    const omegas = await state.db.query<{ id: number; version: number }>(
      `SELECT id, version FROM items WHERE shop_id = $1 AND brand = 'Omega' AND stock_type = 'Watches'
          AND status = 'available' ORDER BY id LIMIT 3`,
      [shopId],
    );
    const [edited, sold, gone] = omegas;
    const put = await browser.put(`/api/items/${edited?.id}/`, {
      serial: 'OMEGA-TO-ROLEX',
      stockType: 'Watches',
      brand: 'Rolex',
      model: 'Submariner',
      description: '',
      version: edited?.version,
    });
    expect(put.statusCode).toBe(200);
    expect((await browser.post(`/api/items/${sold?.id}/sell/`, { price: 1500 })).statusCode).toBe(200);
    await state.db.query('DELETE FROM items WHERE id = $1', [gone?.id]);
    const added = await browser.post(
      '/api/items/',
      itemBody({ serial: 'NEW-OMEGA', brand: 'Omega', model: 'Speedmaster' }),
    );
    expect(added.statusCode).toBe(201);
    const after = await counts();
    // Omega: -1 edited, -1 deleted, +1 added (the sold one is still Omega's); the screen's available Omegas -3 +1.
    expect(after[0]).toBe((before[0] as number) - 1);
    expect(after[2]).toBe((before[2] as number) - 2);
    expect(after[1]).toBe((before[1] as number) + 1);
  });

  it('counts a price range (with a type and statuses or without) on the kept counts per £100 and the price index, as the items count, after writes (migration 045)', async () => {
    const { shopId } = state.fx;
    // The seed's prices run from £100 to ~£5,100, some in pence: ranges on bucket edges and between them, within
    // one bucket, open at either end, empty, upside down, and beyond every price.
    const ranges: Array<Pick<ItemFilter, 'minPrice' | 'maxPrice'>> = [
      { minPrice: '1000', maxPrice: '2500' },
      { minPrice: '1000', maxPrice: '2499.99' },
      { minPrice: '999.99', maxPrice: '2500.01' },
      { minPrice: '1234.56', maxPrice: '1299' },
      { minPrice: '1200', maxPrice: '1299.99' },
      { minPrice: '1250', maxPrice: '1250' },
      { minPrice: '3000' },
      { minPrice: '0.01' },
      { maxPrice: '900' },
      { maxPrice: '100' },
      { minPrice: '2000', maxPrice: '1000' },
      { minPrice: '99999999' },
      { minPrice: '0', maxPrice: '999999999999.99' },
    ];
    const groups: ItemFilter[] = [
      {},
      { stockType: 'Watches' },
      { statuses: ['available', 'checked_out'] },
      { stockType: 'Jewellery', statuses: ['sold', 'reserved', 'available'] },
    ];
    const counts = () =>
      keptCountsRead(
        'item_price_counts',
        groups.flatMap((group) => ranges.map((range) => ({ ...group, ...range }))),
      );
    // Some prices exactly on a bucket's edge (£0 to £2,900 in hundreds), counted once whichever side reads them.
    await state.db.query(
      'UPDATE items SET purchase_price = 100 * (id % 30) WHERE shop_id = $1 AND id % 10 = 1',
      [shopId],
    );
    const before = await counts();
    // Not all alike: counts of many sizes, empty ones among them.
    expect(new Set(before).size).toBeGreaterThan(10);
    expect(before).toContain(0);

    // Prices move across buckets and within one; an item is added through the API, one sold, one deleted.
    await state.db.query(
      `UPDATE items SET purchase_price = purchase_price + CASE WHEN id % 2 = 0 THEN 250 ELSE 0.5 END
        WHERE shop_id = $1 AND id % 3 = 0`,
      [shopId],
    );
    const browser = await as('gold');
    expect((await browser.post('/api/items/', itemBody({ serial: 'NEW-PRICED' }))).statusCode).toBe(201);
    const [available, gone] = await state.db.query<{ id: number }>(
      "SELECT id FROM items WHERE shop_id = $1 AND status = 'available' ORDER BY id LIMIT 2",
      [shopId],
    );
    expect((await browser.post(`/api/items/${available?.id}/sell/`, { price: 1500 })).statusCode).toBe(200);
    await state.db.query('DELETE FROM items WHERE id = $1', [gone?.id]);
    const after = await counts();
    expect(after).not.toEqual(before);
  });

  it(`keeps at most ${MAX_PREPARED_LIST_STATEMENTS} texts prepared; the rest are sent unprepared, with the same answers`, async () => {
    const { items, sent } = spied();
    const unprepared = spied({ dropPrepare: true });
    const { shopId } = state.fx;
    // Well over the cap of distinct texts, every one a stock screen's (type and statuses only).
    const shapes: ItemFilter[] = [
      {},
      { stockType: 'Watches' },
      { statuses: ['available'] },
      { statuses: ['available', 'reserved'] },
      { stockType: 'Watches', statuses: ['sold'] },
      { stockType: 'Watches', statuses: ['available', 'sold'] },
    ];
    const texts: string[] = [];
    const note = () => {
      const sql = picks(sent).at(-1)?.sql ?? '';
      if (!texts.includes(sql)) texts.push(sql);
    };
    for (const filter of shapes) {
      for (const ordering of ITEM_ORDERINGS) {
        await items.listCounted(shopId, filter, ordering, 5, 5);
        note();
        await items.list(shopId, filter, ordering, 5, 5);
        note();
      }
    }
    expect(texts.length).toBeGreaterThan(MAX_PREPARED_LIST_STATEMENTS);
    const first = new Map<string, boolean>();
    for (const { sql, prepared } of picks(sent)) if (!first.has(sql)) first.set(sql, prepared);
    // The first MAX_PREPARED_LIST_STATEMENTS texts went prepared, every later one unprepared.
    expect([...first.keys()]).toEqual(texts);
    expect([...first.values()]).toEqual(texts.map((_, i) => i < MAX_PREPARED_LIST_STATEMENTS));
    // A text prepared before the cap was reached stays prepared; one refused stays unprepared.
    const kept = texts.find((sql) => first.get(sql) === true);
    const refused = texts.find((sql) => first.get(sql) === false);
    sent.length = 0;
    for (const filter of shapes) {
      for (const ordering of ITEM_ORDERINGS) {
        const a = await items.listCounted(shopId, filter, ordering, 5, 5);
        const b = await unprepared.items.listCounted(shopId, filter, ordering, 5, 5);
        expect(JSON.stringify(a)).toBe(JSON.stringify(b));
        const c = await items.list(shopId, filter, ordering, 5, 5);
        const d = await unprepared.items.list(shopId, filter, ordering, 5, 5);
        expect(JSON.stringify(c)).toBe(JSON.stringify(d));
      }
    }
    const again = new Map(picks(sent).map((s) => [s.sql, s.prepared]));
    expect(again.get(kept as string)).toBe(true);
    expect(again.get(refused as string)).toBe(false);
  });

  it('past the end of a prepared shape is still 404 "Invalid page." through the API', async () => {
    const browser = await as('gold');
    for (const query of [
      'stock_type=Watches&status=available,checked_out,unavailable',
      'status=available&ordering=serial',
    ]) {
      const first = await browser.get(`/api/items/?${query}`);
      expect(first.statusCode).toBe(200);
      const { count } = first.json() as { count: number };
      expect(count).toBeGreaterThan(10);
      const last = Math.ceil(count / 10);
      expect((await browser.get(`/api/items/?${query}&page=${last}`)).statusCode).toBe(200);
      const past = await browser.get(`/api/items/?${query}&page=${last + 1}`);
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ detail: 'Invalid page.' });
    }
  });
});

describe('preparedUpTo', () => {
  it('prepares the first texts up to the cap, then those alone', () => {
    const options = preparedUpTo(2);
    expect(options('a')).toEqual({ prepare: true });
    expect(options('b')).toEqual({ prepare: true });
    expect(options('c')).toBeUndefined();
    expect(options('a')).toEqual({ prepare: true });
    expect(options('b')).toEqual({ prepare: true });
    expect(options('c')).toBeUndefined();
    expect(options('d')).toBeUndefined();
  });
});

describe('deep pages in id order, picked by the kept counts’ blocks (migration 044)', () => {
  /**
   * 12,000 items numbered 4,002 to 28,000 (every other id: seven blocks of 4,096 ids, the first in part),
   * of three types and five statuses, then holes: a few deleted, some sold or retyped after they were added.
   */
  async function seedDeep() {
    const { shopId } = state.fx;
    await state.db.query(
      `INSERT INTO items (id, shop_id, serial, stock_type, brand, model, description, status, purchased_on,
                          created_by, created_at, updated_at)
       SELECT 4000 + 2 * g, $1, 'DEEP' || g, (ARRAY['Watches', 'Watches', 'Jewellery', 'Accessories'])[1 + g % 4],
              'Rolex', 'Submariner', '',
              (ARRAY['available', 'available', 'checked_out', 'unavailable', 'reserved', 'sold'])[1 + (g / 3) % 6],
              date '2026-01-01', $2, timestamptz '2025-01-01', timestamptz '2025-01-01'
         FROM generate_series(1, 12000) g`,
      [shopId, state.fx.ids.platinum],
    );
    await state.db.query("SELECT setval(pg_get_serial_sequence('items', 'id'), (SELECT max(id) FROM items))");
    await state.db.query('DELETE FROM items WHERE shop_id = $1 AND id % 23 = 0', [shopId]);
    await state.db.query("UPDATE items SET status = 'sold' WHERE shop_id = $1 AND id % 17 = 0", [shopId]);
    await state.db.query("UPDATE items SET stock_type = 'Jewellery' WHERE shop_id = $1 AND id % 29 = 0", [
      shopId,
    ]);
  }

  const filters: ItemFilter[] = [
    {},
    { stockType: 'Watches', statuses: ['available', 'checked_out', 'unavailable'] },
    { stockType: 'Watches' },
    { statuses: ['available'] },
    { stockType: 'Jewellery', statuses: ['sold', 'reserved'] },
    { stockType: 'Jewellery' },
  ];
  // Offsets from 2,000 (SEEK_FROM_OFFSET) to past the end of every filter; a page that straddles two blocks.
  const pages: ReadonlyArray<readonly [number, number]> = [
    [10, 201],
    [25, 97],
    [7, 400],
    [50, 55],
    [3, 1000],
    [100, 60],
    [10, 1000],
    [25, 380],
  ];

  /** Each filter, both id orders, every page: `page` (one statement) as `separately` (a count, then OFFSET). */
  async function compareAll(of: ItemFilter[]): Promise<{ seeking: number; pastTheEnd: number }> {
    const { items, sent } = spied();
    let seeking = 0;
    let pastTheEnd = 0;
    for (const filter of of) {
      for (const ordering of ['created_at', '-created_at'] as const) {
        for (const [size, n] of pages) {
          sent.length = 0;
          const a = await page(items, filter, ordering, size, n);
          const b = await separately(items, filter, ordering, size, n);
          expect(a).toEqual(b);
          expect((n - 1) * size).toBeGreaterThanOrEqual(SEEK_FROM_OFFSET);
          expect(picks(sent)[0]?.sql).toMatch(/^WITH seek AS/);
          seeking += 1;
          if (a === null) pastTheEnd += 1;
        }
      }
    }
    return { seeking, pastTheEnd };
  }

  it('gives the page and count that a count and OFFSET give, past the end included, and after writes', async () => {
    await seedDeep();
    const { seeking, pastTheEnd } = await compareAll(filters);
    expect(seeking).toBe(filters.length * 2 * pages.length);
    // Pages with rows and pages past the end were both compared.
    expect(pastTheEnd).toBeGreaterThan(0);
    expect(seeking - pastTheEnd).toBeGreaterThanOrEqual(50);

    // Then three items added, one sold and one checked out through the API, and one deleted.
    const browser = await as('gold');
    for (let k = 0; k < 3; k += 1) {
      const added = await browser.post('/api/items/', itemBody({ serial: `NEW-${k}` }));
      expect(added.statusCode).toBe(201);
    }
    // An available item of each of three blocks: one sold, one checked out, one gone.
    const deep = await state.db.query<{ id: number }>(
      `SELECT min(id) AS id FROM items WHERE shop_id = $1 AND status = 'available' AND item_block(id) IN (1, 3, 5)
        GROUP BY item_block(id) ORDER BY 1`,
      [state.fx.shopId],
    );
    const [sold, out, gone] = deep.map((r) => r.id);
    expect(gone).toBeGreaterThan(5 * 4096);
    expect((await browser.post(`/api/items/${sold}/sell/`, { price: 1500 })).statusCode).toBe(200);
    const clientId = await client('Ada');
    expect((await browser.post(`/api/items/${out}/check-out/`, { clientId })).statusCode).toBe(200);
    await state.db.query('DELETE FROM items WHERE id = $1', [gone]);
    // The filters the writes changed: all stock, the Watches screen, all Watches, available.
    await compareAll(filters.slice(0, 4));
    // The API's own deep page: the same ids as OFFSET gives.
    const answer = await browser.get('/api/items/?page=300');
    expect(answer.statusCode).toBe(200);
    const expected = await state.db.query<{ id: number }>(
      'SELECT id FROM items WHERE shop_id = $1 ORDER BY id DESC LIMIT 10 OFFSET 2990',
      [state.fx.shopId],
    );
    expect((answer.json() as { results: Array<{ id: number }> }).results.map((r) => r.id)).toEqual(
      expected.map((r) => r.id),
    );
  });
});
