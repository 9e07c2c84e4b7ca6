import {
  INVALID_VAT_STAGGER,
  type Deal,
  type Purchase,
  type StockBookPage,
  type StockBookRow,
  type VatFigures,
} from '@loupe/contracts';
import type { Browser } from '../../helper';
import { clientsTestbed } from '../clients/setup';
import { uploadKyc } from '../compliance/setup';
import { keep, parsePdf } from '../documents/pdf-support';
import { parseCsv } from '../finance/setup';
import { itemBody } from '../inventory/setup';

// Issue 22, items 5 and 6: the HMRC stock book (VAT Notice 718, "keeping records"), the margin-scheme VAT figures
// traced to their sales, and the Xero / QuickBooks Online exports. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
// The clock is 2026-03-01 09:00 UTC: the current VAT quarter is 1 January – 31 March 2026. Every figure below is
// computed by hand from the purchases and sales the test makes.
const { state, as, create } = clientsTestbed();
const Q1 = 'date_from=2026-01-01&date_to=2026-03-31';

async function vatRegistered(extra: Record<string, unknown> = {}) {
  const owner = await as('platinum');
  const response = await owner.put('/api/shop/settings/', { vatNumber: 'GB123456789', ...extra });
  expect(response.statusCode).toBe(200);
}

/** A stock item bought on `day` for `cost` (GBP cash), margin scheme unless told. */
async function bought(
  gold: Browser,
  serial: string,
  day: string,
  cost: string,
  over: Record<string, unknown> = {},
) {
  const response = await gold.post('/api/items/', {
    ...itemBody({ serial, purchasedOn: day, transactions: [{ type: 'cash', amount: cost }] }),
    ...over,
  });
  if (response.statusCode !== 201) throw new Error(`item ${serial}: ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** Sold on `day` for `price` by card, to a walk-in buyer. */
async function sold(gold: Browser, itemId: number, day: string, price: string, buyerName = 'A. Buyer') {
  const response = await gold.post('/api/deals/', {
    buyerName,
    date: day,
    lines: [{ kind: 'item', itemId, price }],
    payments: [{ method: 'Credit Card', amount: price }],
  });
  if (response.statusCode !== 201) throw new Error(`sale of ${itemId}: ${response.body}`);
  return response.json() as Deal;
}

interface Quarter {
  cfSold: number;
  cfUnsold: number;
  loss: number;
  voided: number;
  standard: number;
  early: number;
  deals: Record<'cfSold' | 'loss' | 'voided' | 'standard', Deal>;
}

/**
 * The quarter by hand:
 *   CF-SOLD    bought 10/11/2025 for 5,000 (previous quarter), sold 10/02/2026 for 6,501: margin 1,501.00,
 *              VAT on it round(1,501 / 6, 2) = 250.17 (250.1666…)
 *   CF-UNSOLD  bought 01/12/2025 for 3,000, still in stock: carried forward, no sale
 *   Q1-LOSS    bought 15/01/2026 for 4,000, sold 20/02/2026 for 3,500: margin −500.00, VAT 0 (a loss is no VAT)
 *   Q1-VOID    bought 20/01/2026 for 2,000, sold 01/02/2026 for 2,600, voided today: back in stock, no sale
 *   Q1-STD     bought 25/01/2026 for 1,000, standard-rated, sold 25/02/2026 for 1,200: VAT 1,200 / 6 = 200.00
 *   OLD-SOLD   bought 01/10/2025, sold 15/12/2025: before the quarter, not in its book
 */
async function quarter(): Promise<Quarter> {
  await vatRegistered();
  const gold = await as('gold');
  const cfSold = await bought(gold, 'CF-SOLD', '2025-11-10', '5000');
  const cfUnsold = await bought(gold, 'CF-UNSOLD', '2025-12-01', '3000');
  const early = await bought(gold, 'OLD-SOLD', '2025-10-01', '700');
  const loss = await bought(gold, 'Q1-LOSS', '2026-01-15', '4000');
  const voided = await bought(gold, 'Q1-VOID', '2026-01-20', '2000');
  const standard = await bought(gold, 'Q1-STD', '2026-01-25', '1000', { vatScheme: 'standard' });
  await sold(gold, early, '2025-12-15', '900');
  const deals = {
    voided: await sold(gold, voided, '2026-02-01', '2600', 'Changed Mind'),
    cfSold: await sold(gold, cfSold, '2026-02-10', '6501', 'Margin Buyer'),
    loss: await sold(gold, loss, '2026-02-20', '3500', 'Lucky Buyer'),
    standard: await sold(gold, standard, '2026-02-25', '1200', 'Standard Buyer'),
  };
  const voidResponse = await gold.post(`/api/deals/${deals.voided.id}/void/`, { reason: 'Returned' });
  expect(voidResponse.statusCode).toBe(200);
  return { cfSold, cfUnsold, loss, voided, standard, early, deals };
}

const byItem = (rows: StockBookRow[], id: number) => {
  const row = rows.find((r) => r.itemId === id);
  if (!row) throw new Error(`item ${id} is not in the book`);
  return row;
};

describe('the stock book of a quarter', () => {
  it('has one row per item with both sides, carried forward, loss and voided sale as computed by hand', async () => {
    const q = await quarter();
    const gold = await as('gold');
    const response = await gold.get(`/api/books/stock-book/?${Q1}&page_size=25`);
    expect(response.statusCode).toBe(200);
    const book = response.json() as StockBookPage;
    expect(book).toMatchObject({ from: '2026-01-01', to: '2026-03-31', count: 5 });
    // The item sold before the quarter is not in it; the rest in stock-number (creation) order.
    expect(book.results.map((r) => r.serial)).toEqual([
      'CF-SOLD',
      'CF-UNSOLD',
      'Q1-LOSS',
      'Q1-VOID',
      'Q1-STD',
    ]);

    const cfSold = byItem(book.results, q.cfSold);
    expect(cfSold).toMatchObject({
      purchasedOn: '2025-11-10',
      purchasePriceGbp: 5000,
      carriedForward: true,
      // Added on the item form with a cash transaction: its purchase document is the shop's first (issue 22).
      purchaseReference: 'PUR-000001',
      voidedSales: [],
    });
    expect(cfSold.sale).toMatchObject({
      date: '2026-02-10',
      invoiceReference: q.deals.cfSold.invoice?.reference,
      priceGbp: 6501,
      buyer: 'Margin Buyer',
      vatTreatment: 'margin',
      marginGbp: 1501,
      marginVatGbp: 250.17,
      vatGbp: 0,
    });

    expect(byItem(book.results, q.cfUnsold)).toMatchObject({
      carriedForward: true,
      sale: null,
      purchasePriceGbp: 3000,
    });

    const loss = byItem(book.results, q.loss);
    expect(loss.carriedForward).toBe(false);
    expect(loss.sale).toMatchObject({
      priceGbp: 3500,
      marginGbp: -500,
      marginVatGbp: 0,
      buyer: 'Lucky Buyer',
    });

    // The voided sale is no sale: the item is back in stock, the row names the invoice and its credit note.
    const voided = byItem(book.results, q.voided);
    expect(voided.sale).toBeNull();
    expect(voided.status).toBe('available');
    expect(voided.voidedSales).toEqual([
      {
        saleId: expect.any(Number),
        date: '2026-02-01',
        invoiceReference: q.deals.voided.invoice?.reference,
        voidedOn: '2026-03-01',
        creditNoteReference: expect.stringMatching(/^CN-\d{6}$/),
      },
    ]);

    expect(byItem(book.results, q.standard).sale).toMatchObject({
      vatTreatment: 'standard',
      priceGbp: 1200,
      vatGbp: 200,
      marginGbp: null,
      marginVatGbp: null,
    });

    // The previous quarter: OLD-SOLD bought and sold in it, CF-SOLD and CF-UNSOLD bought in it and unsold then.
    const q4 = (
      await gold.get('/api/books/stock-book/?date_from=2025-10-01&date_to=2025-12-31')
    ).json() as StockBookPage;
    expect(q4.results.map((r) => [r.serial, r.sale?.priceGbp ?? null, r.carriedForward])).toEqual([
      ['CF-SOLD', null, false],
      ['CF-UNSOLD', null, false],
      ['OLD-SOLD', 900, false],
    ]);
  });

  it('defaults to the current VAT quarter, filters, pages and refuses a bad range', async () => {
    const q = await quarter();
    const gold = await as('gold');
    const book = (await gold.get('/api/books/stock-book/')).json() as StockBookPage;
    expect([book.from, book.to, book.count]).toEqual(['2026-01-01', '2026-03-31', 5]);
    const soldOnly = (await gold.get(`/api/books/stock-book/?${Q1}&sold=sold`)).json() as StockBookPage;
    expect(soldOnly.results.map((r) => r.itemId)).toEqual([q.cfSold, q.loss, q.standard]);
    const unsold = (await gold.get(`/api/books/stock-book/?${Q1}&sold=unsold`)).json() as StockBookPage;
    expect(unsold.results.map((r) => r.itemId)).toEqual([q.cfUnsold, q.voided]);
    const search = (await gold.get(`/api/books/stock-book/?${Q1}&search=q1-v`)).json() as StockBookPage;
    expect(search.results.map((r) => r.itemId)).toEqual([q.voided]);
    const jewellery = (
      await gold.get(`/api/books/stock-book/?${Q1}&stock_type=Jewellery`)
    ).json() as StockBookPage;
    expect(jewellery.count).toBe(0);
    expect((await gold.get(`/api/books/stock-book/?${Q1}&page=2`)).statusCode).toBe(404);

    const backwards = await gold.get('/api/books/stock-book/?date_from=2026-03-31&date_to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ date_to: ['Ensure this date is not before date_from.'] });
    const bad = await gold.get('/api/books/stock-book/?date_from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json() as object)).toEqual(['date_from']);
    expect((await gold.get(`/api/books/stock-book/?${Q1}&sold=maybe`)).statusCode).toBe(400);
  });

  it('is costs and profit: silver gets 403 unless the shop lets silver see costs', async () => {
    await vatRegistered();
    const silver = await as('silver');
    for (const path of [
      'stock-book/',
      'stock-book/csv/',
      'stock-book/pdf/',
      'vat/',
      'exports/?format=xero-sales',
    ]) {
      expect((await silver.get(`/api/books/${path}`)).statusCode).toBe(403);
    }
    await vatRegistered({ silverSeesCosts: true });
    expect((await (await as('silver')).get('/api/books/vat/')).statusCode).toBe(200);
  });
});

describe('the VAT figures of a quarter', () => {
  it('match the hand computation, losses counted as 0, each traced to its sales', async () => {
    const q = await quarter();
    const gold = await as('gold');
    const response = await gold.get(`/api/books/vat/?${Q1}`);
    expect(response.statusCode).toBe(200);
    const vat = response.json() as VatFigures;
    const saleOf = (deal: Deal) => {
      const row = vat.rows.find((r) => r.invoiceReference === deal.invoice?.reference);
      if (!row) throw new Error(`deal ${deal.id} has no VAT row`);
      return row.saleId;
    };
    const [cfSold, loss, standard] = [saleOf(q.deals.cfSold), saleOf(q.deals.loss), saleOf(q.deals.standard)];
    // The voided sale is not among the rows.
    expect(vat.rows.map((r) => r.saleId)).toEqual([cfSold, loss, standard]);
    const figure = Object.fromEntries(vat.figures.map((f) => [f.key, [f.amountGbp, f.saleIds]]));
    expect(figure).toEqual({
      // 6,501 + 3,500
      marginSales: [10001, [cfSold, loss].sort((a, b) => a - b)],
      // 5,000 + 4,000: the purchase prices of the items those sales sold
      marginPurchases: [9000, [cfSold, loss].sort((a, b) => a - b)],
      // 1,501; the loss of 500 is not set against it (Notice 718)
      positiveMargins: [1501, [cfSold]],
      // round(1,501 / 6, 2) = 250.17; the loss carries none
      marginVat: [250.17, [cfSold]],
      standardSales: [1200, [standard]],
      standardVat: [200, [standard]],
      otherSales: [0, []],
    });
    expect(vat.figures.find((f) => f.key === 'positiveMargins')?.label).toBe('Margins (losses counted as 0)');
    expect(vat.rows.find((r) => r.saleId === loss)).toMatchObject({
      itemId: q.loss,
      costGbp: 4000,
      marginGbp: -500,
      marginVatGbp: 0,
      buyer: 'Lucky Buyer',
    });
  });
});

describe('the stock book as files', () => {
  it('CSV: every row, the Notice 718 columns, money as plain decimals', async () => {
    const q = await quarter();
    const gold = await as('gold');
    const response = await gold.get(`/api/books/stock-book/csv/?${Q1}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="loupe-stock-book-2026-01-01-2026-03-31.csv"',
    );
    const [header, ...records] = parseCsv(response.body);
    expect(header?.slice(0, 9)).toEqual([
      'Stock number',
      'Serial',
      'Stock type',
      'Description',
      'Purchase date',
      'Purchase invoice',
      'Purchase price (GBP)',
      'Seller',
      'Seller address',
    ]);
    expect(records).toHaveLength(5);
    const col = (name: string) => (header ?? []).indexOf(name);
    const cf = records.find((r) => r[col('Serial')] === 'CF-SOLD') ?? [];
    expect([
      cf[col('Purchase price (GBP)')],
      cf[col('Sale date')],
      cf[col('Sale invoice')],
      cf[col('Sale price (GBP)')],
      cf[col('Margin (GBP)')],
      cf[col('VAT on margin (GBP)')],
      cf[col('Notes')],
    ]).toEqual([
      '5000.00',
      '2026-02-10',
      q.deals.cfSold.invoice?.reference,
      '6501.00',
      '1501.00',
      '250.17',
      'Carried forward',
    ]);
    const voided = records.find((r) => r[col('Serial')] === 'Q1-VOID') ?? [];
    expect(voided[col('Notes')]).toMatch(
      new RegExp(
        `^Sale ${q.deals.voided.invoice?.reference} of 2026-02-01 voided by CN-\\d{6} on 2026-03-01$`,
      ),
    );
  });

  it('PDF: landscape, the header row repeated on page 2, numbered pages', async () => {
    await vatRegistered();
    const gold = await as('gold');
    // Enough items to run onto a second page.
    for (let n = 1; n <= 40; n += 1)
      await bought(gold, `PDF-${String(n).padStart(3, '0')}`, '2026-01-05', '1000');
    const response = await gold.get(`/api/books/stock-book/pdf/?${Q1}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    keep('stock-book.pdf', response.rawPayload);
    const pdf = await parsePdf(response.rawPayload);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
    expect(pdf.pages[0]).toContain('Stock book');
    for (const [i, page] of pdf.pages.entries()) {
      expect(page).toContain('Stock no.');
      expect(page).toContain('Purchase inv.');
      expect(page).toContain(`Page ${i + 1} of ${pdf.pages.length}`);
    }
    expect(pdf.pages[1]).toContain('PDF-020');
    expect(pdf.pages[pdf.pages.length - 1]).toContain('PDF-040');
    // Dates stay on one line.
    expect(pdf.text).toContain('05/01/2026');
  });
});

describe('the accounting exports', () => {
  it('Xero sales: the template columns, invoices and a credit note with negative amounts, tax types', async () => {
    const q = await quarter();
    const gold = await as('gold');
    const response = await gold.get(`/api/books/exports/?format=xero-sales&${Q1}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="loupe-xero-sales-2026-01-01-2026-03-31.csv"',
    );
    const [header, ...records] = parseCsv(response.body);
    expect(header).toEqual([
      '*ContactName',
      'EmailAddress',
      'POAddressLine1',
      'POAddressLine2',
      'POAddressLine3',
      'POAddressLine4',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      'InventoryItemCode',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      'Discount',
      '*AccountCode',
      '*TaxType',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
      'Currency',
      'BrandingTheme',
    ]);
    const col = (name: string) => (header ?? []).indexOf(name);
    const line = (ref: string | undefined) => records.find((r) => r[col('*InvoiceNumber')] === ref) ?? [];
    // Four invoices in the quarter (the voided one too: it was issued) and the credit note of the void.
    expect(records).toHaveLength(5);
    const margin = line(q.deals.cfSold.invoice?.reference);
    expect([
      margin[col('*ContactName')],
      margin[col('*InvoiceDate')],
      margin[col('*DueDate')],
      margin[col('*UnitAmount')],
      margin[col('*TaxType')],
      margin[col('*AccountCode')],
    ]).toEqual(['Margin Buyer', '10/02/2026', '10/02/2026', '6501.00', 'No VAT', '200']);
    expect(line(q.deals.standard.invoice?.reference)[col('*TaxType')]).toBe('20% (VAT on Income)');
    const credit = records.find((r) => /^CN-/.test(r[col('*InvoiceNumber')] ?? '')) ?? [];
    expect([credit[col('Reference')], credit[col('*UnitAmount')], credit[col('*InvoiceDate')]]).toEqual([
      q.deals.voided.invoice?.reference,
      '-2600.00',
      '01/03/2026',
    ]);
  });

  it('Xero sales: a client’s postal address in the PO fields', async () => {
    await vatRegistered();
    const gold = await as('gold');
    const rows = await state.db.query<{ id: number }>(
      `INSERT INTO clients (shop_id, name, email, address_line1, address_line2, town, postcode, country,
                            created_at, updated_at)
       VALUES ($1, 'Ada Collector', 'ada@example.com', '1 High Street', 'Flat 2', 'Bath', 'BA1 1AA',
               'United Kingdom', now(), now()) RETURNING id`,
      [state.fx.shopId],
    );
    const watch = await bought(gold, 'ADDR-1', '2026-01-05', '1000');
    const response = await gold.post('/api/deals/', {
      clientId: rows[0]?.id,
      date: '2026-02-02',
      lines: [{ kind: 'item', itemId: watch, price: '1500' }],
      payments: [{ method: 'Credit Card', amount: '1500' }],
    });
    expect(response.statusCode).toBe(201);
    const [header, line] = parseCsv((await gold.get(`/api/books/exports/?format=xero-sales&${Q1}`)).body);
    const cells = Object.fromEntries((header ?? []).map((name, i) => [name, line?.[i]]));
    expect(cells).toMatchObject({
      '*ContactName': 'Ada Collector',
      EmailAddress: 'ada@example.com',
      POAddressLine1: '1 High Street',
      POAddressLine2: 'Flat 2',
      POCity: 'Bath',
      POPostalCode: 'BA1 1AA',
      POCountry: 'United Kingdom',
      '*UnitAmount': '1500.00',
    });
  });

  it('QuickBooks Online: invoices and credit notes in the documented columns', async () => {
    const q = await quarter();
    const gold = await as('gold');
    const invoices = parseCsv((await gold.get(`/api/books/exports/?format=qbo-invoices&${Q1}`)).body);
    const QBO = [
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Location',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'ItemTaxCode',
      'ItemTaxAmount',
      'Currency',
      'Service Date',
    ];
    expect(invoices[0]).toEqual(QBO);
    expect(invoices).toHaveLength(5);
    const std = invoices.find((r) => r[0] === q.deals.standard.invoice?.reference) ?? [];
    expect([std[1], std[11], std[12], std[13]]).toEqual(['Standard Buyer', '1200.00', '20.0% S', '200.00']);
    const notes = parseCsv((await gold.get(`/api/books/exports/?format=qbo-credit-notes&${Q1}`)).body);
    expect(notes[0]).toEqual(QBO);
    expect(notes).toHaveLength(2);
    expect([notes[1]?.[6], notes[1]?.[11]]).toEqual([
      `Credits ${q.deals.voided.invoice?.reference}`,
      '2600.00',
    ]);
  });

  it('payments: money in from the sales of the quarter, a void out', async () => {
    await quarter();
    const gold = await as('gold');
    const rows = parseCsv((await gold.get(`/api/books/exports/?format=payments&${Q1}`)).body);
    expect(rows[0]).toEqual([
      'Date',
      'Direction',
      'Source',
      'Reference',
      'Contact',
      'Method',
      'Currency',
      'Amount',
      'Exchange rate',
      'Amount (GBP)',
    ]);
    const summary = rows.slice(1).map((r) => [r[0], r[1], r[7]]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['2026-02-01', 'In', '2600.00'],
        ['2026-02-10', 'In', '6501.00'],
        ['2026-02-20', 'In', '3500.00'],
        ['2026-02-25', 'In', '1200.00'],
        ['2026-03-01', 'Out', '2600.00'],
        // The cash paid for the quarter's items added on the item form (their purchase documents).
        ['2026-01-15', 'Out', '4000.00'],
        ['2026-01-20', 'Out', '2000.00'],
        ['2026-01-25', 'Out', '1000.00'],
      ]),
    );
    expect(summary).toHaveLength(8);
    expect((await gold.get(`/api/books/exports/?format=sage&${Q1}`)).statusCode).toBe(400);
  });
});

