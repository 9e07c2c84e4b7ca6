import { amlRefusalDetail, type AmlRefusal } from '@loupe/contracts';
import { usingPostgres, type Browser } from '../../helper';
import { itemBody } from '../inventory/setup';
import { complianceTestbed, ledger, uploadKyc } from './setup';

// The clock is 2026-03-01 09:00 UTC: "today" in London is 2026-03-01. No settings row: EUR/GBP is 0.85, so
// £8,500.00 is exactly €10,000.00 and £8,499.15 exactly €9,999.00.
const { state, as, create, verifiedClient, events, amlAudit } = complianceTestbed();
const TODAY = '2026-03-01';

const pay = (browser: Browser, id: number, body: Record<string, unknown>) =>
  browser.post(ledger(id), { direction: 'received', ...body });

const ledgerRows = async (id: number) =>
  (
    await state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_ledger WHERE client_id = $1', [
      id,
    ])
  )[0]?.n;

const refusalOf = (body: unknown) => body as AmlRefusal;

describe('the threshold on one cash payment received', () => {
  it('accepts €9,999.99 (a EUR payment at 0.85) without due diligence and flags nothing', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Under Threshold' });
    const response = await pay(gold, id, { amount: '9999.99', currency: 'EUR', exchangeRate: '0.85' });
    expect(response.statusCode).toBe(201);
    const gbp = await pay(gold, await create({ name: 'Under In Pounds' }), { amount: '8499.99' });
    expect(gbp.statusCode).toBe(201);
    expect(await events()).toEqual([]);
    expect(await amlAudit()).toEqual([]);
  });

  it('refuses €10,000.00 without due diligence: a 409 naming the rule and what is missing, nothing saved', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'No Papers' });
    const response = await pay(gold, id, { amount: '8500.00', method: 'Cash' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: amlRefusalDetail(['identity_document', 'verification']),
      rule: 'aml_cash_threshold',
      missing: ['identity_document', 'verification'],
      amountEur: 10000,
      linkedTotalEur: 10000,
    });
    expect(await ledgerRows(id)).toBe(0);
    const client = (await gold.get(`/api/clients/${id}/`)).json() as { balance: number };
    expect(client.balance).toBe(0);
    expect(await events()).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        kind: 'payment',
        client_id: id,
        ledger_entry_id: null,
        amount_eur: '10000.00',
        missing: ['identity_document', 'verification'],
      }),
    ]);
    expect(await amlAudit()).toEqual([
      { entity: 'client', entity_id: id, action: 'aml_refused', client_id: id },
    ]);
    // The client's History says it in words.
    const history = (await gold.get(`/api/clients/${id}/history/`)).json() as {
      results: Array<{ action: string; summary: string }>;
    };
    expect(history.results[0]).toMatchObject({
      action: 'aml_refused',
      summary: expect.stringContaining('Refused cash of €10,000.00'),
    });
  });

  it('rounds the EUR figures half-up to the cent, never cuts them: £9,000 at 0.85 is €10,588.24', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Rounded Up' });
    // 9000 / 0.85 = 10588.2352…: half-up gives .24 where cutting gave .23.
    const response = await pay(gold, id, { amount: '9000.00' });
    expect(response.statusCode).toBe(409);
    expect(refusalOf(response.json())).toMatchObject({ amountEur: 10588.24, linkedTotalEur: 10588.24 });
    expect(await events()).toEqual([
      expect.objectContaining({ amount_eur: '10588.24', linked_total_eur: '10588.24' }),
    ]);
    // 8600.02 / 0.85 = 10117.6705…: below the half it rounds down.
    const down = await pay(gold, await create({ name: 'Rounded Down' }), { amount: '8600.02' });
    expect(refusalOf(down.json())).toMatchObject({ amountEur: 10117.67 });
  });

  it('refuses €10,000.00 as a EUR payment too, and names only what is missing', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Papers Only' });
    expect((await uploadKyc(gold, id)).statusCode).toBe(201);
    const response = await pay(gold, id, { amount: '10000.00', currency: 'EUR', exchangeRate: '0.85' });
    expect(response.statusCode).toBe(409);
    expect(refusalOf(response.json()).missing).toEqual(['verification']);
    expect(await ledgerRows(id)).toBe(0);
  });

  it('accepts €10,000.00 with complete due diligence and flags it with the saved entry', async () => {
    const gold = await as('gold');
    const id = await verifiedClient('Fully Checked');
    const response = await pay(gold, id, { amount: '8500.00' });
    expect(response.statusCode).toBe(201);
    const entryId = (response.json() as { entry: { id: number } }).entry.id;
    expect(await events()).toEqual([
      expect.objectContaining({
        outcome: 'flagged',
        kind: 'payment',
        client_id: id,
        ledger_entry_id: String(entryId),
        amount_eur: '10000.00',
        missing: [],
      }),
    ]);
    expect(await amlAudit()).toEqual([
      { entity: 'client', entity_id: id, action: 'aml_flagged', client_id: id },
    ]);
  });

  it('never counts a non-cash payment, however large, and keeps cash paid out apart from cash received', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Card Payer' });
    expect((await pay(gold, id, { amount: '50000.00', method: 'Bank Transfer' })).statusCode).toBe(201);
    expect((await pay(gold, id, { amount: '5000.00', direction: 'paid', method: 'Cash' })).statusCode).toBe(
      201,
    );
    // Neither the card money nor the cash paid out links with cash received: €5,882 out, €9,411 in.
    expect((await pay(gold, id, { amount: '8000.00', method: 'Cash' })).statusCode).toBe(201);
    expect(await events()).toEqual([]);
  });
});

