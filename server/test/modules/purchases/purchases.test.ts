import {
  COSTS_NOT_ALLOWED,
  SELLER_DECLARATION,
  type AmlRefusal,
  type Purchase,
  type PurchaseCheck,
  type PurchaseMissing,
  UNKNOWN_BRAND,
  UNKNOWN_MODEL,
} from '@loupe/contracts';
import { writeFileSync } from 'node:fs';
import type { Browser } from '../../helper';
import { complianceTestbed, uploadKyc, verification } from '../compliance/setup';
import { parsePdf } from '../documents/pdf-support';

// Issue 22, items 1 and 2: buy-ins as numbered purchase documents with due diligence. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL. The clock is 2026-03-01 09:00 UTC; the shop's defaults: seller identity at
// or above £1,000, a register check for a watch at or above £1,000.
const { state, as, create } = complianceTestbed();
const TODAY = '2026-03-01';
const PURCHASES = '/api/purchases/';

const ADDRESS = {
  addressLine1: '14 Hatton Garden',
  addressLine2: 'Flat 2',
  town: 'London',
  postcode: 'ec1n 8aa',
  country: 'United Kingdom',
};

/** A seller with their address; with an identity document on file unless told, verified when told. */
async function seller(name: string, options: { kyc?: boolean; verified?: boolean } = {}): Promise<number> {
  const gold = await as('gold');
  const id = await create({ name, ...ADDRESS }, gold);
  if (options.kyc !== false) expect((await uploadKyc(gold, id)).statusCode).toBe(201);
  if (options.verified) expect((await gold.post(verification(id), {})).statusCode).toBe(200);
  return id;
}

const clear = (reference: string) => ({
  provider: 'The Watch Register',
  searchReference: reference,
  checkedOn: TODAY,
  result: 'clear',
});

function watch(serial: string, price: string, extra: Record<string, unknown> = {}) {
  return {
    stockType: 'Watches',
    brand: 'Rolex',
    model: 'Submariner',
    serial,
    description: '2019, full set',
    price,
    intake: { conditionGrade: 'excellent', box: true, papers: true, warrantyCard: true, notes: 'Light wear' },
    registerCheck: clear(`TWR-${serial}`),
    ...extra,
  };
}

const body = (
  sellerId: number,
  lines: unknown[],
  payments: unknown[],
  extra: Record<string, unknown> = {},
) => ({
  sellerId,
  sellerKind: 'private',
  lines,
  payments,
  ...extra,
});

const post = async (browser: Browser, b: unknown) => browser.post(PURCHASES, b);