describe('a buy-in on a purchase document', () => {
  /**
   * Sam Seller (private, identity on file) sells the shop a Rolex on 12/01/2026 for £2,500 by bank transfer,
   * bought through the purchases API as PUR-000001 (with its register check); it is sold on 14/02/2026 for
   * £3,100: margin 600.00, VAT on it 600 / 6 = 100.00. A second piece, PUR-000002 of 13/01/2026 (£900), is voided
   * today, 01/03/2026 (a mistake: it was never bought; its item leaves stock, its payment comes back).
   */
  async function buyIn() {
    await vatRegistered();
    const gold = await as('gold');
    const seller = await create(
      { name: 'Sam Seller', addressLine1: '1 High Street', town: 'Bath', postcode: 'BA1 1AA' },
      gold,
    );
    expect((await uploadKyc(gold, seller)).statusCode).toBe(201);
    const buy = async (day: string, serial: string, price: string) => {
      const response = await gold.post('/api/purchases/', {
        sellerId: seller,
        sellerKind: 'private',
        date: day,
        lines: [
          {
            stockType: 'Watches',
            brand: 'Rolex',
            model: 'Submariner',
            serial,
            description: '2019, full set',
            price,
            registerCheck: {
              provider: 'The Watch Register',
              searchReference: `TWR-${serial}`,
              checkedOn: day,
              result: 'clear',
            },
          },
        ],
        payments: [{ method: 'Bank Transfer', amount: price }],
      });
      if (response.statusCode !== 201) throw new Error(`buy-in ${serial}: ${response.body}`);
      return response.json() as Purchase;
    };
    const first = await buy('2026-01-12', 'BUY-IN-1', '2500');
    const second = await buy('2026-01-13', 'BUY-IN-2', '900');
    const voided = await gold.post(`/api/purchases/${second.id}/void/`, { reason: 'Entered by mistake' });
    expect(voided.statusCode).toBe(200);
    const rolex = first.lines[0]?.itemId as number;
    const mistake = second.lines[0]?.itemId as number;
    const deal = await sold(gold, rolex, '2026-02-14', '3100', 'Next Owner');
    return { gold, rolex, mistake, deal, first, second };
  }

  it('shows the purchase invoice, the seller’s name and address, and the margin in the stock book', async () => {
    const { gold, rolex, mistake, deal, first } = await buyIn();
    const book = (await gold.get(`/api/books/stock-book/?${Q1}`)).json() as StockBookPage;
    const row = byItem(book.results, rolex);
    expect(row).toMatchObject({
      purchaseId: first.id,
      purchaseReference: 'PUR-000001',
      purchaseVoidedOn: null,
      purchasePriceGbp: 2500,
      sellerName: 'Sam Seller',
      carriedForward: false,
    });
    expect(row.sellerAddress.split('\n').slice(0, 3)).toEqual(['1 High Street', 'Bath', 'BA1 1AA']);
    expect(row.stockNumber).toBe(String(first.lines[0]?.stockNumber));
    expect(row.sale).toMatchObject({
      invoiceReference: deal.invoice?.reference,
      priceGbp: 3100,
      buyer: 'Next Owner',
      marginGbp: 600,
      marginVatGbp: 100,
    });
    expect(byItem(book.results, mistake)).toMatchObject({
      purchaseReference: 'PUR-000002',
      purchaseVoidedOn: '2026-03-01',
      sale: null,
    });
    // The quarter's VAT figures hold the one sale: 3,100 sold, 2,500 bought on the purchase, margin 600, VAT 100.
    const vat = (await gold.get(`/api/books/vat/?${Q1}`)).json() as VatFigures;
    expect(vat.figures.slice(0, 4).map((f) => [f.key, f.amountGbp, f.saleIds.length])).toEqual([
      ['marginSales', 3100, 1],
      ['marginPurchases', 2500, 1],
      ['positiveMargins', 600, 1],
      ['marginVat', 100, 1],
    ]);
    const [header, ...records] = parseCsv((await gold.get(`/api/books/stock-book/csv/?${Q1}`)).body);
    const col = (name: string) => (header ?? []).indexOf(name);
    const line = records.find((r) => r[col('Serial')] === 'BUY-IN-2') ?? [];
    expect(line[col('Notes')]).toBe('Purchase PUR-000002 voided on 2026-03-01');
  });

  it('exports the purchase as a Xero bill and a QuickBooks bill, and its payment out', async () => {
    const { gold } = await buyIn();
    const [xeroHeader, ...xero] = parseCsv(
      (await gold.get(`/api/books/exports/?format=xero-bills&${Q1}`)).body,
    );
    expect(xeroHeader).toEqual([
      '*ContactName',
      'EmailAddress',
      'POAddressLine1',
      'POAddressLine2',
      'POAddressLine3',
      'POAddressLine4',
      'POCity',
      'PORegion',
      'POPostalCode',
      'POCountry',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      'InventoryItemCode',
      'Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
      'Currency',
    ]);
    // The voided purchase is no bill.
    expect(xero).toHaveLength(1);
    const bill = Object.fromEntries((xeroHeader ?? []).map((name, i) => [name, xero[0]?.[i]]));
    expect(bill).toMatchObject({
      '*ContactName': 'Sam Seller',
      POAddressLine1: '1 High Street',
      POAddressLine2: 'Bath',
      POAddressLine3: 'BA1 1AA',
      '*InvoiceNumber': 'PUR-000001',
      '*InvoiceDate': '12/01/2026',
      '*UnitAmount': '2500.00',
      '*TaxType': 'No VAT',
      Currency: 'GBP',
    });

    const [qboHeader, ...qbo] = parseCsv((await gold.get(`/api/books/exports/?format=qbo-bills&${Q1}`)).body);
    expect(qboHeader).toEqual([
      'Bill No',
      'Supplier',
      'Bill Date',
      'Due Date',
      'Terms',
      'Location',
      'Memo',
      'Account',
      'Line Description',
      'Line Amount',
      'Line Tax Code',
      'Line Tax Amount',
      'Currency',
    ]);
    expect(qbo.map((r) => [r[0], r[1], r[2], r[9], r[10], r[11]])).toEqual([
      ['PUR-000001', 'Sam Seller', '12/01/2026', '2500.00', 'No VAT', '0.00'],
    ]);

    const payments = parseCsv((await gold.get(`/api/books/exports/?format=payments&${Q1}`)).body)
      .slice(1)
      .filter((r) => r[2] === 'Purchase')
      .map((r) => [r[0], r[1], r[3], r[7]]);
    expect(payments).toEqual([
      ['2026-01-12', 'Out', 'PUR-000001', '2500.00'],
      ['2026-01-13', 'Out', 'PUR-000002', '900.00'],
      // The voided purchase's money back.
      ['2026-03-01', 'In', 'PUR-000002', '900.00'],
    ]);
  });
});

