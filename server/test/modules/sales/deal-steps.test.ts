import type { Deal } from '@loupe/contracts';
import { createContext } from '../../../src/context';
import { InMemoryState } from '../../../src/kernel/in-memory-state';
import { DealsService } from '../../../src/modules/sales';
import { testConfig } from '../../helper';
import { clientsTestbed } from '../clients/setup';

// A caller's own step inside a deal's transaction (DealStep, issue 23: the workshop's deposit and collection run
// through it): what the step writes commits with the deal, and what it throws rolls the whole deal back. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
const { state, create } = clientsTestbed();

const counts = async () =>
  (
    await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM deals) AS deals, (SELECT count(*)::int FROM deal_payments) AS payments,
              (SELECT count(*)::int FROM invoices) AS invoices`,
    )
  )[0];

function service() {
  const ctx = createContext(state.db, testConfig(state.tdb), state.clock.now, new InMemoryState());
  const caller = { userId: state.fx.ids.gold, shopId: state.fx.shopId, role: 'gold' as const };
  return { deals: new DealsService(ctx), caller };
}

/** A service of £350 (labour £250, parts £100), both standard-rated 'other' lines, for `clientId`. */
const serviceDeal = (clientId: number, collectBy: string) => ({
  clientId,
  lines: [
    { kind: 'other' as const, description: 'Labour: full service', price: '250' },
    { kind: 'other' as const, description: 'Parts: crown and gaskets', price: '100' },
  ],
  payments: [{ method: 'Cash' as const, amount: '100' }],
  reserve: { collectBy },
});

describe('a step inside the deal', () => {
  it('sees the deal it runs in, and its writes commit with it', async () => {
    const { deals, caller } = service();
    const client = await create({ name: 'Step Client' });
    const seen: Array<{ id: number; status: string | undefined }> = [];
    const deal = await deals.create(caller, serviceDeal(client, '2026-12-31'), async (repos, dealId) => {
      const inside = await repos.deals.find(caller.shopId, dealId);
      seen.push({ id: dealId, status: inside?.status });
    });
    expect(seen).toEqual([{ id: deal.id, status: 'reserved' }]);
    // Only 'other' lines and a deposit: £350 due, £100 paid, £250 left.
    expect(deal.totals).toMatchObject({ goodsGbp: 350, paidGbp: 100, balanceGbp: 250 });

    const completed: Deal = await deals.complete(
      caller,
      deal.id,
      { payments: [{ method: 'Credit Card', amount: '250' }] },
      async (repos, dealId) => {
        seen.push({ id: dealId, status: (await repos.deals.find(caller.shopId, dealId))?.status });
      },
    );
    expect(seen[1]).toEqual({ id: deal.id, status: 'completed' });
    expect(completed.status).toBe('completed');
    expect(completed.invoice).not.toBeNull();
  });

  it('rolls the deal back when it throws: no deal, no payment, no invoice', async () => {
    const { deals, caller } = service();
    const client = await create({ name: 'Refused Client' });
    const before = await counts();
    await expect(
      deals.create(caller, serviceDeal(client, '2026-12-31'), async () => {
        throw new Error('the step refuses');
      }),
    ).rejects.toThrow('the step refuses');
    expect(await counts()).toEqual(before);

    const deal = await deals.create(caller, serviceDeal(client, '2026-12-31'));
    const reserved = await counts();
    await expect(
      deals.complete(caller, deal.id, { payments: [{ method: 'Cash', amount: '250' }] }, async () => {
        throw new Error('not collected');
      }),
    ).rejects.toThrow('not collected');
    expect(await counts()).toEqual(reserved);
    expect((await deals.detail(caller, deal.id)).status).toBe('reserved');
  });
});