const counts = async () =>
  (
    await state.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM purchases) AS purchases, (SELECT count(*)::int FROM purchase_lines) AS lines,
              (SELECT count(*)::int FROM purchase_payments) AS payments, (SELECT count(*)::int FROM items) AS items`,
    )
  )[0];

const maxStockNumber = async () =>
  (await state.db.query<{ n: number }>('SELECT coalesce(max(stock_number), 0)::int AS n FROM items'))[0]?.n ??
  0;

describe('a buy-in of two watches from a private seller', () => {
  it('enters them with consecutive stock numbers, the price as cost, and prints the purchase invoice', async () => {
    const gold = await as('gold');
    const from = await seller('Edith Private');
    const before = await maxStockNumber();
    const response = await post(
      gold,
      body(
        from,
        [watch('SUB-1', '7500'), watch('DAY-2', '4250.50', { brand: 'Omega', model: 'Speedmaster' })],
        [
          { method: 'Bank Transfer', amount: '10000' },
          { method: 'Cash', amount: '1750.50' },
        ],
      ),
    );
    expect(response.statusCode).toBe(201);
    const purchase = response.json() as Purchase;
    expect(purchase).toMatchObject({
      number: 1,
      reference: 'PUR-000001',
      status: 'completed',
      date: TODAY,
      sellerId: from,
      sellerName: 'Edith Private',
      sellerAddress: ['14 Hatton Garden', 'Flat 2', 'London', 'EC1N 8AA'],
      sellerKind: 'private',
      totalGbp: 11750.5,
    });
    expect(purchase.lines.map((l) => l.stockNumber)).toEqual([before + 1, before + 2]);
    expect(purchase.lines[0]).toMatchObject({
      serial: 'SUB-1',
      priceGbp: 7500,
      intake: {
        conditionGrade: 'excellent',
        box: true,
        papers: true,
        warrantyCard: true,
        serviceHistory: false,
      },
      registerCheck: { provider: 'The Watch Register', searchReference: 'TWR-SUB-1', result: 'clear' },
    });
    expect(purchase.payments.map((p) => [p.method, p.amountGbp])).toEqual([
      ['Bank Transfer', 10000],
      ['Cash', 1750.5],
    ]);

    // The items: in stock, bought today at the line's price, with the intake's grade, box and papers.
    const items = await state.db.query<Record<string, unknown>>(
      `SELECT stock_number, purchase_price::text AS cost, purchased_on::text AS day, status, condition_grade,
              box, papers FROM items WHERE id = ANY($1::int[]) ORDER BY stock_number`,
      [purchase.lines.map((l) => l.itemId)],
    );
    expect(items).toEqual([
      {
        stock_number: before + 1,
        cost: '7500.00',
        day: TODAY,
        status: 'available',
        condition_grade: 'excellent',
        box: true,
        papers: true,
      },
      {
        stock_number: before + 2,
        cost: '4250.50',
        day: TODAY,
        status: 'available',
        condition_grade: 'excellent',
        box: true,
        papers: true,
      },
    ]);

    // The published views the books read.
    const records = await state.db.query(
      `SELECT reference, seller_name, seller_address, seller_kind, total_gbp::text AS total, status
         FROM purchase_records`,
    );
    expect(records).toEqual([
      {
        reference: 'PUR-000001',
        seller_name: 'Edith Private',
        seller_address: '14 Hatton Garden\nFlat 2\nLondon\nEC1N 8AA',
        seller_kind: 'private',
        total: '11750.50',
        status: 'completed',
      },
    ]);
    const lines = await state.db.query(
      'SELECT stock_number, description, price_gbp::text AS price FROM purchase_line_records ORDER BY stock_number',
    );
    expect(lines).toEqual([
      { stock_number: before + 1, description: 'Rolex Submariner — 2019, full set', price: '7500.00' },
      { stock_number: before + 2, description: 'Omega Speedmaster — 2019, full set', price: '4250.50' },
    ]);

    // The purchase invoice the seller signs.
    const pdf = await gold.get(`${PURCHASES}${purchase.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // PDF_OUT=<file> keeps the rendered invoice to look at (pdftotext, pdftoppm -png).
    if (process.env.PDF_OUT) writeFileSync(process.env.PDF_OUT, pdf.rawPayload);
    const text = (await parsePdf(pdf.rawPayload)).pages.join(' ');
    for (const expected of [
      'PURCHASE INVOICE',
      'PUR-000001',
      'Edith Private',
      '14 Hatton Garden',
      'EC1N 8AA',
      String(before + 1),
      String(before + 2),
      'SUB-1',
      'DAY-2',
      '£7,500.00',
      '£4,250.50',
      '£11,750.50',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(SELLER_DECLARATION('Loupe Demo'));
    expect(text).toContain('Signature — Seller: Edith Private');
  });
});

