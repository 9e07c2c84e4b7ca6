import { verifyChains } from '../../../src/modules/audit/verify';
import { apiTestbed } from '../../helper';

// The demo data writes its history in bulk (multi-row INSERTs): every entry still joins its shop's chain in order.
const { state } = apiTestbed({ per: 'file', demo: new Date('2026-03-01T09:00:00Z'), app: false });

it('chains every entry the demo seeding wrote, and the chains verify', async () => {
  const result = await verifyChains(state.db);
  expect(result.broken).toBeNull();
  expect(result.entries).toBeGreaterThan(0);
  const gaps = await state.db.query(
    `SELECT coalesce(shop_id, 0) AS chain FROM audit_log GROUP BY 1 HAVING max(seq) <> count(*)`,
  );
  expect(gaps).toEqual([]);
});