describe('cash the shop pays out at the Payment dialog (a high value dealer also makes cash payments)', () => {
  it('refuses €10,000 paid out in cash without due diligence, saving nothing, and reports it as a payout', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Paid Out' });
    const response = await pay(gold, id, { amount: '8500.00', direction: 'paid', method: 'Cash' });
    expect(response.statusCode).toBe(409);
    expect(refusalOf(response.json()).missing).toEqual(['identity_document', 'verification']);
    expect(await ledgerRows(id)).toBe(0);
    expect(await events()).toEqual([
      expect.objectContaining({ outcome: 'refused', kind: 'payout', client_id: id, amount_eur: '10000.00' }),
    ]);
  });

  it('links cash paid out within 90 days, and pays a verified client with a flag', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Two Payouts' });
    expect((await pay(gold, id, { amount: '5000.00', direction: 'paid', method: 'Cash' })).statusCode).toBe(
      201,
    );
    const second = await pay(gold, id, { amount: '3500.00', direction: 'paid', method: 'Cash' });
    expect(second.statusCode).toBe(409);
    expect(refusalOf(second.json()).linkedTotalEur).toBe(10000);
    const verified = await verifiedClient('Verified Payee');
    const paid = await pay(gold, verified, { amount: '9000.00', direction: 'paid', method: 'Cash' });
    expect(paid.statusCode).toBe(201);
    expect(await events()).toEqual([
      expect.objectContaining({ outcome: 'refused', kind: 'payout', client_id: id }),
      expect.objectContaining({ outcome: 'flagged', kind: 'payout', client_id: verified }),
    ]);
  });
});

describe('linked cash payments of one client within 90 days', () => {
  it('refuses the second payment that takes the 90-day total to €10,000', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Two Visits' });
    expect((await pay(gold, id, { amount: '5000.00', date: '2026-01-31' })).statusCode).toBe(201);
    const second = await pay(gold, id, { amount: '3500.00' });
    expect(second.statusCode).toBe(409);
    expect(refusalOf(second.json())).toMatchObject({
      missing: ['identity_document', 'verification'],
      amountEur: 4117.65,
      linkedTotalEur: 10000,
    });
    expect(await ledgerRows(id)).toBe(1);
    // Another client's cash never links.
    const other = await create({ name: 'Someone Else' });
    expect((await pay(gold, other, { amount: '3500.00' })).statusCode).toBe(201);
  });

  it('links the 90th day back (date − 89) but not the 91st (date − 90)', async () => {
    const gold = await as('gold');
    const linked = await create({ name: 'Day Ninety' });
    expect((await pay(gold, linked, { amount: '5000.00', date: '2025-12-02' })).statusCode).toBe(201);
    expect((await pay(gold, linked, { amount: '3500.00', date: TODAY })).statusCode).toBe(409);

    const apart = await create({ name: 'Day Ninety-One' });
    expect((await pay(gold, apart, { amount: '5000.00', date: '2025-12-01' })).statusCode).toBe(201);
    expect((await pay(gold, apart, { amount: '3500.00', date: TODAY })).statusCode).toBe(201);
  });

  it('does not count a voided payment', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Changed Mind' });
    const first = await pay(gold, id, { amount: '5000.00' });
    const entryId = (first.json() as { entry: { id: number } }).entry.id;
    const voided = await gold.post(`${ledger(id)}${entryId}/void/`, { reason: 'Typed twice' });
    expect(voided.statusCode).toBe(200);
    expect((await pay(gold, id, { amount: '5000.00' })).statusCode).toBe(201);
  });

  it('links cash sales to the client with cash payments received', async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Buyer And Payer' });
    const item = (await gold.post('/api/items/', itemBody({ serial: 'LINK-1' }))).json() as { id: number };
    const sold = await gold.post(`/api/items/${item.id}/sell/`, { price: '5000.00', clientId: id });
    expect(sold.statusCode).toBe(200);
    const refused = await pay(gold, id, { amount: '3500.00' });
    expect(refused.statusCode).toBe(409);
    expect(refusalOf(refused.json()).linkedTotalEur).toBe(10000);
  });
});