describe('a piece taken in part-exchange', () => {
  /**
   * Pat Exchanger (1 Mill Lane, Bath BA2 2BB) buys a watch bought on 05/01/2026 for £4,000 on 05/02/2026 for
   * £5,000 and hands over a Cartier Tank allowed at £1,800; the £3,200 balance is paid by card. The deal bought
   * the Tank: its stock book row is bought from Pat on 05/02/2026 at £1,800, the purchase reference the deal's
   * invoice (Notice 718's purchase side), and the deal's sale is the watch's: margin 1,000.00, VAT 166.67.
   */
  async function partExchange() {
    await vatRegistered();
    const gold = await as('gold');
    const client = await create(
      { name: 'Pat Exchanger', addressLine1: '1 Mill Lane', town: 'Bath', postcode: 'BA2 2BB' },
      gold,
    );
    const watch = await bought(gold, 'PX-SOLD-1', '2026-01-05', '4000');
    const response = await gold.post('/api/deals/', {
      clientId: client,
      date: '2026-02-05',
      lines: [
        { kind: 'item', itemId: watch, price: '5000' },
        {
          kind: 'part_exchange',
          price: '1800',
          partExchange: { serial: 'PX-TANK-1', stockType: 'Watches', brand: 'Cartier', model: 'Tank' },
        },
      ],
      payments: [{ method: 'Credit Card', amount: '3200' }],
    });
    if (response.statusCode !== 201) throw new Error(`deal: ${response.body}`);
    return { gold, watch, deal: response.json() as Deal };
  }

  it('shows the client as its seller, the deal’s invoice as its purchase reference and the allowance as its price', async () => {
    const { gold, watch, deal } = await partExchange();
    const reference = deal.invoice?.reference;
    expect(reference).toMatch(/^INV-\d{6}$/);
    const book = (await gold.get(`/api/books/stock-book/?${Q1}`)).json() as StockBookPage;
    const tank = book.results.find((r) => r.serial === 'PX-TANK-1');
    expect(tank).toMatchObject({
      purchasedOn: '2026-02-05',
      purchaseId: null,
      purchaseReference: reference,
      purchasePriceGbp: 1800,
      sellerName: 'Pat Exchanger',
      // contracts' postalAddressLines: line 1, town, postcode; no country for the United Kingdom.
      sellerAddress: '1 Mill Lane\nBath\nBA2 2BB',
      purchaseVoidedOn: null,
      carriedForward: false,
      sale: null,
    });
    expect(tank?.description).toContain('Cartier Tank');
    // The watch the deal sold: its sale side, the same invoice.
    expect(byItem(book.results, watch).sale).toMatchObject({
      invoiceReference: reference,
      priceGbp: 5000,
      buyer: 'Pat Exchanger',
      marginGbp: 1000,
      marginVatGbp: 166.67,
    });

    // The CSV carries the same purchase side.
    const [header, ...records] = parseCsv((await gold.get(`/api/books/stock-book/csv/?${Q1}`)).body);
    const col = (name: string) => (header ?? []).indexOf(name);
    const line = records.find((r) => r[col('Serial')] === 'PX-TANK-1') ?? [];
    expect([
      line[col('Purchase date')],
      line[col('Purchase invoice')],
      line[col('Purchase price (GBP)')],
      line[col('Seller')],
      line[col('Seller address')],
    ]).toEqual([
      '2026-02-05',
      reference,
      '1800.00',
      'Pat Exchanger',
      expect.stringMatching(/^1 Mill Lane\W+Bath\W+BA2 2BB$/),
    ]);
  });

  it('a voided deal gave the piece back: its purchase side shows the day it was voided', async () => {
    const { gold, deal } = await partExchange();
    const voided = await gold.post(`/api/deals/${deal.id}/void/`, { reason: 'Changed mind' });
    expect(voided.statusCode).toBe(200);
    const book = (await gold.get(`/api/books/stock-book/?${Q1}`)).json() as StockBookPage;
    expect(book.results.find((r) => r.serial === 'PX-TANK-1')).toMatchObject({
      purchaseReference: deal.invoice?.reference,
      purchasePriceGbp: 1800,
      sellerName: 'Pat Exchanger',
      // Today, the clock's 01/03/2026: the day of the credit note.
      purchaseVoidedOn: '2026-03-01',
    });
  });
});

