import { eddRefusalDetail, type ClientRisk, type EddRefusal } from '@loupe/contracts';
import { gbpOf } from '../../../src/kernel/money';
import type { Browser } from '../../helper';
import { itemBody } from '../inventory/setup';
import { complianceTestbed, uploadKyc, uploadPdf, verification } from './setup';

// Issue 25 item 1: a HIGH-risk client's sale, purchase or payment at or above the shop's "Enhanced due diligence
// from" amount needs source of funds and source of wealth evidence and a senior approval (MLR 2017 reg. 33,
// reg. 35(5)); whatever the payment method. Every writer calls the one guard: a test per writer. Runs on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL. The clock is 2026-03-01 09:00 UTC.
const { state, as, create } = complianceTestbed();

const risk = (id: number) => `/api/clients/${id}/risk/`;
const RISK_SETTINGS = '/api/compliance/risk-settings/';

const evidence = (browser: Browser, id: number, kind: string) =>
  uploadPdf(browser, `${risk(id)}${kind.replace(/_/g, '-')}/`);

/** A client with complete customer due diligence (so the AML cash rule never speaks), rated as told. */
async function rated(name: string, rating: 'low' | 'standard' | 'high'): Promise<number> {
  const gold = await as('gold');
  const id = await create(
    { name, addressLine1: '1 Bond Street', town: 'London', postcode: 'W1S 1AA', country: 'United Kingdom' },
    gold,
  );
  expect((await uploadKyc(gold, id)).statusCode).toBe(201);
  expect((await gold.post(verification(id), {})).statusCode).toBe(200);
  const reasons = rating === 'high' ? ['pep'] : [];
  const response = await gold.put(risk(id), { rating, reasons, notes: '' });
  expect(response.statusCode).toBe(200);
  return id;
}

/** Everything enhanced due diligence asks for, recorded by gold. */
async function completeEdd(id: number) {
  const gold = await as('gold');
  expect((await evidence(gold, id, 'source_of_funds')).statusCode).toBe(201);
  expect((await evidence(gold, id, 'source_of_wealth')).statusCode).toBe(201);
  const approved = await gold.post(`${risk(id)}approval/`, {
    notes: 'Met the client; funds from a house sale.',
  });
  expect(approved.statusCode).toBe(200);
  expect((approved.json() as ClientRisk).eddMissing).toEqual([]);
}

const ALL_MISSING = ['source_of_funds', 'source_of_wealth', 'senior_approval'] as const;

function expectRefused(
  response: { statusCode: number; json(): unknown },
  kind: 'sale' | 'purchase' | 'payment',
) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({
    detail: eddRefusalDetail(kind, '0.00', ALL_MISSING),
    rule: 'enhanced_due_diligence',
    missing: [...ALL_MISSING],
    thresholdGbp: '0.00',
  } satisfies EddRefusal);
}

