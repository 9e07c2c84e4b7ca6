import {
  ALREADY_VOIDED,
  VOID_NOT_ALLOWED,
  VOID_REASON_REQUIRED,
  endpoints,
  pathOf,
  type Item,
} from '@loupe/contracts';
import { NOT_SOLD } from '../../../src/modules/sales';
import type { Browser } from '../../helper';
import { inventoryTestbed, itemBody } from './setup';

// Clock: 2026-03-01 09:00 UTC. The testbed's afterEach checks the kept item counts still match the items.
const { state, as, client, audit } = inventoryTestbed();
const ITEMS = '/api/items/';

const voidSale = (browser: Browser, id: number, body: unknown = { reason: 'Wrong client' }) =>
  browser.post(pathOf(endpoints.items.voidSale, { id }), body);

async function add(browser: Browser, over: Record<string, unknown> = {}): Promise<Item> {
  const response = await browser.post(ITEMS, itemBody(over));
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function act(browser: Browser, id: number, action: string, body: unknown): Promise<Item> {
  const response = await browser.post(`${ITEMS}${id}/${action}/`, body);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const salesRows = () =>
  state.db.query<Record<string, unknown>>(
    `SELECT id::int AS id, item_id, amount::text AS amount, amount_gbp::text AS gbp, cost_gbp::text AS cost,
            client_id, sale_date::text AS day, reversal_of::int AS reversal_of, void_reason
       FROM sales ORDER BY id`,
  );

describe('voiding an item sale', () => {
  it('reverses the sale on the day of the void and puts the item back in stock; it can be sold again', async () => {
    const ada = await client('Ada');
    const gold = await as('gold');
    const item = await add(gold, { transactions: [{ type: 'cash', amount: '8000.10' }] });
    const sold = await act(gold, item.id, 'sell', {
      price: '12000.00',
      currency: 'USD',
      exchangeRate: '0.79123456',
      paymentMethod: 'Bank Transfer',
      clientId: ada,
      date: '2026-02-27',
    });
    // The sold item answers the sale that stands on it.
    expect(sold.sale).toEqual({
      id: expect.any(Number),
      date: '2026-02-27',
      price: 12000,
      currency: 'USD',
      exchangeRate: 0.79123456,
      amountGbp: 9494.81,
      paymentMethod: 'Bank Transfer',
      clientId: ada,
      clientName: 'Ada',
      buyerName: '',
      soldBy: 'gold',
      invoice: { id: expect.any(Number), reference: 'INV-000001' },
    });
    const saleId = (sold.sale as { id: number }).id;

    const res = await voidSale(gold, item.id, { reason: ' Sold to the wrong client ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: item.id, status: 'available', checkout: null, sale: null });
    expect((await gold.get(`${ITEMS}${item.id}/`)).json()).toMatchObject({ status: 'available', sale: null });

    const [original, reversal] = await salesRows();
    expect(original).toMatchObject({
      id: saleId,
      gbp: '9494.81',
      cost: '8000.10',
      day: '2026-02-27',
      reversal_of: null,
    });
    expect(reversal).toEqual({
      id: expect.any(Number),
      item_id: item.id,
      amount: '-12000.00000000',
      gbp: '-9494.81',
      cost: '-8000.10',
      client_id: ada,
      day: '2026-03-01',
      reversal_of: saleId,
      void_reason: 'Sold to the wrong client',
    });
    const reversalId = (reversal as { id: number }).id;

    const trail = await state.db.query(
      `SELECT entity, entity_id::int AS "entityId", action, before, after FROM audit_log
        WHERE action IN ('void', 'void_sale') ORDER BY id`,
    );
    expect(trail).toEqual([
      {
        entity: 'sale',
        entityId: saleId,
        action: 'void',
        before: null,
        after: {
          reason: 'Sold to the wrong client',
          reversalId,
          // The sale's invoice is cancelled by a credit note in the same transaction (issue 13).
          creditNote: 'CN-000001',
          amountGbp: 9494.81,
          clientId: ada,
          itemId: item.id,
        },
      },
      {
        entity: 'item',
        entityId: item.id,
        action: 'void_sale',
        before: { status: 'sold' },
        after: { status: 'available' },
      },
    ]);

    // Voided already: nothing stands on the item.
    const again = await voidSale(gold, item.id);
    expect([again.statusCode, again.json()]).toEqual([409, { detail: ALREADY_VOIDED }]);

    // Sold again: a new sale, which stands and is the one a second void reverses.
    const resold = await act(gold, item.id, 'sell', { price: 11000, paymentMethod: 'Bank Transfer' });
    expect(resold.sale).toMatchObject({ price: 11000, clientId: null, date: '2026-03-01' });
    expect((resold.sale as { id: number }).id).not.toBe(saleId);
    expect((await voidSale(gold, item.id, { reason: 'Card declined' })).statusCode).toBe(200);
    const rows = await salesRows();
    expect(rows.map((r) => r.reversal_of)).toEqual([null, saleId, null, (resold.sale as { id: number }).id]);
  });

  it('a sale to the client who had it on approval: the check-out is reopened as it was', async () => {
    const ada = await client('Ada');
    const platinum = await as('platinum');
    const item = await add(platinum);
    const out = await act(platinum, item.id, 'check-out', {
      clientId: ada,
      dueDate: '2026-03-10',
      note: 'Trying it',
    });
    await act(platinum, item.id, 'sell', { price: 13000, paymentMethod: 'Bank Transfer' });
    const res = await voidSale(platinum, item.id);
    expect(res.statusCode).toBe(200);
    const back = res.json() as Item;
    expect(back.status).toBe('checked_out');
    expect(back.checkout).toEqual(out.checkout);
    const checkouts = await state.db.query('SELECT client_id, returned_at, outcome FROM checkouts');
    expect(checkouts).toEqual([{ client_id: ada, returned_at: null, outcome: null }]);
    expect((await audit(item.id)).at(-1)).toMatchObject({
      action: 'void_sale',
      before: { status: 'sold' },
      after: { status: 'checked_out', clientId: ada },
    });
    // Back out with Ada, it can be returned as any check-out.
    expect((await act(platinum, item.id, 'return', {})).status).toBe('available');
  });

  it('an item never sold: 409; a reason is required; silver may not; another shop and missing: 404', async () => {
    const gold = await as('gold');
    const unsold = await add(gold);
    const notSold = await voidSale(gold, unsold.id);
    expect([notSold.statusCode, notSold.json()]).toEqual([409, { detail: NOT_SOLD }]);

    const item = await add(gold, { serial: 'RLX-0002' });
    await act(gold, item.id, 'sell', { price: 100 });
    for (const body of [{ reason: '' }, {}]) {
      const res = await voidSale(gold, item.id, body);
      expect([res.statusCode, res.json()]).toEqual([400, { reason: [VOID_REASON_REQUIRED] }]);
    }
    const silver = await as('silver');
    const denied = await voidSale(silver, item.id);
    expect([denied.statusCode, denied.json()]).toEqual([403, { detail: VOID_NOT_ALLOWED }]);
    const rival = await as('rival');
    expect((await voidSale(rival, item.id)).statusCode).toBe(404);
    expect((await voidSale(gold, 987654)).statusCode).toBe(404);
    expect((await gold.get(`${ITEMS}${item.id}/`)).json()).toMatchObject({ status: 'sold' });
    expect((await salesRows()).filter((r) => r.reversal_of !== null)).toEqual([]);
  });

  it('two voids of one sale at once: exactly one succeeds', async () => {
    const gold = await as('gold');
    const platinum = await as('platinum');
    const item = await add(gold);
    await act(gold, item.id, 'sell', { price: 100 });
    const answers = await Promise.all([voidSale(gold, item.id), voidSale(platinum, item.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await salesRows()).filter((r) => r.reversal_of !== null)).toHaveLength(1);
  });
});