describe('cash paid out and the AML guard', () => {
  it('refuses £8,000 cash at a rate of 0.8 (€10,000) without verification, accepts it with', async () => {
    const platinum = await as('platinum');
    expect((await platinum.put('/api/shop/settings/', { amlEurGbpRate: '0.8' })).statusCode).toBe(200);
    const gold = await as('gold');
    const from = await seller('Cash Seller');
    const b = body(from, [watch('CASH-1', '8000')], [{ method: 'Cash', amount: '8000' }]);
    const refused = await post(gold, b);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      rule: 'aml_cash_threshold',
      missing: ['verification'],
    } as Partial<AmlRefusal>);
    expect((refused.json() as AmlRefusal).amountEur).toBe(10000);
    expect(await counts()).toEqual({ purchases: 0, lines: 0, payments: 0, items: 0 });
    const events = await state.db.query<{ outcome: string; kind: string; client_id: number }>(
      'SELECT outcome, kind, client_id FROM aml_events ORDER BY id',
    );
    expect(events).toEqual([{ outcome: 'refused', kind: 'payout', client_id: from }]);

    // The check says so before confirming, saving nothing.
    const check = (await gold.post(`${PURCHASES}check/`, b)).json() as PurchaseCheck;
    expect(check.aml).toEqual(refused.json());
    expect(check.missing).toEqual([]);

    expect((await gold.post(verification(from), {})).statusCode).toBe(200);
    const accepted = await post(gold, b);
    expect(accepted.statusCode).toBe(201);
    const flagged = await state.db.query<{ outcome: string; kind: string }>(
      "SELECT outcome, kind FROM aml_events WHERE outcome = 'flagged'",
    );
    expect(flagged).toEqual([{ outcome: 'flagged', kind: 'payout' }]);
  });

  it('links the seller’s cash paid out over 90 days: a second buy-in that takes it to €10,000 is refused', async () => {
    const gold = await as('gold');
    const from = await seller('Twice Seller');
    const ring = (serial: string, price: string) => ({ stockType: 'Jewellery', serial, price });
    const first = await post(gold, body(from, [ring('L-1', '5000')], [{ method: 'Cash', amount: '5000' }]));
    expect(first.statusCode).toBe(201);
    // £5,000 + £3,500 = £8,500, exactly €10,000 at the default 0.85.
    const second = await post(gold, body(from, [ring('L-2', '3500')], [{ method: 'Cash', amount: '3500' }]));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      rule: 'aml_cash_threshold',
      amountEur: 4117.65,
      linkedTotalEur: 10000,
    });
    // Voided, the first buy-in's cash no longer counts.
    const id = (first.json() as Purchase).id;
    expect((await gold.post(`${PURCHASES}${id}/void/`, { reason: 'Seller changed mind' })).statusCode).toBe(
      200,
    );
    expect(
      (await post(gold, body(from, [ring('L-2', '3500')], [{ method: 'Cash', amount: '3500' }]))).statusCode,
    ).toBe(201);
  });

  it('lets £8,000 by bank transfer through without verification', async () => {
    const gold = await as('gold');
    const from = await seller('Transfer Seller');
    const response = await post(
      gold,
      body(from, [watch('BT-1', '8000')], [{ method: 'Bank Transfer', amount: 8000 }]),
    );
    expect(response.statusCode).toBe(201);
  });
});

