import { endpoints, pathOf, type Item, type StockAging } from '@loupe/contracts';
import { seededRandom } from '../../../src/demo/demo-context';
import { seedInventoryDemo } from '../../../src/demo/inventory';
import { seedStockAgingDemo } from '../../../src/demo/stock-aging';
import { inventoryTestbed } from '../inventory/setup';

// The testbed's clock is the demo's "now": 2026-03-01 09:00 UTC.
const { state, as, client } = inventoryTestbed();
const NOW = new Date('2026-03-01T09:00:00Z');

it('the demo has aged stock, an overdue approval and a consignment past its return-by date', async () => {
  const supplier = await client('Ada');
  await client('Brook');
  await state.db.transaction(async (tx) => {
    const demo = {
      tx,
      shopId: state.fx.shopId,
      users: { platinum: state.fx.ids.platinum, gold: state.fx.ids.gold, silver: state.fx.ids.silver },
      now: NOW,
      random: seededRandom(20261122),
    };
    await seedInventoryDemo(demo);
    await seedStockAgingDemo(demo);
  });
  // Read as gold: the costs in the answer are left out for silver unless the shop allows (issue 21 item 6).
  const browser = await as('gold');
  const aging: StockAging = (await browser.get(pathOf(endpoints.stock.aging))).json();
  expect(aging.over90.count).toBeGreaterThanOrEqual(5);
  expect(aging.memoOverdueCount).toBeGreaterThanOrEqual(1);
  expect(aging.consignmentOverdue).toEqual([
    expect.objectContaining({
      serial: 'MEMO-CS-0417',
      supplierId: supplier,
      returnBy: '2026-02-19',
      daysOverdue: 10,
    }),
  ]);

  // The aged items are as the API would have written them: purchase price = their cash line.
  const aged = (await browser.get('/api/items/?search=AGED-&ordering=-days_in_stock')).json()
    .results as Item[];
  expect(aged.map((i) => [i.serial, i.daysInStock, i.purchasePrice])).toEqual([
    ['AGED-OM-3570', 395, 1275],
    ['AGED-JW-0042', 298, 940],
    ['AGED-RX-5513', 233, 6925.5],
    ['AGED-CA-0871', 161, 3380],
    ['AGED-OM-1962', 104, 2150],
  ]);
  const memo: Item = (await browser.get('/api/items/?consignment=true')).json().results[0];
  expect(memo.consignment).toMatchObject({ supplierName: 'Ada', agreedCost: 6250, overdue: true });
});
