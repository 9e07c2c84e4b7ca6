import { AuditRepository } from '../modules/audit';
import type { DemoContext } from './demo-context';

/**
 * Where the demo's stock is kept, and one closed stock-take (issue 14) of the watches in Safe 1, counted a
 * week ago by gold and silver: every watch found but one (missing), and a sold watch's tag scanned
 * (unexpected: recorded as sold). Written as the API writes a count (lines copied from the items, figures
 * frozen at closing), with its start and close in the audit trail.
 */
export async function seedStockTakesDemo({ tx, shopId, users, now }: DemoContext): Promise<void> {
  // Watches in the safe, jewellery and accessories in the window; the count below covers the safe.
  await tx.query(
    `UPDATE items SET location = CASE WHEN stock_type = 'Watches' THEN 'Safe 1' ELSE 'Window' END
      WHERE shop_id = $1`,
    [shopId],
  );
  const started = new Date(now.getTime() - 7 * 86_400_000);
  const closed = new Date(started.getTime() + 40 * 60_000);
  const expected = await tx.query<{ id: number; serial: string }>(
    `SELECT id, serial FROM items
      WHERE shop_id = $1 AND status = 'available' AND stock_type = 'Watches' AND location = 'Safe 1'
      ORDER BY id`,
    [shopId],
  );
  const sold = await tx.query<{ id: number; serial: string }>(
    `SELECT id, serial FROM items WHERE shop_id = $1 AND status = 'sold' AND stock_type = 'Watches'
      ORDER BY id LIMIT 1`,
    [shopId],
  );
  if (expected.length < 2) return;
  const missing = expected[expected.length - 1] as { id: number; serial: string };
  const found = expected.slice(0, -1);

  const take = await tx.query<{ id: number }>(
    `INSERT INTO stock_takes (shop_id, stock_type, location, started_by, started_at)
     VALUES ($1, 'Watches', 'Safe 1', $2, $3) RETURNING id`,
    [shopId, users.gold, started],
  );
  const takeId = (take[0] as { id: number }).id;
  // Gold and silver take turns at the scanner, a few seconds apart.
  await tx.query(
    `INSERT INTO stock_take_lines (stock_take_id, serial, outcome, item_id, brand, model, stock_type, location,
                                   item_status, scanned_by, scanned_at)
     SELECT $1, i.serial, 'found', i.id, i.brand, i.model, i.stock_type, i.location, i.status,
            CASE WHEN s.n % 2 = 0 THEN $3::int ELSE $4::int END, $2::timestamptz + s.n * interval '20 seconds'
       FROM unnest($5::int[]) WITH ORDINALITY AS s(id, n) JOIN items i ON i.id = s.id`,
    [takeId, started, users.gold, users.silver, found.map((i) => i.id)],
  );
  let unexpected = 0;
  if (sold[0]) {
    unexpected = 1;
    await tx.query(
      `INSERT INTO stock_take_lines (stock_take_id, serial, outcome, item_id, brand, model, stock_type, location,
                                     item_status, reason, scanned_by, scanned_at)
       SELECT $1, i.serial, 'unexpected', i.id, i.brand, i.model, i.stock_type, i.location, i.status, 'sold',
              $2, $3
         FROM items i WHERE i.id = $4`,
      [takeId, users.silver, new Date(closed.getTime() - 5 * 60_000), sold[0].id],
    );
  }
  await tx.query(
    `INSERT INTO stock_take_lines (stock_take_id, serial, outcome, item_id, brand, model, stock_type, location,
                                   item_status)
     SELECT $1, i.serial, 'missing', i.id, i.brand, i.model, i.stock_type, i.location, i.status
       FROM items i WHERE i.id = $2`,
    [takeId, missing.id],
  );
  const counts = { expected: found.length + 1, found: found.length, missing: 1, unexpected };
  await tx.query(
    `UPDATE stock_takes SET status = 'closed', closed_by = $2, closed_at = $3, expected_count = $4,
            found_count = $5, missing_count = 1, unexpected_count = $6
      WHERE id = $1`,
    [takeId, users.gold, closed, counts.expected, counts.found, unexpected],
  );
  const audit = new AuditRepository(tx);
  const recordName = `Stock-take #${takeId} (Watches in Safe 1)`;
  const base = { shopId, userId: users.gold, entity: 'stock_take', entityId: takeId, recordName };
  await audit.record({
    ...base,
    action: 'start',
    after: { stockType: 'Watches', location: 'Safe 1' },
    at: started,
  });
  await audit.record({ ...base, action: 'close', after: counts, at: closed });
}
