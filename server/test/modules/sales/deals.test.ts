import { amlRefusalDetail, type AmlRefusal, type Deal, type DealCheck, type Invoice } from '@loupe/contracts';
import type { Browser } from '../../helper';
import { complianceTestbed } from '../compliance/setup';
import { itemBody } from '../inventory/setup';

// Issue 20: deals of several lines, split payments, part-exchange, deposits and layaway, on server modules that
// own their data. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. The clock is 2026-03-01 09:00 UTC;
// no settings row means EUR/GBP 0.85 for the AML guard, so £8,500.00 is exactly €10,000.00.
const { state, as, create, verifiedClient, events } = complianceTestbed();
const TODAY = '2026-03-01';
const DEALS = '/api/deals/';

/** A stock item bought for `cost` (GBP cash), margin scheme unless told. */
async function item(browser: Browser, serial: string, cost: string, over: Record<string, unknown> = {}) {
  const response = await browser.post('/api/items/', {
    ...itemBody({ serial, transactions: [{ type: 'cash', amount: cost }] }),
    ...over,
  });
  if (response.statusCode !== 201) throw new Error(`item ${serial}: ${response.body}`);
  return (response.json() as { id: number }).id;
}

async function vatRegistered(extra: Record<string, unknown> = {}) {
  const owner = await as('platinum');
  const response = await owner.put('/api/shop/settings/', { vatNumber: 'GB123456789', ...extra });
  expect(response.statusCode).toBe(200);
}

const itemStatus = async (id: number) =>
  (await state.db.query<{ status: string }>('SELECT status FROM items WHERE id = $1', [id]))[0]?.status;