const count = async (table: string) =>
  (await state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;

const newItem = async (gold: Browser, serial: string) =>
  ((await gold.post('/api/items/', itemBody({ serial }))).json() as { id: number }).id;

describe('gbpOf', () => {
  it('multiplies exactly and rounds half-up to the penny', () => {
    expect(gbpOf('100', '1')).toBe('100.00');
    expect(gbpOf('1000.00', '0.8')).toBe('800.00');
    expect(gbpOf('0.005', '1')).toBe('0.01');
    expect(gbpOf('0.12345678', '48000.5')).toBe('5925.99');
    expect(gbpOf('10', '0.123')).toBe('1.23');
    expect(gbpOf('10', '0.1235')).toBe('1.24');
  });
});

describe('an item sold to a high-risk client (single-sales-service: Sell)', () => {
  it('is refused naming every missing piece, by card as by cash, then accepted once EDD is complete', async () => {
    const gold = await as('gold');
    const id = await rated('Politically Exposed', 'high');
    const item = await newItem(gold, 'EDD-SELL-1');
    const card = await gold.post(`/api/items/${item}/sell/`, {
      price: '250.00',
      clientId: id,
      paymentMethod: 'Credit Card',
    });
    expectRefused(card, 'sale');
    expect(await count('sales')).toBe(0);

    // One piece at a time: the refusal names only what is still missing.
    expect((await evidence(gold, id, 'source_of_funds')).statusCode).toBe(201);
    const still = await gold.post(`/api/items/${item}/sell/`, { price: '250.00', clientId: id });
    expect(still.statusCode).toBe(409);
    expect((still.json() as EddRefusal).missing).toEqual(['source_of_wealth', 'senior_approval']);
    expect((still.json() as EddRefusal).detail).toBe(
      'This client is rated high risk: a sale of £0 or more needs enhanced due diligence (MLR 2017 reg. 33). ' +
        'Missing: source of wealth evidence, a senior approval (platinum or gold).',
    );

    expect((await evidence(gold, id, 'source_of_wealth')).statusCode).toBe(201);
    expect((await gold.post(`${risk(id)}approval/`, {})).statusCode).toBe(200);
    const sold = await gold.post(`/api/items/${item}/sell/`, { price: '250.00', clientId: id });
    expect(sold.statusCode).toBe(200);
    expect(await count('sales')).toBe(1);
  });

  it('leaves low and standard clients, and walk-ins, alone', async () => {
    const gold = await as('gold');
    const low = await rated('Low Risk', 'low');
    const standard = await rated('Standard Risk', 'standard');
    const unrated = await create({ name: 'Never Rated' });
    for (const [i, clientId] of [low, standard, unrated, null].entries()) {
      const item = await newItem(gold, `EDD-FREE-${i}`);
      const sold = await gold.post(`/api/items/${item}/sell/`, {
        price: '5000.00',
        paymentMethod: 'Bank Transfer',
        ...(clientId === null ? { buyerName: 'Walk-in' } : { clientId }),
      });
      expect(sold.statusCode).toBe(200);
    }
  });

  it('leaves a sale below the shop’s threshold alone, and refuses one at it', async () => {
    const platinum = await as('platinum');
    const changed = await platinum.put(RISK_SETTINGS, { eddThresholdGbp: '1000' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ eddThresholdGbp: '1000.00' });
    const gold = await as('gold');
    const id = await rated('Threshold Client', 'high');
    const below = await gold.post(`/api/items/${await newItem(gold, 'EDD-T-1')}/sell/`, {
      price: '999.99',
      clientId: id,
    });
    expect(below.statusCode).toBe(200);
    // $1,250 at 0.8 is exactly £1,000.00: at the threshold.
    const at = await gold.post(`/api/items/${await newItem(gold, 'EDD-T-2')}/sell/`, {
      price: '1250.00',
      currency: 'USD',
      exchangeRate: '0.8',
      clientId: id,
    });
    expect(at.statusCode).toBe(409);
    expect(at.json()).toMatchObject({ rule: 'enhanced_due_diligence', thresholdGbp: '1000.00' });
    expect((at.json() as EddRefusal).detail).toContain('a sale of £1,000 or more');
  });
});

describe('a quick sale to a high-risk client (single-sales-service: recordQuickSale)', () => {
  it('is refused, then accepted with EDD complete', async () => {
    const gold = await as('gold');
    const id = await rated('Quick Buyer', 'high');
    const body = { name: 'Strap', amount: '80.00', payment_method: 'Credit Card', clientId: id };
    expectRefused(await gold.post('/api/quick-sales/', body), 'sale');
    await completeEdd(id);
    expect((await gold.post('/api/quick-sales/', body)).statusCode).toBe(201);
  });
});

describe('a deal with a high-risk client (deals-service)', () => {
  it('is refused on completion, then accepted with EDD complete', async () => {
    const gold = await as('gold');
    const id = await rated('Deal Buyer', 'high');
    const item = await newItem(gold, 'EDD-DEAL-1');
    const body = {
      clientId: id,
      lines: [{ kind: 'item', itemId: item, price: '3000' }],
      payments: [{ method: 'Bank Transfer', amount: '3000' }],
    };
    expectRefused(await gold.post('/api/deals/', body), 'sale');
    expect(await count('deals')).toBe(0);
    await completeEdd(id);
    expect((await gold.post('/api/deals/', body)).statusCode).toBe(201);
  });
});

describe('a purchase from a high-risk seller (purchases-service)', () => {
  it('is refused naming what is missing, then accepted with EDD complete', async () => {
    const gold = await as('gold');
    const id = await rated('Seller Of Watches', 'high');
    const body = {
      sellerId: id,
      sellerKind: 'private',
      lines: [
        {
          stockType: 'Watches',
          brand: 'Rolex',
          model: 'Submariner',
          serial: 'EDD-PUR-1',
          description: '2019, full set',
          price: '500',
          intake: { conditionGrade: 'excellent', box: true, papers: true, warrantyCard: true, notes: '' },
        },
      ],
      payments: [{ method: 'Bank Transfer', amount: '500' }],
    };
    expectRefused(await gold.post('/api/purchases/', body), 'purchase');
    expect(await count('purchases')).toBe(0);
    await completeEdd(id);
    expect((await gold.post('/api/purchases/', body)).statusCode).toBe(201);
  });
});

describe('an item added with a purchase from a high-risk seller (items-service: item-form purchases)', () => {
  it('is refused, nothing saved, then accepted with EDD complete', async () => {
    const gold = await as('gold');
    const id = await rated('Item Form Seller', 'high');
    const body = itemBody({
      serial: 'EDD-FORM-1',
      transactions: [{ type: 'credit', amount: '700', clientId: id }],
    });
    expectRefused(await gold.post('/api/items/', body), 'purchase');
    expect(await count('items')).toBe(0);
    await completeEdd(id);
    expect((await gold.post('/api/items/', body)).statusCode).toBe(201);
  });
});

describe('a payment of a high-risk client (clients-service: the Payment dialog)', () => {
  it('is refused either way, then accepted with EDD complete', async () => {
    const gold = await as('gold');
    const id = await rated('Payer', 'high');
    const ledger = `/api/clients/${id}/ledger/`;
    expectRefused(
      await gold.post(ledger, { direction: 'received', amount: '100', method: 'Bank Transfer' }),
      'payment',
    );
    expectRefused(await gold.post(ledger, { direction: 'paid', amount: '100', method: 'Cash' }), 'payment');
    expect(await count('client_ledger')).toBe(0);
    await completeEdd(id);
    expect(
      (await gold.post(ledger, { direction: 'received', amount: '100', method: 'Bank Transfer' })).statusCode,
    ).toBe(201);
  });
});
