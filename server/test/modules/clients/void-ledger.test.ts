import {
  ALREADY_VOIDED,
  REVERSAL_NOT_VOIDABLE,
  VOID_NOT_ALLOWED,
  VOID_REASON_REQUIRED,
  endpoints,
  pathOf,
  type LedgerList,
} from '@loupe/contracts';
import {
  STOCK_POSTING_NOT_VOIDABLE,
  VOID_BALANCE_OVERFLOW,
} from '../../../src/modules/clients/ledger-voids-service';
import type { Browser } from '../../helper';
import { clientsTestbed, ledger } from './setup';

// Clock: 2026-03-01 09:00 UTC. The testbed's afterEach checks every balance is still the exact sum of its ledger.
const { state, as, create } = clientsTestbed();

const voidOf = (id: number, entryId: number) => pathOf(endpoints.clients.voidLedgerEntry, { id, entryId });

async function pay(browser: Browser, id: number, body: Record<string, unknown>): Promise<number> {
  const res = await browser.post(ledger(id), body);
  if (res.statusCode !== 201) throw new Error(`payment failed: ${res.body}`);
  return (res.json() as { entry: { id: number } }).entry.id;
}

const storedBalance = async (id: number) =>
  (
    (
      await state.db.query<{ b: string }>('SELECT balance::text AS b FROM clients WHERE id = $1', [id])
    )[0] as {
      b: string;
    }
  ).b;

/** A ledger row written as another path would leave it (a stock purchase, another shop), balance kept. */
async function postRaw(o: {
  shopId: number;
  clientId: number;
  gbp: string;
  source?: string;
}): Promise<number> {
  const rows = await state.db.query<{ id: string }>(
    `INSERT INTO client_ledger (shop_id, client_id, amount, currency, exchange_rate, amount_gbp, method, entry_date,
                                note, source, source_id, created_at)
     VALUES ($1, $2, $3::numeric, 'GBP', 1, $3::numeric, 'Stock credit', '2026-02-20', '', $4, $5, now())
     RETURNING id::text AS id`,
    [o.shopId, o.clientId, o.gbp, o.source ?? null, o.source ? 1 : null],
  );
  await state.db.query('UPDATE clients SET balance = balance + $2::numeric WHERE id = $1', [
    o.clientId,
    o.gbp,
  ]);
  return Number((rows[0] as { id: string }).id);
}

async function otherShopClient(): Promise<number> {
  const rows = await state.db.query<{ id: number }>(
    `INSERT INTO clients (shop_id, name, email, created_at, updated_at)
     VALUES ($1, 'Their client', 'their@example.com', now(), now()) RETURNING id`,
    [state.fx.otherShopId],
  );
  return (rows[0] as { id: number }).id;
}