describe('the guard on sales', () => {
  it('refuses a walk-in cash sale of an item at the threshold: client missing, the item still for sale', async () => {
    const gold = await as('gold');
    const item = (await gold.post('/api/items/', itemBody({ serial: 'WALK-1' }))).json() as { id: number };
    const response = await gold.post(`/api/items/${item.id}/sell/`, { price: '8500.00' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ rule: 'aml_cash_threshold', missing: ['client'] });
    expect(refusalOf(response.json()).detail).toBe(amlRefusalDetail(['client']));
    expect(((await gold.get(`/api/items/${item.id}/`)).json() as { status: string }).status).toBe(
      'available',
    );
    const sales = await state.db.query('SELECT id FROM sales');
    expect(sales).toEqual([]);
    expect(await events()).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        kind: 'item_sale',
        client_id: null,
        missing: ['client'],
      }),
    ]);
    expect(await amlAudit()).toEqual([
      expect.objectContaining({ entity: 'aml', action: 'aml_refused', client_id: null }),
    ]);
    // Paid by card it goes through.
    const card = await gold.post(`/api/items/${item.id}/sell/`, {
      price: '8500.00',
      paymentMethod: 'Credit Card',
    });
    expect(card.statusCode).toBe(200);
  });

  it('accepts and flags an item sold for cash at the threshold to a client with due diligence', async () => {
    const gold = await as('gold');
    const id = await verifiedClient('Collector');
    const item = (await gold.post('/api/items/', itemBody({ serial: 'CDD-1' }))).json() as { id: number };
    const response = await gold.post(`/api/items/${item.id}/sell/`, { price: '8500.00', clientId: id });
    expect(response.statusCode).toBe(200);
    const sale = await state.db.query<{ id: string }>('SELECT id::text AS id FROM sales');
    expect(await events()).toEqual([
      expect.objectContaining({ outcome: 'flagged', kind: 'item_sale', client_id: id, sale_id: sale[0]?.id }),
    ]);
  });

  it('a refused sale takes no invoice number: the next sale gets the next one', async () => {
    const gold = await as('gold');
    const add = async (serial: string) =>
      ((await gold.post('/api/items/', itemBody({ serial }))).json() as { id: number }).id;
    const [a, b, c] = [await add('NUM-1'), await add('NUM-2'), await add('NUM-3')];
    expect((await gold.post(`/api/items/${a}/sell/`, { price: '100.00' })).statusCode).toBe(200);
    expect((await gold.post(`/api/items/${b}/sell/`, { price: '9000.00' })).statusCode).toBe(409);
    expect((await gold.post(`/api/items/${c}/sell/`, { price: '100.00' })).statusCode).toBe(200);
    const numbers = await state.db.query<{ number: number }>(
      "SELECT number FROM invoices WHERE kind = 'invoice' ORDER BY number",
    );
    expect(numbers.map((n) => n.number)).toEqual([1, 2]);
  });

  it('refuses a walk-in quick sale at the threshold and saves nothing; under it, it is saved', async () => {
    const gold = await as('gold');
    const refused = await gold.post('/api/quick-sales/', {
      name: 'Gold chain',
      amount: '10000.00',
      currency: 'EUR',
      exchangeRate: '0.85',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ missing: ['client'], amountEur: 10000 });
    expect(await state.db.query('SELECT id FROM sales')).toEqual([]);
    expect(await events()).toEqual([expect.objectContaining({ outcome: 'refused', kind: 'quick_sale' })]);
    const saved = await gold.post('/api/quick-sales/', {
      name: 'Gold chain',
      amount: '9999.99',
      currency: 'EUR',
      exchangeRate: '0.85',
    });
    expect(saved.statusCode).toBe(201);
    expect((await events()).length).toBe(1);
  });

  it('accepts and flags a quick sale at the threshold to a client with due diligence', async () => {
    const gold = await as('gold');
    const id = await verifiedClient('Quick Buyer');
    const response = await gold.post('/api/quick-sales/', {
      name: 'Diamond ring',
      amount: '8500.00',
      clientId: id,
    });
    expect(response.statusCode).toBe(201);
    expect(await events()).toEqual([
      expect.objectContaining({ outcome: 'flagged', kind: 'quick_sale', client_id: id }),
    ]);
  });
});

describe('concurrent linked payments', () => {
  it(`checks two cash payments of one client one at a time: exactly one is accepted${usingPostgres ? ' (PostgreSQL, in parallel)' : ''}`, async () => {
    const gold = await as('gold');
    const id = await create({ name: 'At Once' });
    const answers = await Promise.all([
      pay(gold, id, { amount: '5000.00' }),
      pay(gold, id, { amount: '5000.00' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await ledgerRows(id)).toBe(1);
  });

  it(`checks two cash sales of items to one client one at a time too${usingPostgres ? ' (PostgreSQL, in parallel)' : ''}`, async () => {
    const gold = await as('gold');
    const id = await create({ name: 'Two Watches' });
    const add = async (serial: string) =>
      ((await gold.post('/api/items/', itemBody({ serial }))).json() as { id: number }).id;
    const [a, b] = [await add('PAR-1'), await add('PAR-2')];
    const answers = await Promise.all(
      [a, b].map((item) => gold.post(`/api/items/${item}/sell/`, { price: '5000.00', clientId: id })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await state.db.query('SELECT id FROM sales')).toHaveLength(1);
  });
});