describe('the stolen-goods register check', () => {
  it('refuses a watch at the threshold without a check, naming the line; accepts it with one', async () => {
    const gold = await as('gold');
    const from = await seller('Unchecked Seller');
    const lines = [
      watch('UNDER-1', '999.99', { registerCheck: null }),
      watch('OVER-1', '1000', { registerCheck: null, brand: 'Patek Philippe', model: 'Calatrava' }),
      { stockType: 'Jewellery', serial: 'RING-1', description: 'Diamond ring', price: '5000' },
    ];
    const payments = [{ method: 'Bank Transfer', amount: '6999.99' }];
    const refused = await post(gold, body(from, lines, payments));
    expect(refused.statusCode).toBe(409);
    const missing = (refused.json() as { missing: PurchaseMissing[] }).missing;
    expect(missing).toEqual([
      {
        rule: 'register_check',
        line: 2,
        detail:
          'Line 2 (Patek Philippe Calatrava): a stolen-goods register check is required for a watch of £1,000.00 or more.',
      },
    ]);
    expect(refused.json().detail).toBe(missing[0]?.detail);
    expect(await counts()).toEqual({ purchases: 0, lines: 0, payments: 0, items: 0 });

    const withCheck = [lines[0], { ...(lines[1] as object), registerCheck: clear('TWR-77') }, lines[2]];
    const accepted = await post(gold, body(from, withCheck, payments));
    expect(accepted.statusCode).toBe(201);
    const purchase = accepted.json() as Purchase;
    expect(purchase.lines.map((l) => l.registerCheck?.searchReference ?? null)).toEqual([
      null,
      'TWR-77',
      null,
    ]);
  });

  it('refuses a flagged watch whatever its price', async () => {
    const gold = await as('gold');
    const from = await seller('Flagged Seller');
    const response = await post(
      gold,
      body(
        from,
        [watch('HOT-1', '500', { registerCheck: { ...clear('TWR-9'), result: 'flagged' } })],
        [{ method: 'Bank Transfer', amount: '500' }],
      ),
    );
    expect(response.statusCode).toBe(409);
    expect((response.json() as { missing: PurchaseMissing[] }).missing).toEqual([
      expect.objectContaining({ rule: 'register_flagged', line: 1 }),
    ]);
    expect(response.json().detail).toContain('reported lost or stolen');
  });

  it('takes a certificate for a line with a check and serves it back', async () => {
    const gold = await as('gold');
    const from = await seller('Certified Seller');
    const purchase = (
      await post(gold, body(from, [watch('CERT-1', '2000')], [{ method: 'Bank Transfer', amount: '2000' }]))
    ).json() as Purchase;
    const line = purchase.lines[0]?.id as number;
    const boundary = '----loupe-cert';
    const pdfBytes = Buffer.from('%PDF-1.4\n%certificate\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = await gold.post(
      `${PURCHASES}${purchase.id}/lines/${line}/certificate/`,
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="twr.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        pdfBytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    );
    expect(upload.statusCode).toBe(201);
    expect((upload.json() as Purchase).lines[0]?.registerCheck?.certificateName).toBe('twr.pdf');
    const download = await gold.get(`${PURCHASES}${purchase.id}/lines/${line}/certificate/`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);
  });
});

describe('the seller identity rule', () => {
  it('asks for an identity document at £1,000 and not below', async () => {
    const gold = await as('gold');
    const from = await seller('No Papers', { kyc: false });
    const ring = (serial: string, price: string) => ({ stockType: 'Jewellery', serial, price });
    const below = await post(
      gold,
      body(from, [ring('R-1', '999.99')], [{ method: 'Bank Transfer', amount: '999.99' }]),
    );
    expect(below.statusCode).toBe(201);
    const at = await post(
      gold,
      body(from, [ring('R-2', '1000')], [{ method: 'Bank Transfer', amount: '1000' }]),
    );
    expect(at.statusCode).toBe(409);
    expect((at.json() as { missing: PurchaseMissing[] }).missing).toEqual([
      expect.objectContaining({ rule: 'seller_identity', line: null }),
    ]);
    expect(at.json().detail).toContain(
      "The seller's identity document must be on file for a purchase of £1,000.00",
    );
  });
});

describe('the thresholds in Shop Settings', () => {
  it('the owner sets them; identity at £0 asks it of every seller, and a dearer check threshold lets a watch by', async () => {
    const owner = await as('platinum');
    const settings = '/api/shop/settings/';
    expect((await owner.put(settings, { purchaseIdentityThresholdGbp: '-1' })).json()).toEqual({
      purchaseIdentityThresholdGbp: ['Ensure this value is greater than or equal to 0.'],
    });
    expect((await (await as('gold')).put(settings, { purchaseIdentityThresholdGbp: '0' })).statusCode).toBe(
      403,
    );
    const saved = await owner.put(settings, {
      purchaseIdentityThresholdGbp: '0',
      purchaseRegisterCheckThresholdGbp: '5,000',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      purchaseIdentityThresholdGbp: 0,
      purchaseRegisterCheckThresholdGbp: 5000,
    });

    const gold = await as('gold');
    const noPapers = await seller('Small Seller', { kyc: false });
    const ring = await post(
      gold,
      body(
        noPapers,
        [{ stockType: 'Jewellery', serial: 'S-1', price: '50' }],
        [{ method: 'Cash', amount: '50' }],
      ),
    );
    expect(ring.statusCode).toBe(409);
    expect(ring.json().detail).toContain('for a purchase of £0.00 or more');

    const papers = await seller('Papers Seller');
    const unchecked = watch('U-1', '4999.99', { registerCheck: null });
    expect(
      (await post(gold, body(papers, [unchecked], [{ method: 'Bank Transfer', amount: '4999.99' }])))
        .statusCode,
    ).toBe(201);
    const dear = watch('U-2', '5000', { registerCheck: null });
    const refused = await post(gold, body(papers, [dear], [{ method: 'Bank Transfer', amount: '5000' }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('for a watch of £5,000.00 or more');
  });
});

describe('void by reversal', () => {
  it('takes the items out of stock and reverses the payments; refused once an item is sold', async () => {
    const gold = await as('gold');
    const from = await seller('Void Seller');
    const make = async (serial: string) =>
      (
        await post(gold, body(from, [watch(serial, '3000')], [{ method: 'Bank Transfer', amount: '3000' }]))
      ).json() as Purchase;
    const first = await make('V-1');

    const silver = await as('silver');
    expect((await silver.post(`${PURCHASES}${first.id}/void/`, { reason: 'Mistake' })).statusCode).toBe(403);
    expect((await gold.post(`${PURCHASES}${first.id}/void/`, { reason: ' ' })).statusCode).toBe(400);

    const voided = await gold.post(`${PURCHASES}${first.id}/void/`, { reason: 'Entered twice' });
    expect(voided.statusCode).toBe(200);
    const v = voided.json() as Purchase;
    expect(v).toMatchObject({ status: 'voided', voidedOn: TODAY, voidReason: 'Entered twice' });
    expect(v.payments.map((p) => [p.amountGbp, p.reversalOf])).toEqual([
      [3000, null],
      [-3000, v.payments[0]?.id],
    ]);
    const status = await state.db.query<{ status: string }>('SELECT status FROM items WHERE id = $1', [
      first.lines[0]?.itemId,
    ]);
    expect(status).toEqual([{ status: 'unavailable' }]);
    expect((await gold.post(`${PURCHASES}${first.id}/void/`, { reason: 'Again' })).statusCode).toBe(409);
    // The trail in words (Activity).
    const activity = (await (await as('platinum')).get('/api/activity/?page_size=100')).json() as {
      results: Array<{ entity: string; summary: string; changes: Array<{ field: string; after: unknown }> }>;
    };
    const purchaseEntries = activity.results.filter((e) => e.entity === 'purchase');
    expect(purchaseEntries.map((e) => e.summary)).toEqual([
      'Voided a purchase: Entered twice',
      'Bought in PUR-000001 for £3,000.00',
    ]);
    expect(purchaseEntries[0]?.changes).toEqual([{ field: 'Reason', before: null, after: 'Entered twice' }]);

    const second = await make('V-2');
    const itemId = second.lines[0]?.itemId as number;
    const sold = await gold.post(`/api/items/${itemId}/sell/`, {
      price: '4000',
      paymentMethod: 'Bank Transfer',
    });
    expect(sold.statusCode).toBe(200);
    const refused = await gold.post(`${PURCHASES}${second.id}/void/`, { reason: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Stock number ${second.lines[0]?.stockNumber} is no longer in stock (sold): it cannot be voided out of stock.`,
    );
    expect(((await gold.get(`${PURCHASES}${second.id}/`)).json() as Purchase).status).toBe('completed');
  });
});

describe('numbering, listing and the rules of the form', () => {
  it("takes brand and model from the shop's catalogue, as Add Item does", async () => {
    const gold = await as('gold');
    const from = await seller('Catalogue Seller');
    const pay = [{ method: 'Bank Transfer', amount: '1500' }];
    const unknown = await post(
      gold,
      body(from, [watch('CAT-1', '1500', { brand: 'Acme Timepieces', model: '' })], pay),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ 'lines[0].brand': [UNKNOWN_BRAND('Acme Timepieces')] });
    const wrongModel = await post(gold, body(from, [watch('CAT-1', '1500', { model: 'Speedmaster' })], pay));
    expect(wrongModel.json()).toEqual({ 'lines[0].model': [UNKNOWN_MODEL('Rolex', 'Speedmaster')] });
    // Spelled as the catalogue spells it.
    const made = await post(
      gold,
      body(from, [watch('CAT-1', '1500', { brand: 'rolex', model: 'submariner' })], pay),
    );
    expect(made.statusCode).toBe(201);
    expect((made.json() as Purchase).lines[0]).toMatchObject({ brand: 'Rolex', model: 'Submariner' });
  });

  it('numbers purchases without a gap: a refused buy-in takes no number', async () => {
    const gold = await as('gold');
    const from = await seller('Numbered Seller');
    const ok = (serial: string) =>
      body(from, [watch(serial, '1500')], [{ method: 'Bank Transfer', amount: '1500' }]);
    expect((await post(gold, ok('N-1'))).json().reference).toBe('PUR-000001');
    const refused = await post(
      gold,
      body(
        from,
        [watch('N-X', '1500', { registerCheck: null })],
        [{ method: 'Bank Transfer', amount: '1500' }],
      ),
    );
    expect(refused.statusCode).toBe(409);
    expect((await post(gold, ok('N-2'))).json().reference).toBe('PUR-000002');
    expect((await post(gold, ok('N-3'))).json().reference).toBe('PUR-000003');

    const list = await gold.get(`${PURCHASES}?seller=${from}&date_from=${TODAY}&date_to=${TODAY}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: Purchase[] }).results.map((p) => p.reference)).toEqual([
      'PUR-000003',
      'PUR-000002',
      'PUR-000001',
    ]);
    const none = await gold.get(`${PURCHASES}?date_from=2026-03-02`);
    expect(none.json()).toMatchObject({ count: 0 });
    expect((await gold.get(`${PURCHASES}?date_from=2026-03-02&date_to=2026-03-01`)).statusCode).toBe(400);
  });

  it('gives buy-ins made at the same time consecutive numbers, none twice', async () => {
    const gold = await as('gold');
    const from = await seller('Busy Seller');
    const made = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        post(gold, body(from, [watch(`C-${n}`, '1500')], [{ method: 'Bank Transfer', amount: '1500' }])),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const numbers = made.map((r) => (r.json() as Purchase).number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
    const stock = made
      .map((r) => (r.json() as Purchase).lines[0]?.stockNumber as number)
      .sort((a, b) => a - b);
    expect(new Set(stock).size).toBe(5);
    expect((stock[4] as number) - (stock[0] as number)).toBe(4);
  });

  it('lets members who may see costs buy in and read purchases, and not silver unless the shop allows it', async () => {
    const from = await seller('Permission Seller');
    const b = body(from, [watch('P-1', '1200')], [{ method: 'Bank Transfer', amount: '1200' }]);
    expect((await post(await as('silver'), b)).statusCode).toBe(403);
    const bought = await post(await as('platinum'), b);
    expect(bought.statusCode).toBe(201);
    const { id, lines } = bought.json() as Purchase;
    // What the shop paid is a cost: every read of a purchase is refused to silver (issue 21 item 6).
    const reads = [
      PURCHASES,
      `${PURCHASES}${id}/`,
      `${PURCHASES}${id}/pdf/`,
      `${PURCHASES}${id}/lines/${lines[0]?.id}/certificate/`,
    ];
    const silver = await as('silver');
    for (const path of reads) {
      const answer = await silver.get(path);
      expect([path, answer.statusCode, answer.json()]).toEqual([path, 403, { detail: COSTS_NOT_ALLOWED }]);
    }
    const platinum = await as('platinum');
    expect((await platinum.put('/api/shop/settings/', { silverSeesCosts: true })).statusCode).toBe(200);
    for (const path of reads.slice(0, 3))
      expect([path, (await silver.get(path)).statusCode]).toEqual([path, 200]);
  });

  it('answers field errors: payments that do not match, a serial twice or in stock, an unknown seller', async () => {
    const gold = await as('gold');
    const from = await seller('Form Seller');
    const short = await post(gold, body(from, [watch('F-1', '1200')], [{ method: 'Cash', amount: '1000' }]));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      payments: ['The payments (£1,000.00) must equal the purchase total (£1,200.00).'],
    });
    const twice = await post(
      gold,
      body(from, [watch('F-2', '1200'), watch('F-2', '1200')], [{ method: 'Cash', amount: '2400' }]),
    );
    expect(twice.json()).toEqual({ 'lines[1].serial': ['This serial is on the purchase twice.'] });
    const unknown = await post(
      gold,
      body(999999, [watch('F-3', '1200')], [{ method: 'Cash', amount: '1200' }]),
    );
    expect(unknown.json()).toEqual({ sellerId: ['No client with this id.'] });
    const empty = await post(gold, body(from, [], []));
    expect(empty.json()).toEqual({
      lines: ['A purchase needs at least one item.'],
      payments: ['A purchase needs at least one payment out.'],
    });
    expect(await counts()).toEqual({ purchases: 0, lines: 0, payments: 0, items: 0 });
  });
});