describe('voiding a ledger entry', () => {
  it('posts the opposite amount in the same currency and rate, today; the balance is restored exactly', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Ada' }, gold);
    await pay(gold, id, { direction: 'paid', amount: '100.10', method: 'Bank Transfer' });
    const before = await storedBalance(id);
    // 0.12345678 BTC × 51234.5 = 6325.24639491 → £6,325.25
    const btc = await pay(gold, id, {
      direction: 'received',
      amount: '0.12345678',
      currency: 'BTC',
      exchangeRate: '51234.5',
      method: 'Bitcoin',
      date: '2026-02-20',
    });
    expect(await storedBalance(id)).toBe('6225.15');

    const res = await gold.post(voidOf(id, btc), { reason: 'Wrong client' });
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.balance).toBe(-100.1);
    expect(await storedBalance(id)).toBe(before);
    expect(result.entry).toMatchObject({
      id: btc,
      amount: 0.12345678,
      amountGbp: 6325.25,
      date: '2026-02-20',
      reversalOf: null,
      voided: {
        at: '2026-03-01T09:00:00.000Z',
        by: 'gold',
        reason: 'Wrong client',
        reversalId: result.reversal.id,
      },
    });
    expect(result.reversal).toEqual({
      id: expect.any(Number),
      direction: 'paid',
      amount: -0.12345678,
      currency: 'BTC',
      exchangeRate: 51234.5,
      amountGbp: -6325.25,
      method: 'Bitcoin',
      date: '2026-03-01',
      note: `Void of #${btc}: Wrong client`,
      source: null,
      sourceId: null,
      createdAt: '2026-03-01T09:00:00.000Z',
      voided: null,
      reversalOf: btc,
    });

    // The ledger lists the reversal on the day of the void and the original on its own day, voided.
    const list = (await gold.get(ledger(id))).json() as LedgerList;
    expect(list.results.map((e) => [e.id, e.date, e.reversalOf, e.voided?.reversalId ?? null])).toEqual([
      [result.reversal.id, '2026-03-01', btc, null],
      [expect.any(Number), '2026-03-01', null, null],
      [btc, '2026-02-20', null, result.reversal.id],
    ]);

    const trail = await state.db.query(
      `SELECT entity, entity_id::int AS "entityId", action, after FROM audit_log WHERE action = 'void'`,
    );
    expect(trail).toEqual([
      {
        entity: 'ledger_entry',
        entityId: btc,
        action: 'void',
        after: {
          reason: 'Wrong client',
          reversalId: result.reversal.id,
          amountGbp: 6325.25,
          clientId: id,
          balance: -100.1,
        },
      },
    ]);
  });

  it('needs a reason, and is for platinum and gold only', async () => {
    const platinum = await as('platinum');
    const id = await create({ name: 'Ada' }, platinum);
    const entry = await pay(platinum, id, { direction: 'received', amount: '10' });
    for (const body of [{ reason: ' ' }, {}]) {
      const res = await platinum.post(voidOf(id, entry), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ reason: [VOID_REASON_REQUIRED] });
    }
    const silver = await as('silver');
    const denied = await silver.post(voidOf(id, entry), { reason: 'Mistake' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: VOID_NOT_ALLOWED });
    expect(await storedBalance(id)).toBe('10.00');
    expect((await platinum.post(voidOf(id, entry), { reason: 'Mistake' })).statusCode).toBe(200);
    expect(await storedBalance(id)).toBe('0.00');
  });

  it('409: voided already, a reversal, a stock purchase posting; 404: another client, another shop, missing', async () => {
    const gold = await as('gold');
    const ada = await create({ name: 'Ada' }, gold);
    const bea = await create({ name: 'Bea' }, gold);
    const entry = await pay(gold, ada, { direction: 'received', amount: '10' });
    const reversal = (await gold.post(voidOf(ada, entry), { reason: 'Typo' })).json().reversal.id as number;

    const again = await gold.post(voidOf(ada, entry), { reason: 'Typo' });
    expect([again.statusCode, again.json()]).toEqual([409, { detail: ALREADY_VOIDED }]);
    const ofReversal = await gold.post(voidOf(ada, reversal), { reason: 'Undo' });
    expect([ofReversal.statusCode, ofReversal.json()]).toEqual([409, { detail: REVERSAL_NOT_VOIDABLE }]);
    const stock = await postRaw({
      shopId: state.fx.shopId,
      clientId: ada,
      gbp: '500',
      source: 'item_transaction',
    });
    const ofStock = await gold.post(voidOf(ada, stock), { reason: 'Wrong price' });
    expect([ofStock.statusCode, ofStock.json()]).toEqual([409, { detail: STOCK_POSTING_NOT_VOIDABLE }]);

    const bEntry = await pay(gold, bea, { direction: 'paid', amount: '5' });
    const theirClient = await otherShopClient();
    const theirEntry = await postRaw({ shopId: state.fx.otherShopId, clientId: theirClient, gbp: '70' });
    for (const [clientId, entryId] of [
      [ada, bEntry], // Bea's entry under Ada
      [theirClient, theirEntry], // another shop's client and entry
      [ada, theirEntry],
      [ada, 987654],
      [987654, entry],
    ] as const) {
      const res = await gold.post(voidOf(clientId, entryId), { reason: 'x' });
      expect(res.statusCode).toBe(404);
    }
    expect(await storedBalance(bea)).toBe('-5.00');
    expect(await storedBalance(theirClient)).toBe('70.00');
  });

  it('two voids of one entry at once: exactly one succeeds and the balance moves once', async () => {
    const gold = await as('gold');
    const platinum = await as('platinum');
    const id = await create({ name: 'Ada' }, gold);
    const entry = await pay(gold, id, {
      direction: 'received',
      amount: '42.42',
      currency: 'EUR',
      exchangeRate: '0.85',
    });
    const answers = await Promise.all([
      gold.post(voidOf(id, entry), { reason: 'Duplicate' }),
      platinum.post(voidOf(id, entry), { reason: 'Duplicate' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await storedBalance(id)).toBe('0.00');
    const reversals = await state.db.query('SELECT id FROM client_ledger WHERE reversal_of IS NOT NULL');
    expect(reversals).toHaveLength(1);
  });

  it('a void that would take the balance beyond the column is a 409, and nothing is written', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Ada' }, gold);
    const max = '999999999999.99';
    // The charge first: the balance passes through -max and 0 on its way to max, always within the column.
    const charge = await postRaw({ shopId: state.fx.shopId, clientId: id, gbp: `-${max}` });
    await postRaw({ shopId: state.fx.shopId, clientId: id, gbp: max });
    await postRaw({ shopId: state.fx.shopId, clientId: id, gbp: max });
    // Without the charge the balance would be twice the largest the column holds.
    const res = await gold.post(voidOf(id, charge), { reason: 'Too much' });
    expect([res.statusCode, res.json()]).toEqual([409, { detail: VOID_BALANCE_OVERFLOW }]);
    expect(await storedBalance(id)).toBe(max);
    expect(await state.db.query('SELECT id FROM client_ledger WHERE reversal_of IS NOT NULL')).toEqual([]);
  });
});
