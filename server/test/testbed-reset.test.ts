import { Browser, buildTestApp, fileDatabase, resetTables, seedFixtures, testConfig } from './helper';
import type { LoupeDb } from '../src/app';
import { UsersRepository } from '../src/modules/auth/users-repository';
import { MembershipsRepository } from '../src/modules/shops/memberships-repository';

// resetTables (test/helper.ts) empties tables in its own way on each database (DELETEs rather than TRUNCATE):
// whatever a test wrote, it must leave the database as a fresh one, as TRUNCATE … RESTART IDENTITY CASCADE
// would: the same rows in every table, every sequence back at its start, and the fixtures on the same ids.

interface Snapshot {
  rows: Record<string, number>;
  sequences: Record<string, string>;
}

async function snapshot(db: LoupeDb): Promise<Snapshot> {
  const tables = await db.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_class c
      WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
  );
  const counts = await db.query<{ name: string; n: number }>(
    tables.map((t) => `SELECT '${t.name}' AS name, count(*)::int AS n FROM ${t.name}`).join(' UNION ALL '),
  );
  // Read from each sequence itself (pg_sequences shows no value for one set with is_called false).
  const names = await db.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_class c
      WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
  );
  const sequences = await db.query<{ name: string; state: string }>(
    names
      .map(
        (s) =>
          `SELECT '${s.name}' AS name, last_value::text || ' ' || is_called::text AS state FROM ${s.name}`,
      )
      .join(' UNION ALL '),
  );
  return {
    rows: Object.fromEntries(counts.map((c) => [c.name, c.n])),
    sequences: Object.fromEntries(sequences.map((s) => [s.name, s.state])),
  };
}

const opened = fileDatabase();

test('after a test that wrote sessions, audit rows, stock and sales, the reset leaves a fresh database', async () => {
  const { tdb, db } = opened;
  const fresh = await snapshot(db);
  await resetTables(db);
  const first = await seedFixtures(db);
  const app = await buildTestApp(db, testConfig(tdb));
  try {
    const browser = new Browser(app);
    await browser.signIn('platinum');
    // Rows behind triggers: an item (its version, stock number and counts) and a sale (the finance day sums).
    const [item] = await db.query<{ id: number }>(
      `INSERT INTO items (shop_id, serial, stock_type, brand, model, purchase_price, status, purchased_on,
                          created_at, updated_at)
       VALUES ($1, 'SN-RESET', 'Watches', 'Rolex', 'Datejust', 1000, 'sold', '2026-01-01', now(), now())
       RETURNING id`,
      [first.shopId],
    );
    await db.query(
      `INSERT INTO sales (shop_id, item_id, name, amount, amount_gbp, cost_gbp, payment_method, sale_date,
                          created_at)
       VALUES ($1, $2, 'Rolex Datejust', 1500, 1500, 1000, 'card', '2026-03-01', now())`,
      [first.shopId, item?.id],
    );
  } finally {
    await app.close();
  }
  const written = await snapshot(db);
  for (const table of ['users', 'sessions', 'audit_log', 'items', 'sales', 'finance_days']) {
    expect({ table, rows: written.rows[table] }).toEqual({ table, rows: expect.any(Number) });
    expect(written.rows[table]).toBeGreaterThan(0);
  }

  await resetTables(db);
  expect(await snapshot(db)).toEqual(fresh);
  // Ids start again where they did: the fixtures come back on the same ones.
  expect(await seedFixtures(db)).toEqual(first);
});

test('a reset of a database that holds no rows leaves it as it is', async () => {
  const { db } = opened;
  await resetTables(db);
  const empty = await snapshot(db);
  await resetTables(db);
  expect(await snapshot(db)).toEqual(empty);
});

/** Every column of the fixtures' tables, in id order. */
async function fixtureRows(db: LoupeDb): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['users', 'shops', 'memberships']) {
    out[table] = await db.query(`SELECT * FROM ${table} ORDER BY id`);
  }
  return out;
}

test('seedFixtures writes, column for column, what the repositories write for the same users, shops and members', async () => {
  const { db } = opened;
  const now = new Date('2026-03-01T09:00:00.123Z');
  await resetTables(db);
  const seeded = await seedFixtures(db, now);
  const written = await fixtureRows(db);

  // The same people, shops and memberships through the modules that own those tables.
  await resetTables(db);
  const users = new UsersRepository(db);
  const memberships = new MembershipsRepository(db);
  const hash = (written.users?.[0] as { password_hash: string }).password_hash;
  const make = async (username: string, extra: { first_name?: string; last_name?: string } = {}) =>
    (await users.create({ username, passwordHash: hash, email: `${username}@example.com`, ...extra }, now))
      .id;
  const ids = {
    platinum: await make('platinum', { first_name: 'Paloma', last_name: 'Reyes' }),
    gold: await make('gold'),
    silver: await make('silver'),
    loner: await make('loner'),
    rival: await make('rival'),
    outsider: await make('outsider'),
  };
  const shop = await memberships.createShop('Loupe Demo', now);
  const other = await memberships.createShop('Rival Watches', now);
  await memberships.create(shop.id, ids.platinum, 'platinum', true, now, now);
  await memberships.create(shop.id, ids.gold, 'gold', true, now, now);
  await memberships.create(shop.id, ids.silver, 'silver', true, now, now);
  await memberships.create(other.id, ids.rival, 'platinum', true, now, now);
  await memberships.create(other.id, ids.outsider, 'silver', true, now, now);

  expect(await fixtureRows(db)).toEqual(written);
  expect({ shopId: shop.id, otherShopId: other.id, ids }).toEqual(seeded);
});
