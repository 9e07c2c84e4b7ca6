import {
  ITEM_SELLER_NOT_ON_LINES,
  ITEM_SELLER_WITHOUT_PURCHASE,
  PURCHASE_SELLER_UNKNOWN,
  type AmlRefusal,
  type Item,
  type Purchase,
  type StockBookPage,
} from '@loupe/contracts';
import type { Browser } from '../../helper';
import { complianceTestbed, uploadKyc, verification } from '../compliance/setup';
import { parsePdf } from '../documents/pdf-support';
import { itemBody } from '../inventory/setup';

// Issue 22, item 1: "the current item form's purchase transactions become the simple case of a buy-in". An item
// added with purchase transactions is also a one-line purchase document (source 'item_form'): numbered in the
// PUR- sequence, its line the item's stock number and purchase price, a payment out per transaction, its cash
// through the AML guard, its seller the client named (or none: the specification's form names a client only on
// credit and debt lines), the due diligence it lacks listed as outstanding. Both databases; clock 2026-03-01.
const { state, as, create } = complianceTestbed();
const ITEMS = '/api/items/';
const PURCHASES = '/api/purchases/';

const ADDRESS = {
  addressLine1: '3 Bond Street',
  town: 'Leeds',
  postcode: 'ls1 5bn',
  country: 'United Kingdom',
};

async function client(name: string, options: { kyc?: boolean; verified?: boolean } = {}): Promise<number> {
  const gold = await as('gold');
  const id = await create({ name, ...ADDRESS }, gold);
  if (options.kyc) expect((await uploadKyc(gold, id)).statusCode).toBe(201);
  if (options.verified) expect((await gold.post(verification(id), {})).statusCode).toBe(200);
  return id;
}

const add = (browser: Browser, over: Record<string, unknown>) => browser.post(ITEMS, itemBody(over));