describe('the VAT quarters of the shop’s stagger', () => {
  // HMRC's staggers (VAT Notice 700/12): on 01/03/2026 the quarter of stagger 1 is January–March, of stagger 2
  // February–April, of stagger 3 March–May.
  it('follow "VAT quarters end in": the default period of the stock book and the VAT figures', async () => {
    const owner = await as('platinum');
    const gold = await as('gold');
    const period = async (path: string) => {
      const body = (await gold.get(`/api/books/${path}`)).json() as { from: string; to: string };
      return [body.from, body.to];
    };
    expect(await period('stock-book/')).toEqual(['2026-01-01', '2026-03-31']);

    const saved = await owner.put('/api/shop/settings/', { vatStagger: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ vatStagger: 2 });
    expect(await period('stock-book/')).toEqual(['2026-02-01', '2026-04-30']);
    expect(await period('vat/')).toEqual(['2026-02-01', '2026-04-30']);
    // One end given: the other is its quarter's, on the stagger (stagger 2's November–January).
    expect(await period('stock-book/?date_from=2026-01-10')).toEqual(['2026-01-10', '2026-01-31']);
    expect(await period('vat/?date_to=2025-12-24')).toEqual(['2025-11-01', '2025-12-24']);

    expect((await owner.put('/api/shop/settings/', { vatStagger: 3 })).statusCode).toBe(200);
    expect(await period('stock-book/')).toEqual(['2026-03-01', '2026-05-31']);
    // The CSV's file name follows the period.
    expect((await gold.get('/api/books/stock-book/csv/')).headers['content-disposition']).toBe(
      'attachment; filename="loupe-stock-book-2026-03-01-2026-05-31.csv"',
    );
  });

  it('is one of the three staggers, set by the owner only', async () => {
    const owner = await as('platinum');
    for (const wrong of [0, 4]) {
      const response = await owner.put('/api/shop/settings/', { vatStagger: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ vatStagger: [INVALID_VAT_STAGGER] });
    }
    expect((await (await as('gold')).put('/api/shop/settings/', { vatStagger: 2 })).statusCode).toBe(403);
    expect(((await owner.get('/api/shop/settings/')).json() as { vatStagger: number }).vatStagger).toBe(1);
  });
});
