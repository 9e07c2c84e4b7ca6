import {
  JOB_BALANCE_UNPAID,
  JOB_COLLECT_WITH_INVOICE,
  JOB_DEPOSIT_WHEN,
  JOB_NEEDS_CLIENT,
  JOB_NOT_PAYABLE,
  WORKSHOP_NOT_READY,
  type AmlRefusal,
  type Deal,
  type ItemMargins,
  type JobMoney,
} from '@loupe/contracts';
import type { Browser } from '../../helper';
import { complianceTestbed } from '../compliance/setup';
import { itemBody } from '../inventory/setup';
import {
  SERVICE_350,
  approvedJob,
  jobUrl,
  money,
  moveTo,
  priced,
  stageOf,
  takeIn,
  toReady,
} from './money-setup';

// Issue 23, item 5: the workshop's money through the sales workflow, and a stock item's two margins. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The clock is 2026-03-01 09:00 UTC; no settings row means
// EUR/GBP 0.85 for the AML guard, so £8,500.00 is exactly €10,000.00.
const { state, as, create } = complianceTestbed();

const deposit = (browser: Browser, id: number, amount: string, method = 'Cash') =>
  browser.post(`${jobUrl(id)}deposit/`, { payment: { method, amount } });
const collect = (browser: Browser, id: number, payments: unknown[] = []) =>
  browser.post(`${jobUrl(id)}collect/`, { payments });