const counts = async () =>
  (
    await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM purchases) AS purchases, (SELECT count(*)::int FROM purchase_payments) AS payments,
              (SELECT count(*)::int FROM items) AS items`,
    )
  )[0];

/** The purchase document recorded for an item (through the published line records). */
async function purchaseOf(browser: Browser, itemId: number): Promise<Purchase> {
  const rows = await state.db.query<{ purchase_id: number }>(
    'SELECT purchase_id::int AS purchase_id FROM purchase_line_records WHERE item_id = $1',
    [itemId],
  );
  expect(rows).toHaveLength(1);
  const response = await browser.get(`${PURCHASES}${(rows[0] as { purchase_id: number }).purchase_id}/`);
  expect(response.statusCode).toBe(200);
  return response.json() as Purchase;
}

describe('an item added with cash transactions and no seller', () => {
  it('is a numbered one-line purchase whose payments are its transactions, the checks it lacks outstanding', async () => {
    const gold = await as('gold');
    const response = await add(gold, {
      serial: 'FORM-1',
      transactions: [
        { type: 'cash', amount: '5000' },
        // $1,000 at 0.8 less a 2.5% fee: £780.00 (SPEC §5's purchase price rule).
        { type: 'cash', amount: '1000', currency: 'USD', exchangeRate: '0.8', feePercent: '2.5' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const item = response.json() as Item;
    expect(item.purchasePrice).toBe(5780);

    const purchase = await purchaseOf(gold, item.id);
    expect(purchase).toMatchObject({
      number: 1,
      reference: 'PUR-000001',
      status: 'completed',
      source: 'item_form',
      date: item.purchasedOn,
      sellerId: null,
      sellerName: '',
      sellerAddress: [],
      sellerKind: 'private',
      totalGbp: 5780,
    });
    expect(purchase.lines).toHaveLength(1);
    expect(purchase.lines[0]).toMatchObject({
      itemId: item.id,
      stockNumber: item.stockNumber,
      serial: 'FORM-1',
      brand: 'Rolex',
      model: 'Submariner',
      priceGbp: 5780,
      registerCheck: null,
    });
    expect(
      purchase.payments.map((p) => [p.method, p.amount, p.currency, p.exchangeRate, p.amountGbp]),
    ).toEqual([
      ['Cash', 5000, 'GBP', 1, 5000],
      ['Cash', 1000, 'USD', 0.8, 780],
    ]);
    // Over both of the shop's £1,000 thresholds, with no seller on file and no register check.
    expect(purchase.outstanding.map((m) => [m.rule, m.line])).toEqual([
      ['seller_identity', null],
      ['register_check', 1],
    ]);
    // The purchases list shows it too, with the same outstanding checks.
    const list = (await gold.get(PURCHASES)).json() as { results: Purchase[] };
    expect(list.results.map((p) => [p.reference, p.outstanding.length])).toEqual([['PUR-000001', 2]]);

    // The purchase invoice leaves the seller's name and address to be written in before signing.
    const pdf = await gold.get(`${PURCHASES}${purchase.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    const text = (await parsePdf(pdf.rawPayload)).pages.join(' ');
    for (const expected of ['PURCHASE INVOICE', 'PUR-000001', 'Name:', 'Address:', 'FORM-1', '£5,780.00'])
      expect(text).toContain(expected);
    expect(text).toContain('Signature — Seller');
    expect(text).not.toContain('Signature — Seller:');

    // The item's creation and the purchase's are both on the trail.
    const trail = await state.db.query<{ entity: string; action: string; after: Record<string, unknown> }>(
      "SELECT entity, action, after FROM audit_log WHERE entity IN ('item', 'purchase') ORDER BY id",
    );
    expect(trail.map((t) => [t.entity, t.action])).toEqual([
      ['purchase', 'create'],
      ['item', 'create'],
    ]);
    expect(trail[1]?.after).toMatchObject({ purchase: 'PUR-000001' });
  });

  it('takes the next number after a Buy In, and the stock book shows its purchase reference', async () => {
    const gold = await as('gold');
    const seller = await client('Ring Seller');
    const first = await gold.post(PURCHASES, {
      sellerId: seller,
      sellerKind: 'private',
      lines: [{ stockType: 'Jewellery', serial: 'BUY-A', price: '900' }],
      payments: [{ method: 'Bank Transfer', amount: '900' }],
    });
    const second = await add(gold, { serial: 'FORM-B', transactions: [{ type: 'cash', amount: '950' }] });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const b = second.json() as Item;
    const purchase = await purchaseOf(gold, b.id);
    expect(purchase.reference).toBe('PUR-000002');
    // Under both thresholds: nothing outstanding.
    expect(purchase.outstanding).toEqual([]);
    // The list tells them apart by where they were entered.
    const refs = async (source: string) =>
      ((await gold.get(`${PURCHASES}?source=${source}`)).json() as { results: Purchase[] }).results.map(
        (p) => p.reference,
      );
    expect(await refs('buy_in')).toEqual(['PUR-000001']);
    expect(await refs('item_form')).toEqual(['PUR-000002']);
    expect((await gold.get(`${PURCHASES}?source=elsewhere`)).statusCode).toBe(400);
    const book = (
      await gold.get('/api/books/stock-book/?date_from=2026-01-01&date_to=2026-03-31')
    ).json() as StockBookPage;
    const row = book.results.find((r) => r.itemId === b.id);
    expect(row).toMatchObject({ purchaseReference: 'PUR-000002', purchasePriceGbp: 950, sellerName: '' });
  });

  it('refuses cash of €10,000 or more with no seller on file (AML guard), saving nothing', async () => {
    const platinum = await as('platinum');
    expect((await platinum.put('/api/shop/settings/', { amlEurGbpRate: '0.8' })).statusCode).toBe(200);
    const gold = await as('gold');
    const refused = await add(gold, { serial: 'CASH-8K', transactions: [{ type: 'cash', amount: '8000' }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      rule: 'aml_cash_threshold',
      missing: ['client'],
    } as Partial<AmlRefusal>);
    expect((refused.json() as AmlRefusal).amountEur).toBe(10000);
    expect(await counts()).toEqual({ purchases: 0, payments: 0, items: 0 });
    const events = await state.db.query<{ outcome: string; kind: string; client_id: number | null }>(
      'SELECT outcome, kind, client_id FROM aml_events ORDER BY id',
    );
    expect(events).toEqual([{ outcome: 'refused', kind: 'payout', client_id: null }]);

    // Naming a seller with complete due diligence: accepted, flagged, and the seller is on the document.
    const seller = await client('Verified Seller', { kyc: true, verified: true });
    const accepted = await add(gold, {
      serial: 'CASH-8K',
      sellerId: seller,
      sellerKind: 'trade',
      transactions: [{ type: 'cash', amount: '8000' }],
    });
    expect(accepted.statusCode).toBe(201);
    const purchase = await purchaseOf(gold, (accepted.json() as Item).id);
    expect(purchase).toMatchObject({
      sellerId: seller,
      sellerName: 'Verified Seller',
      sellerAddress: ['3 Bond Street', 'Leeds', 'LS1 5BN'],
      sellerKind: 'trade',
    });
    expect(purchase.outstanding.map((m) => m.rule)).toEqual(['register_check']);
    const flagged = await state.db.query<{ kind: string; client_id: number }>(
      "SELECT kind, client_id FROM aml_events WHERE outcome = 'flagged'",
    );
    expect(flagged).toEqual([{ kind: 'payout', client_id: seller }]);
  });

  it('guards only notes: a line paid by bank transfer or in bitcoin is not Cash', async () => {
    const platinum = await as('platinum');
    expect((await platinum.put('/api/shop/settings/', { amlEurGbpRate: '0.8' })).statusCode).toBe(200);
    const gold = await as('gold');
    const response = await add(gold, {
      serial: 'WIRE-10K',
      transactions: [
        { type: 'cash', amount: '10000', method: 'Bank Transfer' },
        { type: 'cash', amount: '0.5', currency: 'BTC', exchangeRate: '40000' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const purchase = await purchaseOf(gold, (response.json() as Item).id);
    expect(purchase.payments.map((p) => [p.method, p.currency, p.amountGbp])).toEqual([
      ['Bank Transfer', 'GBP', 10000],
      ['Bitcoin', 'BTC', 20000],
    ]);
    expect(await state.db.query('SELECT 1 FROM aml_events')).toEqual([]);

    const bad = await add(gold, {
      serial: 'WIRE-BAD',
      transactions: [
        { type: 'cash', amount: '100', method: 'Cheque' },
        { type: 'credit', amount: '100', clientId: await client('Credit Client'), method: 'Cash' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      transactions: [
        'Line 1: method: "Cheque" is not a valid choice.',
        'Line 2: method: Only cash transactions name a payment method.',
      ],
    });
  });

  it('links the cash with the same seller’s Buy In cash over 90 days', async () => {
    const gold = await as('gold');
    const seller = await client('Linked Seller', { kyc: true });
    const ring = { stockType: 'Jewellery', serial: 'BUY-1', price: '5000' };
    const bought = await gold.post(PURCHASES, {
      sellerId: seller,
      sellerKind: 'private',
      lines: [ring],
      payments: [{ method: 'Cash', amount: '5000' }],
    });
    expect(bought.statusCode).toBe(201);
    // £5,000 + £3,500 = £8,500: €10,000 at the default 0.85, and the seller is not verified.
    const refused = await add(gold, {
      serial: 'FORM-LINK',
      stockType: 'Jewellery',
      brand: '',
      model: '',
      sellerId: seller,
      transactions: [{ type: 'cash', amount: '3500' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ rule: 'aml_cash_threshold', linkedTotalEur: 10000 });
  });
});

describe('an item added with a credit line', () => {
  it('is bought from the client the line names; voiding the purchase reverses the ledger too', async () => {
    const gold = await as('gold');
    const seller = await client('Credit Seller', { kyc: true });
    const response = await add(gold, {
      serial: 'CRED-1',
      transactions: [{ type: 'credit', amount: '3000', clientId: seller }],
    });
    expect(response.statusCode).toBe(201);
    const item = response.json() as Item;
    const purchase = await purchaseOf(gold, item.id);
    expect(purchase).toMatchObject({ sellerId: seller, sellerName: 'Credit Seller', totalGbp: 3000 });
    // The credit line settles through the client's ledger, not in money.
    expect(purchase.payments.map((p) => [p.method, p.amountGbp])).toEqual([['Stock credit', 3000]]);
    expect(purchase.outstanding.map((m) => m.rule)).toEqual(['register_check']);
    const balance = async () =>
      ((await gold.get(`/api/clients/${seller}/`)).json() as { balance: number }).balance;
    expect(await balance()).toBe(3000);
    // No money moved: the bookkeeper's payments file leaves the settlement out.
    const payments = (
      await gold.get('/api/books/exports/?format=payments&date_from=2026-01-01&date_to=2026-03-31')
    ).body;
    expect(payments.split('\n')[0]).toContain('Method');
    expect(payments).not.toContain('Stock credit');

    const voided = await gold.post(`${PURCHASES}${purchase.id}/void/`, { reason: 'Entered twice' });
    expect(voided.statusCode).toBe(200);
    const after = voided.json() as Purchase;
    expect(after.status).toBe('voided');
    expect(after.outstanding).toEqual([]);
    expect(after.payments.map((p) => [p.method, p.amountGbp])).toEqual([
      ['Stock credit', 3000],
      ['Stock credit', -3000],
    ]);
    expect(await balance()).toBe(0);
    expect(((await gold.get(`${ITEMS}${item.id}/`)).json() as Item).status).toBe('unavailable');
    // Voided twice: refused, and the ledger is not reversed again.
    expect((await gold.post(`${PURCHASES}${purchase.id}/void/`, { reason: 'Again' })).statusCode).toBe(409);
    expect(await balance()).toBe(0);
  });

  it('refuses a seller other than the lines’ client, an unknown one, and one named without a purchase', async () => {
    const gold = await as('gold');
    const a = await client('Line Client');
    const b = await client('Other Client');
    const other = await add(gold, {
      serial: 'SELL-1',
      sellerId: b,
      transactions: [{ type: 'debt', amount: '500', clientId: a }],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ sellerId: [ITEM_SELLER_NOT_ON_LINES] });
    const unknown = await add(gold, {
      serial: 'SELL-2',
      sellerId: 999999,
      transactions: [{ type: 'cash', amount: '500' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ sellerId: [PURCHASE_SELLER_UNKNOWN] });
    const none = await add(gold, { serial: 'SELL-3', sellerId: a, transactions: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ sellerId: [ITEM_SELLER_WITHOUT_PURCHASE] });
    expect(await counts()).toEqual({ purchases: 0, payments: 0, items: 0 });
  });
});

describe('an item added without a purchase', () => {
  it('records no purchase document: no transactions, or a purchase of £0', async () => {
    const gold = await as('gold');
    expect((await add(gold, { serial: 'NONE-1', transactions: [] })).statusCode).toBe(201);
    expect(
      (
        await add(gold, {
          serial: 'NONE-2',
          transactions: [{ type: 'cash', amount: '100', feePercent: '100' }],
        })
      ).statusCode,
    ).toBe(201);
    expect(await counts()).toEqual({ purchases: 0, payments: 0, items: 2 });
  });
});
