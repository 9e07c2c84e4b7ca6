import { apiTestbed } from '../../helper';

/** Each kept counts table and how its groups are read from an item (the columns of its key besides shop_id). */
const KEPT_COUNTS: ReadonlyArray<readonly [string, Record<string, string>]> = [
  ['item_counts', { stock_type: 'stock_type', status: 'status', block: 'item_block(id)' }],
  ['item_brand_counts', { brand: 'brand', stock_type: 'stock_type', status: 'status' }],
  [
    'item_price_counts',
    { bucket: 'item_price_bucket(purchase_price)', stock_type: 'stock_type', status: 'status' },
  ],
];

/**
 * One database for the test file that calls it; every test starts from the fixtures' users and shops, a
 * clock fixed at 2026-03-01 09:00 UTC, and a fresh uploads folder.
 */
export function inventoryTestbed() {
  const testbed = apiTestbed({ clock: true });
  const { state } = testbed;
  afterEach(async () => {
    // Whatever a test did, the kept counts (migration 005's triggers, per block of ids since 044, per brand and
    // per £100 of price since 045) still match the items.
    for (const [table, groups] of KEPT_COUNTS) {
      const keys = Object.keys(groups);
      const drift = await state.db.query(
        `SELECT coalesce(a.shop_id, k.shop_id) AS shop_id,
                ${keys.map((key) => `coalesce(a.${key}, k.${key}) AS ${key}`).join(', ')}, a.n AS actual, k.n AS kept
           FROM (SELECT shop_id, ${keys.map((key) => `${groups[key]} AS ${key}`).join(', ')}, count(*)::int AS n
                   FROM items GROUP BY ${keys.map((_, i) => i + 2).join(', ')}, 1) a
           FULL JOIN (SELECT * FROM ${table} WHERE n <> 0) k
             ON k.shop_id = a.shop_id AND ${keys.map((key) => `k.${key} = a.${key}`).join(' AND ')}
          WHERE a.n IS DISTINCT FROM k.n`,
      );
      expect({ table, drift }).toEqual({ table, drift: [] });
    }
  });

  /** A client row straight in the table: these tests are about stock, not the clients screens. */
  const client = async (name: string, shop: 'own' | 'other' = 'own'): Promise<number> => {
    const rows = await state.db.query<{ id: number }>(
      `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
       VALUES ($1, $2, $3, now(), now()) RETURNING id`,
      [shop === 'own' ? state.fx.shopId : state.fx.otherShopId, name, `${name.toLowerCase()}@example.com`],
    );
    return (rows[0] as { id: number }).id;
  };

  const balance = async (clientId: number): Promise<string> => {
    const rows = await state.db.query<{ balance: string }>(
      'SELECT balance::text AS balance FROM clients WHERE id = $1',
      [clientId],
    );
    return (rows[0] as { balance: string }).balance;
  };

  const audit = (itemId: number) =>
    state.db.query<{ action: string; user_id: number; before: unknown; after: unknown }>(
      `SELECT action, user_id, before, after FROM audit_log WHERE entity = 'item' AND entity_id = $1 ORDER BY id`,
      [itemId],
    );

  const tableCounts = async () => {
    const rows = await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM items) AS items,
              (SELECT count(*)::int FROM item_transactions) AS transactions,
              (SELECT count(*)::int FROM item_images) AS images,
              (SELECT count(*)::int FROM checkouts) AS checkouts,
              (SELECT count(*)::int FROM sales) AS sales,
              (SELECT count(*)::int FROM client_ledger) AS ledger,
              (SELECT count(*)::int FROM audit_log WHERE entity NOT IN ('session', 'user')) AS audit`,
    );
    return rows[0] as Record<string, number>;
  };

  return { ...testbed, client, balance, audit, tableCounts };
}

/** A valid item body; `over` replaces fields. */
export const itemBody = (over: Record<string, unknown> = {}) => ({
  serial: 'RLX-0001',
  stockType: 'Watches',
  brand: 'Rolex',
  model: 'Submariner',
  description: 'Black dial, 2021, box and papers',
  tradePrice: 9000,
  retailPrice: '12500.00',
  transactions: [{ type: 'cash', amount: 8000 }],
  ...over,
});