const counts = async () =>
  (
    await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM deals) AS deals, (SELECT count(*)::int FROM deal_lines) AS lines,
              (SELECT count(*)::int FROM deal_payments) AS payments, (SELECT count(*)::int FROM sales) AS sales,
              (SELECT count(*)::int FROM invoices) AS invoices, (SELECT count(*)::int FROM items) AS items`,
    )
  )[0];

/** The four-line deal of the issue: two stock items (margin, standard), a strap, a part-exchange. */
async function bigDeal(gold: Browser) {
  const rolex = await item(gold, 'RLX-M-1', '6000');
  const omega = await item(gold, 'OMG-S-1', '3000', {
    brand: 'Omega',
    model: 'Speedmaster',
    vatScheme: 'standard',
  });
  const client = await create({ name: 'Part Exchanger' });
  const body = {
    clientId: client,
    lines: [
      { kind: 'item', itemId: rolex, price: '8000' },
      { kind: 'item', itemId: omega, price: '4500.00' },
      { kind: 'other', description: 'Leather strap', price: 120 },
      {
        kind: 'part_exchange',
        price: '2500',
        partExchange: { serial: 'PX-CART-1', stockType: 'Watches', brand: 'Cartier', model: 'Tank' },
      },
    ],
    payments: [
      { method: 'Cash', amount: '5000' },
      { method: 'Credit Card', amount: '5120' },
    ],
  };
  return { rolex, omega, client, body };
}

describe('a deal of two stock items, a strap and a part-exchange, paid by cash and card', () => {
  it('issues one invoice whose VAT and margins per line match the hand computation', async () => {
    await vatRegistered();
    const gold = await as('gold');
    const { rolex, omega, client, body } = await bigDeal(gold);
    const response = await gold.post(DEALS, body);
    expect(response.statusCode).toBe(201);
    const deal = response.json() as Deal;
    expect(deal).toMatchObject({
      status: 'completed',
      clientId: client,
      buyerName: 'Part Exchanger',
      date: TODAY,
    });
    // goods 8,000 + 4,500 + 120 = 12,620; allowance 2,500; due 10,120 = cash 5,000 + card 5,120.
    expect(deal.totals).toEqual({
      goodsGbp: 12620,
      partExchangeGbp: 2500,
      dueGbp: 10120,
      paidGbp: 10120,
      balanceGbp: 0,
    });
    expect(
      deal.lines.map((l) => [l.kind, l.amountGbp, l.vatTreatment, l.vatGbp, l.marginGbp, l.marginVatGbp]),
    ).toEqual([
      // margin scheme: 8,000 − 6,000 = 2,000; VAT within it 2,000 / 6 = 333.33, never printed.
      ['item', 8000, 'margin', 0, 2000, 333.33],
      // standard-rated: 4,500 / 6 = 750.00.
      ['item', 4500, 'standard', 750, null, null],
      // a strap, standard: 120 / 6 = 20.00.
      ['other', 120, 'standard', 20, null, null],
      ['part_exchange', 2500, 'none', 0, null, null],
    ]);
    expect(await itemStatus(rolex)).toBe('sold');
    expect(await itemStatus(omega)).toBe('sold');

    // One invoice for the whole deal.
    expect(deal.invoice).not.toBeNull();
    const invoice = (await gold.get(`/api/invoices/${deal.invoice?.id}/`)).json() as Invoice;
    expect(invoice).toMatchObject({
      total: 12620,
      totalGbp: 12620,
      vatTreatment: 'mixed',
      vatAmount: 770,
      marginGbp: 2000,
      marginVatGbp: 333.33,
      partExchange: 2500,
      paymentMethod: 'Credit Card',
      paidInFull: true,
    });
    expect(invoice.lines).toHaveLength(4);
    expect(invoice.lines[3]).toMatchObject({ kind: 'part_exchange', amount: -2500, serial: 'PX-CART-1' });
    const invoices = await state.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoices WHERE kind = 'invoice'",
    );
    expect(invoices[0]?.n).toBe(1);

    // The part-exchange is stock at its allowance, bought from the client today, margin scheme.
    const px = deal.lines[3]?.itemId as number;
    const piece = (await gold.get(`/api/items/${px}/`)).json() as {
      status: string;
      purchasePrice: number;
      purchasedOn: string;
      vatScheme: string;
      transactions: Array<{ clientId: number }>;
    };
    expect(piece).toMatchObject({
      status: 'available',
      purchasePrice: 2500,
      purchasedOn: TODAY,
      vatScheme: 'margin',
    });
    expect(piece.transactions[0]?.clientId).toBe(client);

    // The reports read one sale row per sold line.
    const sales = await state.db.query<{
      amount_gbp: string;
      cost_gbp: string | null;
      payment_method: string;
    }>(
      'SELECT amount_gbp::text AS amount_gbp, cost_gbp::text AS cost_gbp, payment_method FROM sales ORDER BY id',
    );
    expect(sales).toEqual([
      { amount_gbp: '8000.00', cost_gbp: '6000.00', payment_method: 'Credit Card' },
      { amount_gbp: '4500.00', cost_gbp: '3000.00', payment_method: 'Credit Card' },
      { amount_gbp: '120.00', cost_gbp: null, payment_method: 'Credit Card' },
    ]);
    // £5,000 of cash is €5,882.35: under the threshold, nothing flagged.
    expect(await events()).toEqual([]);
  });

  it('refuses a deal whose payments do not settle it, naming what is left, and saves nothing', async () => {
    const gold = await as('gold');
    const { body } = await bigDeal(gold);
    const before = await counts();
    const short = await gold.post(DEALS, { ...body, payments: [{ method: 'Cash', amount: '5000' }] });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      payments: ['The payments do not settle the deal: £5120.00 is left to pay.'],
    });
    const over = await gold.post(DEALS, { ...body, payments: [{ method: 'Credit Card', amount: '10200' }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ payments: ['The payments exceed the deal by £80.00.'] });
    expect(await counts()).toEqual(before);
  });

  it('answers field errors for a bad line, an unknown item and a part-exchange without a client', async () => {
    const gold = await as('gold');
    const response = await gold.post(DEALS, {
      lines: [
        { kind: 'item', itemId: 999999, price: '10.001' },
        { kind: 'other', price: '5' },
        { kind: 'part_exchange', price: '100', partExchange: { serial: ' ', stockType: 'Watches' } },
      ],
      payments: [{ method: 'Cash', amount: 'ten' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'lines[0].price': ['Ensure that there are no more than 2 decimal places.'],
      'lines[0].itemId': ['Invalid pk "999999" - object does not exist.'],
      'lines[1].description': ['This field may not be blank.'],
      'lines[2].partExchange.serial': ['This field may not be blank.'],
      'payments[0].amount': ['A valid number is required.'],
      clientId: ['A part-exchange needs the client it is bought from.'],
    });
  });
});

describe('a deal in euros', () => {
  it('keeps the lines in EUR and records the VAT in sterling too', async () => {
    await vatRegistered();
    const gold = await as('gold');
    const omega = await item(gold, 'OMG-EUR-1', '3000', { vatScheme: 'standard' });
    const response = await gold.post(DEALS, {
      buyerName: 'Visitor From Paris',
      currency: 'EUR',
      exchangeRate: '0.85',
      lines: [{ kind: 'item', itemId: omega, price: '6000' }],
      payments: [{ method: 'Credit Card', amount: '6000', currency: 'EUR', exchangeRate: '0.85' }],
    });
    expect(response.statusCode).toBe(201);
    const deal = response.json() as Deal;
    const invoice = (await gold.get(`/api/invoices/${deal.invoice?.id}/`)).json() as Invoice;
    // €6,000 at 0.85 = £5,100.00; VAT €1,000.00 within it = £850.00.
    expect(invoice).toMatchObject({
      currency: 'EUR',
      total: 6000,
      totalGbp: 5100,
      vatAmount: 1000,
      vatAmountGbp: 850,
    });
    expect(invoice.buyer.name).toBe('Visitor From Paris');
  });
});

describe('the AML guard over a deal', () => {
  it('refuses a deal whose cash in reaches €10,000 without due diligence, and the check says so first', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-AML-1', '6000');
    const client = await create({ name: 'Cash Buyer' });
    const body = {
      clientId: client,
      lines: [{ kind: 'item', itemId: rolex, price: '8600' }],
      // Two cash payments of one deal are one payment for the guard: £4,300 + £4,200 = £8,500 = €10,000.
      payments: [
        { method: 'Cash', amount: '4300' },
        { method: 'Cash', amount: '4200' },
        { method: 'Debit Card', amount: '100' },
      ],
    };
    const before = await counts();
    const check = await gold.post(`${DEALS}check/`, body);
    expect(check.statusCode).toBe(200);
    const answer = check.json() as DealCheck;
    expect(answer.totals.balanceGbp).toBe(0);
    expect(answer.aml).toMatchObject({
      rule: 'aml_cash_threshold',
      missing: ['identity_document', 'verification'],
      amountEur: 10000,
    });
    // A check saves nothing and records no refusal.
    expect(await counts()).toEqual(before);
    expect(await events()).toEqual([]);

    const response = await gold.post(DEALS, body);
    expect(response.statusCode).toBe(409);
    expect((response.json() as AmlRefusal).detail).toBe(
      amlRefusalDetail(['identity_document', 'verification']),
    );
    expect(await counts()).toEqual(before);
    expect(await itemStatus(rolex)).toBe('available');
    expect(await events()).toEqual([
      expect.objectContaining({ outcome: 'refused', kind: 'deal', client_id: client }),
    ]);
  });

  it('links a deal’s cash with the client’s cash of the last 90 days', async () => {
    const gold = await as('gold');
    const first = await item(gold, 'RLX-LNK-1', '1000');
    const second = await item(gold, 'RLX-LNK-2', '1000');
    const client = await create({ name: 'Twice In Cash' });
    const deal = (itemId: number, amount: string) => ({
      clientId: client,
      lines: [{ kind: 'item', itemId, price: amount }],
      payments: [{ method: 'Cash', amount }],
    });
    expect((await gold.post(DEALS, deal(first, '5000'))).statusCode).toBe(201);
    const second409 = await gold.post(DEALS, deal(second, '3500'));
    expect(second409.statusCode).toBe(409);
    expect((second409.json() as AmlRefusal).linkedTotalEur).toBe(10000);
  });

  it('refuses a part-exchange paid out in cash at €10,000 without due diligence and flags it with it', async () => {
    const gold = await as('gold');
    const body = (client: number, serial: string) => ({
      clientId: client,
      lines: [
        { kind: 'other', description: 'Strap', price: '100' },
        {
          kind: 'part_exchange',
          price: '8600',
          partExchange: { serial, stockType: 'Watches', brand: 'Rolex' },
        },
      ],
      // The allowance exceeds the goods by £8,500: the shop pays it out, in cash, €10,000.
      payments: [{ method: 'Cash', amount: '8500', direction: 'out' }],
    });
    const plain = await create({ name: 'Seller Without Papers' });
    const before = await counts();
    const refused = await gold.post(DEALS, body(plain, 'PX-OUT-1'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      missing: ['identity_document', 'verification'],
      amountEur: 10000,
    });
    expect(await counts()).toEqual(before);
    expect(await events()).toEqual([expect.objectContaining({ outcome: 'refused', kind: 'payout' })]);

    const checked = await verifiedClient('Seller With Papers');
    const accepted = await gold.post(DEALS, body(checked, 'PX-OUT-2'));
    expect(accepted.statusCode).toBe(201);
    const deal = accepted.json() as Deal;
    expect(deal.totals).toMatchObject({ dueGbp: -8500, paidGbp: -8500, balanceGbp: 0 });
    expect(deal.payments).toEqual([
      expect.objectContaining({ kind: 'payout', direction: 'out', amountGbp: 8500 }),
    ]);
    const flagged = await state.db.query<{ kind: string; deal_id: string }>(
      "SELECT kind, deal_id::text AS deal_id FROM aml_events WHERE outcome = 'flagged'",
    );
    expect(flagged).toEqual([{ kind: 'payout', deal_id: String(deal.id) }]);
  });
});

describe('two deals racing for one item', () => {
  it('lets one win; the other answers 409 and writes nothing', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const rolex = await item(gold, 'RLX-RACE-1', '5000');
    const strapOnly = (browser: Browser, buyer: string) =>
      browser.post(DEALS, {
        buyerName: buyer,
        lines: [
          { kind: 'item', itemId: rolex, price: '7000' },
          { kind: 'other', description: 'Polish', price: '50' },
        ],
        payments: [{ method: 'Debit Card', amount: '7050' }],
      });
    const [a, b] = await Promise.all([strapOnly(gold, 'First'), strapOnly(silver, 'Second')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toEqual({ detail: 'This item has already been sold.' });
    expect(await counts()).toMatchObject({ deals: 1, lines: 2, payments: 1, sales: 2, invoices: 1 });
  });
});

describe('two deals of one client at once', () => {
  it('checks their cash one after the other: the second sees the first and is refused', async () => {
    const gold = await as('gold');
    const silver = await as('silver');
    const client = await create({ name: 'Both At Once' });
    const [a, b] = [await item(gold, 'RLX-PAR-1', '3000'), await item(gold, 'RLX-PAR-2', '3000')];
    const deal = (browser: Browser, itemId: number) =>
      browser.post(DEALS, {
        clientId: client,
        lines: [{ kind: 'item', itemId, price: '5000' }],
        payments: [{ method: 'Cash', amount: '5000' }],
      });
    const answers = await Promise.all([deal(gold, a), deal(silver, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await counts()).toMatchObject({ deals: 1, sales: 1, invoices: 1 });
  });
});

describe('deposits and layaway', () => {
  const reserve = async (gold: Browser, client: number, itemId: number, collectBy = '2026-03-31') =>
    gold.post(DEALS, {
      clientId: client,
      lines: [{ kind: 'item', itemId, price: '8000' }],
      payments: [{ method: 'Credit Card', amount: '1000' }],
      reserve: { collectBy },
    });

  it('reserves against a deposit, takes two instalments and completes with the invoice', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-LAY-1', '6000');
    const client = await create({ name: 'Layaway Client' });
    const reserved = await reserve(gold, client, rolex);
    expect(reserved.statusCode).toBe(201);
    const deal = reserved.json() as Deal;
    expect(deal).toMatchObject({ status: 'reserved', collectBy: '2026-03-31', invoice: null });
    expect(deal.totals).toMatchObject({ dueGbp: 8000, paidGbp: 1000, balanceGbp: 7000 });
    expect(deal.payments[0]).toMatchObject({ kind: 'deposit', amountGbp: 1000 });
    expect(await itemStatus(rolex)).toBe('reserved');
    // Out of the sellable lists: Sell refuses it, and so does another deal.
    expect(
      (await gold.post(`/api/items/${rolex}/sell/`, { price: '9000', paymentMethod: 'Debit Card' }))
        .statusCode,
    ).toBe(409);
    const other = await gold.post(DEALS, {
      buyerName: 'Someone Else',
      lines: [{ kind: 'item', itemId: rolex, price: '9000' }],
      payments: [{ method: 'Debit Card', amount: '9000' }],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'This item is reserved for another client.' });

    const url = `${DEALS}${deal.id}/`;
    expect(
      (await gold.post(`${url}payments/`, { payment: { method: 'Bank Transfer', amount: '3000' } }))
        .statusCode,
    ).toBe(200);
    const second = await gold.post(`${url}payments/`, { payment: { method: 'Cash', amount: '2000' } });
    expect(second.statusCode).toBe(200);
    expect((second.json() as Deal).totals).toMatchObject({ paidGbp: 6000, balanceGbp: 2000 });
    // An instalment beyond what is due is refused.
    const over = await gold.post(`${url}payments/`, { payment: { method: 'Cash', amount: '2000.01' } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ 'payment.amount': ['The payments exceed the deal by £0.01.'] });
    // Completing before it is settled is refused too.
    expect((await gold.post(`${url}complete/`, {})).statusCode).toBe(400);

    const done = await gold.post(`${url}complete/`, {
      payments: [{ method: 'Credit Card', amount: '2000' }],
    });
    expect(done.statusCode).toBe(200);
    const completed = done.json() as Deal;
    expect(completed).toMatchObject({ status: 'completed', completedOn: TODAY });
    expect(completed.totals.balanceGbp).toBe(0);
    expect(completed.payments.map((p) => p.kind)).toEqual(['deposit', 'instalment', 'instalment', 'payment']);
    expect(completed.invoice?.reference).toMatch(/^INV-\d{6}$/);
    expect(await itemStatus(rolex)).toBe('sold');
    // A completed deal takes no more payments.
    expect(
      (await gold.post(`${url}payments/`, { payment: { method: 'Cash', amount: '1' } })).statusCode,
    ).toBe(409);
  });

  it('cancels with a refund of every payment by its own method, by the default policy', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-LAY-2', '6000');
    const client = await create({ name: 'Changed Mind' });
    const deal = (await reserve(gold, client, rolex)).json() as Deal;
    await gold.post(`${DEALS}${deal.id}/payments/`, { payment: { method: 'Cash', amount: '500' } });
    const noReason = await gold.post(`${DEALS}${deal.id}/cancel/`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const response = await gold.post(`${DEALS}${deal.id}/cancel/`, { reason: 'Client changed their mind' });
    expect(response.statusCode).toBe(200);
    const cancelled = response.json() as Deal;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelOutcome: 'refund', cancelledOn: TODAY });
    expect(cancelled.payments.filter((p) => p.kind === 'refund').map((p) => [p.method, p.amountGbp])).toEqual(
      [
        ['Credit Card', 1000],
        ['Cash', 500],
      ],
    );
    expect(cancelled.totals.paidGbp).toBe(0);
    expect(await itemStatus(rolex)).toBe('available');
    const audit = await state.db.query<{ after: { outcome: string } }>(
      "SELECT after FROM audit_log WHERE entity = 'deal' AND action = 'cancel'",
    );
    expect(audit.map((a) => a.after.outcome)).toEqual(['refund']);
  });

  it('cancels with the deposit forfeited when the shop’s policy says so', async () => {
    const owner = await as('platinum');
    expect((await owner.put('/api/shop/settings/', { layawayCancelPolicy: 'forfeit' })).statusCode).toBe(200);
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-LAY-3', '6000');
    const client = await create({ name: 'Walked Away' });
    const deal = (await reserve(gold, client, rolex)).json() as Deal;
    const cancelled = (
      await gold.post(`${DEALS}${deal.id}/cancel/`, { reason: 'Never came back' })
    ).json() as Deal;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelOutcome: 'forfeit' });
    expect(cancelled.payments.map((p) => p.kind)).toEqual(['deposit']);
    expect(cancelled.totals.paidGbp).toBe(1000);
    expect(await itemStatus(rolex)).toBe('available');
  });

  it('lists reserved deals past their collect-by day as overdue', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-LAY-4', '6000');
    const client = await create({ name: 'Late Collector' });
    const deal = (await reserve(gold, client, rolex, TODAY)).json() as Deal;
    expect(((await gold.get(`${DEALS}?overdue=true`)).json() as { count: number }).count).toBe(0);
    state.clock.advance(2 * 24 * 3600 * 1000);
    // A new sign-in: the session of two days ago has lapsed.
    const later = await as('gold');
    const overdue = (await later.get(`${DEALS}?overdue=true`)).json() as { count: number; results: Deal[] };
    expect(overdue.results.map((d) => [d.id, d.overdue])).toEqual([[deal.id, true]]);
  });

  it('refuses a reservation without a client, a deposit or a future collect-by day', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-LAY-5', '6000');
    const response = await gold.post(DEALS, {
      lines: [{ kind: 'item', itemId: rolex, price: '8000' }],
      payments: [],
      reserve: { collectBy: '2026-02-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      clientId: ['A reservation needs the client it is held for.'],
      payments: ['A reservation needs a deposit.'],
      'reserve.collectBy': ['Ensure this date is not in the past.'],
    });
  });
});

describe('voiding a deal', () => {
  it('issues one credit note of all its lines and puts the stock back', async () => {
    await vatRegistered();
    const gold = await as('gold');
    const { rolex, omega, body } = await bigDeal(gold);
    const deal = (await gold.post(DEALS, body)).json() as Deal;
    const silver = await as('silver');
    expect((await silver.post(`${DEALS}${deal.id}/void/`, { reason: 'Mistake' })).statusCode).toBe(403);
    const response = await gold.post(`${DEALS}${deal.id}/void/`, { reason: 'Client returned everything' });
    expect(response.statusCode).toBe(200);
    const voided = response.json() as Deal;
    expect(voided.status).toBe('voided');
    expect(voided.creditNote?.reference).toMatch(/^CN-\d{6}$/);
    const note = (await gold.get(`/api/invoices/${voided.creditNote?.id}/`)).json() as Invoice;
    expect(note).toMatchObject({ kind: 'credit_note', total: -12620, vatAmount: -770, partExchange: -2500 });
    expect(note.lines.map((l) => l.amount)).toEqual([-8000, -4500, -120, 2500]);
    const creditNotes = await state.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoices WHERE kind = 'credit_note'",
    );
    expect(creditNotes[0]?.n).toBe(1);
    expect(await itemStatus(rolex)).toBe('available');
    expect(await itemStatus(omega)).toBe('available');
    expect(await itemStatus(voided.lines[3]?.itemId as number)).toBe('unavailable');
    expect(voided.totals.paidGbp).toBe(0);
    // Every sale row is reversed: the reports net the deal to nothing.
    const net = await state.db.query<{ total: string }>('SELECT sum(amount_gbp)::text AS total FROM sales');
    expect(net[0]?.total).toBe('0.00');
    // A second void is refused.
    expect((await gold.post(`${DEALS}${deal.id}/void/`, { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('reading deals', () => {
  it('lists the shop’s deals newest first and hides another shop’s', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-READ-1', '6000');
    const deal = (
      await gold.post(DEALS, {
        buyerName: 'Reader',
        lines: [{ kind: 'item', itemId: rolex, price: '7000' }],
        payments: [{ method: 'Bank Transfer', amount: '7000' }],
      })
    ).json() as Deal;
    const list = (await gold.get(DEALS)).json() as { count: number; results: Deal[] };
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ id: deal.id, reference: `D-${deal.id}`, buyerName: 'Reader' });
    const outsider = await as('rival');
    expect((await outsider.get(`${DEALS}${deal.id}/`)).statusCode).toBe(404);
  });
});

describe('Sell and the quick sale are one-line deals', () => {
  it('records an item’s Sell as a deal of one line and one payment, with the same invoice', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-ONE-1', '6000');
    const sold = await gold.post(`/api/items/${rolex}/sell/`, { price: '7500', paymentMethod: 'Debit Card' });
    expect(sold.statusCode).toBe(200);
    const invoiceRef = (sold.json() as { sale: { invoice: { reference: string } } }).sale.invoice.reference;
    const deals = (await gold.get(DEALS)).json() as { results: Deal[] };
    expect(deals.results).toHaveLength(1);
    expect(deals.results[0]).toMatchObject({
      status: 'completed',
      invoice: { reference: invoiceRef },
      totals: { goodsGbp: 7500, paidGbp: 7500, balanceGbp: 0 },
    });
    expect(deals.results[0]?.payments).toEqual([
      expect.objectContaining({ method: 'Debit Card', amountGbp: 7500 }),
    ]);
    // Voiding the item's sale voids its deal, payment included.
    const voided = await gold.post(`/api/items/${rolex}/void-sale/`, { reason: 'Wrong item' });
    expect(voided.statusCode).toBe(200);
    const deal = (await gold.get(`${DEALS}${deals.results[0]?.id}/`)).json() as Deal;
    expect(deal).toMatchObject({ status: 'voided', totals: { paidGbp: 0 } });
  });

  it('refuses to void one line of a larger deal from its item', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-ONE-2', '6000');
    const deal = (
      await gold.post(DEALS, {
        buyerName: 'Two Lines',
        lines: [
          { kind: 'item', itemId: rolex, price: '7000' },
          { kind: 'other', description: 'Strap', price: '100' },
        ],
        payments: [{ method: 'Debit Card', amount: '7100' }],
      })
    ).json() as Deal;
    const response = await gold.post(`/api/items/${rolex}/void-sale/`, { reason: 'Only the watch' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: `This sale is one line of deal D-${deal.id}: void the deal to void it with its other lines.`,
    });
  });

  it('lists quick sales without the other lines of deals', async () => {
    const gold = await as('gold');
    const rolex = await item(gold, 'RLX-ONE-3', '6000');
    await gold.post(DEALS, {
      buyerName: 'Strap Buyer',
      lines: [
        { kind: 'item', itemId: rolex, price: '7000' },
        { kind: 'other', description: 'Strap', price: '100' },
      ],
      payments: [{ method: 'Debit Card', amount: '7100' }],
    });
    expect(((await gold.get('/api/quick-sales/')).json() as { count: number }).count).toBe(0);
    const quick = await gold.post('/api/quick-sales/', {
      name: 'Battery change',
      amount: '25',
      payment_method: 'Cash',
    });
    expect(quick.statusCode).toBe(201);
    const list = (await gold.get('/api/quick-sales/')).json() as {
      count: number;
      results: Array<{ name: string }>;
    };
    expect(list.results.map((q) => q.name)).toEqual(['Battery change']);
    const origins = await state.db.query<{ origin: string }>('SELECT origin FROM deals ORDER BY id');
    expect(origins.map((o) => o.origin)).toEqual(['deal', 'quick_sale']);
  });
});
