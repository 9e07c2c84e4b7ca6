import { seedInventoryDemo } from '../../../src/demo/inventory';
import { seededRandom } from '../../../src/demo/demo-context';
import { inventoryTestbed } from './setup';

const { state, as, client } = inventoryTestbed();
const NOW = new Date('2026-03-01T09:00:00Z');

async function seed(withClients: boolean): Promise<number[]> {
  const clients = withClients ? [await client('Ada'), await client('Brook'), await client('Cyrus')] : [];
  await state.db.transaction((tx) =>
    seedInventoryDemo({
      tx,
      shopId: state.fx.shopId,
      users: { platinum: state.fx.ids.platinum, gold: state.fx.ids.gold, silver: state.fx.ids.silver },
      now: NOW,
      random: seededRandom(20261122),
    }),
  );
  return clients;
}

describe('inventory demo data', () => {
  it('seeds 60+ items over every stock type and status, consistent with what the API computes', async () => {
    const clients = await seed(true);
    const byGroup = await state.db.query<{ stock_type: string; status: string; n: number }>(
      'SELECT stock_type, status, count(*)::int AS n FROM items GROUP BY 1, 2',
    );
    const total = byGroup.reduce((sum, g) => sum + g.n, 0);
    expect(total).toBeGreaterThanOrEqual(60);
    expect(new Set(byGroup.map((g) => g.stock_type))).toEqual(
      new Set(['Watches', 'Jewellery', 'Accessories']),
    );
    expect(new Set(byGroup.map((g) => g.status))).toEqual(
      new Set(['available', 'checked_out', 'unavailable', 'sold']),
    );

    // Every purchase price is the sum of its lines by the API's rule; every line follows the rule.
    const wrong = await state.db.query(
      `SELECT i.id FROM items i
        WHERE i.purchase_price <> (SELECT coalesce(sum(amount_gbp), 0) FROM item_transactions t WHERE t.item_id = i.id)
           OR i.purchase_price <= 0
       UNION ALL
       SELECT item_id FROM item_transactions
        WHERE amount_gbp <> CASE WHEN type = 'cash' THEN round(amount * exchange_rate * (1 - fee_percent / 100), 2)
                                 ELSE amount END`,
    );
    expect(wrong).toEqual([]);

    // Credit and debt reached the ledger, and the balances are its sums.
    const postings = await state.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_ledger l JOIN item_transactions t
          ON l.source = 'item_transaction' AND l.source_id = t.id AND l.amount_gbp = t.amount_gbp`,
    );
    const creditDebt = await state.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM item_transactions WHERE type <> 'cash'",
    );
    expect(creditDebt[0]?.n).toBeGreaterThan(0);
    expect(postings[0]?.n).toBe(creditDebt[0]?.n);
    const unbalanced = await state.db.query(
      `SELECT c.id FROM clients c WHERE c.balance <> (SELECT coalesce(sum(amount_gbp), 0) FROM client_ledger l WHERE l.client_id = c.id)`,
    );
    expect(unbalanced).toEqual([]);

    // Each checked-out item has one open check-out to a client of the shop; nothing else is out.
    const checkouts = await state.db.query<{ status: string; client_id: number }>(
      'SELECT i.status, c.client_id FROM checkouts c JOIN items i ON i.id = c.item_id WHERE c.returned_at IS NULL',
    );
    const out = byGroup.filter((g) => g.status === 'checked_out').reduce((s, g) => s + g.n, 0);
    expect(checkouts).toHaveLength(out);
    expect(checkouts.every((c) => c.status === 'checked_out' && clients.includes(c.client_id))).toBe(true);

    // Each sold item has one sale, after its purchase, within the last three months, at cost = purchase price.
    const sales = await state.db.query<{ ok: boolean; day: string }>(
      `SELECT s.sale_date >= i.purchased_on AND s.cost_gbp = i.purchase_price AND s.amount_gbp > 0 AS ok,
              s.sale_date::text AS day
         FROM sales s JOIN items i ON i.id = s.item_id`,
    );
    const sold = byGroup.filter((g) => g.status === 'sold').reduce((s, g) => s + g.n, 0);
    expect(sales).toHaveLength(sold);
    expect(sold).toBeGreaterThanOrEqual(5);
    expect(sales.every((s) => s.ok && s.day >= '2025-12-01' && s.day <= '2026-03-01')).toBe(true);

    // And the API reads it all back.
    const browser = await as('platinum');
    const list = await browser.get('/api/items/?page_size=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(total);
    const promoted = await browser.get('/api/items/?promoted=true');
    expect(promoted.json().count).toBeGreaterThan(0);
    const summary = (await browser.get('/api/items/summary/')).json();
    expect(summary.byStatus.sold).toBe(sold);
    expect(summary.recentPurchases).toHaveLength(5);
  });

  it('numbers the stock in the order it was added, and describes watches and jewels (issue 22)', async () => {
    await seed(true);
    const numbers = await state.db.query<{ stock_number: number }>(
      'SELECT stock_number FROM items WHERE shop_id = $1 ORDER BY id',
      [state.fx.shopId],
    );
    expect(numbers.map((r) => r.stock_number)).toEqual(numbers.map((_, i) => i + 1));
    // Every watch has a reference, a year that its description names, box and papers as it says, a grade.
    const watches = await state.db.query<{
      description: string;
      reference_number: string;
      year: number;
      box: boolean;
      papers: boolean;
      condition_grade: string | null;
      movement: string | null;
    }>(
      `SELECT description, reference_number, year, box, papers, condition_grade, movement
         FROM items WHERE stock_type = 'Watches'`,
    );
    expect(watches.length).toBeGreaterThan(20);
    for (const w of watches) {
      expect(w.reference_number).not.toBe('');
      expect(w.description).toContain(`, ${w.year}, `);
      expect(w.condition_grade).not.toBeNull();
      expect(w.movement).not.toBeNull();
      const set = w.description.split(', ')[2];
      expect([w.box, w.papers]).toEqual(
        {
          'full set': [true, true],
          'box and papers': [true, true],
          'watch only': [false, false],
          'papers only': [false, true],
        }[set as string],
      );
    }
    const jewels = await state.db.query<{ metal: string; stones: string }>(
      "SELECT metal, stones FROM items WHERE stock_type = 'Jewellery'",
    );
    expect(jewels.every((j) => j.metal !== '' && j.stones !== '')).toBe(true);
    // What the filters find in the demo shop.
    const browser = await as('silver');
    const excellent = await browser.get('/api/items/?condition_grade=excellent&page_size=100');
    expect(excellent.json().count).toBeGreaterThan(0);
    const platinum = await browser.get('/api/items/?metal=Platinum');
    expect(platinum.json().count).toBeGreaterThan(0);
  });

  it('without clients (their seeder absent) seeds stock with no client references', async () => {
    await seed(false);
    const refs = await state.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM item_transactions WHERE client_id IS NOT NULL)
            + (SELECT count(*) FROM checkouts) + (SELECT count(*) FROM sales WHERE client_id IS NOT NULL) AS n`,
    );
    expect(Number(refs[0]?.n)).toBe(0);
    const items = await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM items');
    expect(items[0]?.n).toBeGreaterThanOrEqual(60);
  });
});