const counts = async () =>
  (
    await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM deals) AS deals, (SELECT count(*)::int FROM deal_payments) AS payments,
              (SELECT count(*)::int FROM invoices) AS invoices,
              (SELECT count(*)::int FROM workshop_job_deals) AS links`,
    )
  )[0];

async function vatRegistered() {
  const owner = await as('platinum');
  expect((await owner.put('/api/shop/settings/', { vatNumber: 'GB123456789' })).statusCode).toBe(200);
}

describe("a client's job paid through the sales workflow", () => {
  it('takes the deposit as a reserved deal of its lines, refuses collection short of the balance, then invoices it', async () => {
    await vatRegistered();
    const gold = await as('gold');
    const client = await create({ name: 'Watch Owner' });
    const job = await takeIn(gold, { clientId: client });
    await priced(gold, job.id);

    // Before the client approved the estimate there is nothing to take a deposit against.
    const early = await deposit(gold, job.id, '100');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: JOB_DEPOSIT_WHEN });
    for (const stage of ['assessing', 'estimate_sent', 'approved'] as const)
      await moveTo(gold, job.id, stage);

    // The deposit: £100 cash on the £350 service → a reserved deal, £250 left.
    const taken = await deposit(gold, job.id, '100');
    expect(taken.statusCode).toBe(200);
    const afterDeposit = taken.json() as JobMoney;
    expect(afterDeposit).toMatchObject({
      kind: 'client',
      linesGbp: 350,
      dealStatus: 'reserved',
      paidGbp: 100,
      balanceGbp: 250,
      invoice: null,
    });
    const deal = (await gold.get(`/api/deals/${afterDeposit.dealId}/`)).json() as Deal;
    expect(deal).toMatchObject({ clientId: client, status: 'reserved' });
    expect(deal.payments.map((p) => [p.kind, p.method, p.amountGbp])).toEqual([['deposit', 'Cash', 100]]);
    // The job's lines as 'other' lines, standard-rated: VAT 250 / 6 = 41.67 and 100 / 6 = 16.67.
    expect(deal.lines.map((l) => [l.kind, l.description, l.amountGbp])).toEqual([
      ['other', 'Labour: Full service', 250],
      ['other', 'Parts: Crown and gaskets', 100],
    ]);

    // An instalment of £50 by card on the same deal: £200 left.
    expect((await deposit(gold, job.id, '50', 'Credit Card')).json()).toMatchObject({
      dealId: afterDeposit.dealId,
      paidGbp: 150,
      balanceGbp: 200,
    });

    // Not ready yet: no collection.
    const notReady = await collect(gold, job.id, [{ method: 'Cash', amount: '200' }]);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json()).toEqual({ detail: WORKSHOP_NOT_READY });
    await toReady(gold, job.id);

    // £150 offered against £200 owed: refused with the figure, £50.00; nothing written, still ready.
    const before = await counts();
    const short = await collect(gold, job.id, [{ method: 'Cash', amount: '150' }]);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ detail: JOB_BALANCE_UNPAID('50.00'), balanceGbp: 50 });
    expect(await counts()).toEqual(before);
    expect(await stageOf(gold, job.id)).toBe('ready');

    // Paid in full before collection: the board's move still refuses, the collection issues the invoice.
    await deposit(gold, job.id, '200');
    const byBoard = await gold.post(`${jobUrl(job.id)}stage/`, { to: 'collected' });
    expect(byBoard.statusCode).toBe(409);
    expect(byBoard.json()).toEqual({ detail: JOB_COLLECT_WITH_INVOICE });

    // Nothing left: the deal completed with its invoice, the job collected, in one go.
    const done = await collect(gold, job.id);
    expect(done.statusCode).toBe(200);
    const paid = done.json() as JobMoney;
    expect(paid).toMatchObject({ dealStatus: 'completed', paidGbp: 350, balanceGbp: 0 });
    expect(paid.invoice).not.toBeNull();
    expect(await stageOf(gold, job.id)).toBe('collected');
    const completed = (await gold.get(`/api/deals/${paid.dealId}/`)).json() as Deal;
    expect(completed.lines.map((l) => [l.vatTreatment, l.vatGbp])).toEqual([
      ['standard', 41.67],
      ['standard', 16.67],
    ]);
    const invoice = (await gold.get(`/api/invoices/${paid.invoice?.id}/`)).json() as {
      totalGbp: number;
      vatAmount: number;
      paidInFull: boolean;
    };
    // 41.67 + 16.67 = 58.34 of VAT within the £350.00.
    expect(invoice).toMatchObject({ totalGbp: 350, vatAmount: 58.34, paidInFull: true });

    // Collected: no more money for this job.
    expect((await deposit(gold, job.id, '10')).statusCode).toBe(409);
  });

  it('with no deposit, collecting makes the deal and its invoice; the stage route cannot skip the payment', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'No Deposit' });
    const id = await approvedJob(gold, client);
    await toReady(gold, id);
    expect(await money(gold, id)).toMatchObject({ dealId: null, paidGbp: 0, balanceGbp: 350 });

    const nothing = await collect(gold, id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ detail: JOB_BALANCE_UNPAID('350.00'), balanceGbp: 350 });
    // The board's move to collected answers the same while £350.00 is owed.
    const byStage = await gold.post(`${jobUrl(id)}stage/`, { to: 'collected' });
    expect(byStage.statusCode).toBe(409);
    expect(byStage.json()).toMatchObject({ detail: JOB_BALANCE_UNPAID('350.00') });
    expect(await stageOf(gold, id)).toBe('ready');

    const done = await collect(gold, id, [{ method: 'Bank Transfer', amount: '350' }]);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ dealStatus: 'completed', paidGbp: 350, balanceGbp: 0 });
    expect(await stageOf(gold, id)).toBe('collected');
  });

  it('lets a declined job go back unrepaired owing nothing, with no deal and no invoice', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Declines' });
    const job = await takeIn(gold, { clientId: client });
    await priced(gold, job.id);
    for (const stage of ['assessing', 'estimate_sent', 'declined', 'returned_unrepaired'] as const)
      await moveTo(gold, job.id, stage);
    expect(await money(gold, job.id)).toMatchObject({
      linesGbp: 350,
      dealId: null,
      balanceGbp: 0,
      invoice: null,
    });
    const closed = await deposit(gold, job.id, '10');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ detail: JOB_NOT_PAYABLE });
  });

  it('puts a cash deposit through the AML guard: €10,000 from a client without due diligence is refused, nothing kept', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Cash Heavy' });
    // A £9,000 restoration; £8,500 cash is €10,000 at 0.85.
    const id = await approvedJob(gold, client, [
      { kind: 'labour', description: 'Restoration', amount: '9000' },
    ]);
    const before = await counts();
    const refused = await deposit(gold, id, '8500');
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as AmlRefusal).rule).toBe('aml_cash_threshold');
    expect(await counts()).toEqual(before);
    expect(await money(gold, id)).toMatchObject({ dealId: null, paidGbp: 0 });
  });

  it('keeps one deal per job when two deposits race: the second is an instalment on the first', async () => {
    const gold = await as('gold');
    const client = await create({ name: 'Racer' });
    const id = await approvedJob(gold, client);
    const both = await Promise.all([deposit(gold, id, '100'), deposit(gold, id, '120', 'Credit Card')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    // One deal, two payments on it: £220 of £350 paid, £130 left.
    expect(await counts()).toMatchObject({ deals: 1, payments: 2, links: 1 });
    expect(await money(gold, id)).toMatchObject({ paidGbp: 220, balanceGbp: 130 });
  });
});

describe("a stock item's service and its two margins", () => {
  it('bought £2,000, serviced £350, sold £3,000: shop margin £650, margin-scheme margin £1,000, VAT £166.67', async () => {
    await vatRegistered();
    const gold = await as('gold');
    const created = await gold.post('/api/items/', {
      ...itemBody({ serial: 'SVC-1', transactions: [{ type: 'cash', amount: '2000' }] }),
    });
    expect(created.statusCode).toBe(201);
    const itemId = (created.json() as { id: number }).id;

    // A pre-sale service: no estimate for the client, the shop's own piece.
    const job = await takeIn(gold, { itemId, estimateRequired: false });
    await priced(gold, job.id, SERVICE_350);
    await moveTo(gold, job.id, 'in_workshop');
    const noClient = await deposit(gold, job.id, '100');
    expect(noClient.statusCode).toBe(409);
    expect(noClient.json()).toEqual({ detail: JOB_NEEDS_CLIENT });
    await moveTo(gold, job.id, 'quality_check');
    await moveTo(gold, job.id, 'ready');
    const back = await collect(gold, job.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ kind: 'stock', dealId: null, balanceGbp: 0, repairCostGbp: 350 });

    // Before the sale: both costs.
    const unsold = (await gold.get(`/api/workshop/items/${itemId}/margins/`)).json() as ItemMargins;
    expect(unsold).toMatchObject({
      purchasePriceGbp: 2000,
      repairCostGbp: 350,
      shopCostGbp: 2350,
      sale: null,
    });
    expect(unsold.repairs).toEqual([
      { jobId: job.id, reference: job.reference, costGbp: 350, recordedOn: '2026-03-01' },
    ]);

    const sold = await gold.post('/api/deals/', {
      lines: [{ kind: 'item', itemId, price: '3000' }],
      payments: [{ method: 'Bank Transfer', amount: '3000' }],
    });
    expect(sold.statusCode).toBe(201);
    // The sales workflow's margin scheme is untouched by the repair: 3,000 − 2,000 = 1,000; VAT 1,000 / 6.
    expect((sold.json() as Deal).lines[0]).toMatchObject({ marginGbp: 1000, marginVatGbp: 166.67 });

    const margins = (await gold.get(`/api/workshop/items/${itemId}/margins/`)).json() as ItemMargins;
    expect(margins.sale).toMatchObject({
      amountGbp: 3000,
      // 3,000 − (2,000 + 350) = 650: the shop's own margin.
      shopMarginGbp: 650,
      // 3,000 − 2,000 = 1,000: the purchase price alone (Notice 718), VAT within it 1,000 / 6 = 166.67.
      schemeMarginGbp: 1000,
      marginVatGbp: 166.67,
    });
    // The stock book's figure, the item's purchase price, stays what was paid.
    expect(
      ((await gold.get(`/api/items/${itemId}/`)).json() as { purchasePrice: number }).purchasePrice,
    ).toBe(2000);

    // The margin report shows both: the scheme's margin on the purchase price, and the shop's after the service.
    const report = (await gold.get('/api/reports/margins/?from=2026-03-01&to=2026-03-01')).json() as {
      totals: Record<string, number>;
    };
    expect(report.totals).toMatchObject({
      salesGbp: 3000,
      costGbp: 2000,
      marginGbp: 1000,
      repairGbp: 350,
      shopMarginGbp: 650,
    });

    // The margins give the cost: not for silver.
    const silver = await as('silver');
    expect((await silver.get(`/api/workshop/items/${itemId}/margins/`)).statusCode).toBe(403);
  });
});
