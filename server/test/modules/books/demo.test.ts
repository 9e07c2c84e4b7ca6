import type { StockBookPage, VatFigures } from '@loupe/contracts';
import { apiTestbed } from '../../helper';
import { keep, parsePdf } from '../documents/pdf-support';

// The books of the demo quarter (1 January – 31 March 2026, the demo being seeded on 1 March), checked against a
// computation of their own from the raw sales: the figures the API sums from the sales module's stored VAT must
// equal what each sale's price and cost give by Notice 718's rule, sale by sale.
const { state, as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });
const Q1 = 'date_from=2026-01-01&date_to=2026-03-31';

interface RawSale {
  id: string;
  amount_gbp: string;
  cost_gbp: string | null;
  treatment: string;
}

/** Pence, exactly, from a numeric(14,2) text. */
const pence = (text: string | null) => {
  if (text === null) return 0;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};
/** round(max(x, 0) / 6) in pence, halves away from zero (PostgreSQL's numeric round): the VAT within x at 20%. */
const sixth = (x: number) => (x <= 0 ? 0 : Math.floor((x * 2 + 6) / 12));

describe('the demo quarter’s books', () => {
  it('has VAT figures that agree with each sale’s price and cost, sale by sale', async () => {
    const gold = await as('gold');
    const vat = (await gold.get(`/api/books/vat/?${Q1}`)).json() as VatFigures;
    // The raw sales of the quarter, not voided, with the treatment their invoice line says.
    const raw = await state.db.query<RawSale>(
      `SELECT s.id::text AS id, s.amount_gbp::text AS amount_gbp, s.cost_gbp::text AS cost_gbp,
              coalesce(l.vat_treatment, i.vat_treatment) AS treatment
         FROM sales s
         LEFT JOIN deal_lines l ON l.sale_id = s.id
         LEFT JOIN invoices i ON i.sale_id = s.id AND i.kind = 'invoice' AND s.deal_id IS NULL
        WHERE s.reversal_of IS NULL AND NOT EXISTS (SELECT 1 FROM sales r WHERE r.reversal_of = s.id)
          AND s.sale_date BETWEEN '2026-01-01' AND '2026-03-31'`,
    );
    expect(raw.length).toBeGreaterThan(0);
    expect(vat.rows.map((r) => r.saleId).sort((a, b) => a - b)).toEqual(
      raw.map((r) => Number(r.id)).sort((a, b) => a - b),
    );
    const margin = raw.filter((r) => r.treatment === 'margin');
    const standard = raw.filter((r) => r.treatment === 'standard');
    const sum = (rows: RawSale[], f: (r: RawSale) => number) => rows.reduce((t, r) => t + f(r), 0) / 100;
    const figure = Object.fromEntries(vat.figures.map((f) => [f.key, f.amountGbp]));
    expect(figure.marginSales).toBe(sum(margin, (r) => pence(r.amount_gbp)));
    expect(figure.marginPurchases).toBe(sum(margin, (r) => pence(r.cost_gbp)));
    expect(figure.positiveMargins).toBe(
      sum(margin, (r) => Math.max(pence(r.amount_gbp) - pence(r.cost_gbp), 0)),
    );
    expect(figure.marginVat).toBe(sum(margin, (r) => sixth(pence(r.amount_gbp) - pence(r.cost_gbp))));
    expect(figure.standardSales).toBe(sum(standard, (r) => pence(r.amount_gbp)));
    expect(figure.standardVat).toBe(sum(standard, (r) => sixth(pence(r.amount_gbp))));
  });

  it('has a stock book whose sold rows are the quarter’s item sales and whose other rows are in stock', async () => {
    const gold = await as('gold');
    const book = (await gold.get(`/api/books/stock-book/?${Q1}&page_size=100`)).json() as StockBookPage;
    expect(book.count).toBe(book.results.length);
    const vat = (await gold.get(`/api/books/vat/?${Q1}`)).json() as VatFigures;
    const itemSales = vat.rows.filter((r) => r.itemId !== null);
    expect(
      book.results
        .filter((r) => r.sale !== null)
        .map((r) => r.sale?.saleId)
        .sort(),
    ).toEqual(itemSales.map((r) => r.saleId).sort());
    for (const row of book.results) {
      if (row.sale === null) expect(row.status).not.toBe('sold');
      else expect(row.sale.date >= '2026-01-01' && row.sale.date <= '2026-03-31').toBe(true);
      if (row.carriedForward) expect(row.purchasedOn < '2026-01-01').toBe(true);
      else expect(row.purchasedOn >= '2026-01-01').toBe(true);
    }
  });

  it('prints the quarter’s stock book with its VAT figures (docs/samples/stock-book.png is its first page)', async () => {
    const gold = await as('gold');
    const response = await gold.get(`/api/books/stock-book/pdf/?${Q1}`);
    expect(response.statusCode).toBe(200);
    keep('demo-stock-book.pdf', response.rawPayload);
    const pdf = await parsePdf(response.rawPayload);
    const vat = (await gold.get(`/api/books/vat/?${Q1}`)).json() as VatFigures;
    const marginVat = vat.figures.find((f) => f.key === 'marginVat')?.amountGbp ?? 0;
    expect(pdf.pages[0]).toContain(
      `Output VAT on margins: £${marginVat.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    );
    expect(pdf.pages[pdf.pages.length - 1]).toContain(`Page ${pdf.pages.length} of ${pdf.pages.length}`);
    // Thirteen narrow columns: each sold row prints its buyer's name with its words whole, never broken inside
    // one ("Eleanor W hitcombe", as an 8 pt gutter printed it).
    const book = (await gold.get(`/api/books/stock-book/?${Q1}&page_size=100`)).json() as StockBookPage;
    const buyers = [...new Set(book.results.map((r) => r.sale?.buyer ?? '').filter((b) => b !== ''))];
    expect(buyers.length).toBeGreaterThan(0);
    const text = pdf.pages.join(' ').replace(/\s+/g, ' ');
    const broken = (name: string) =>
      name
        .split(' ')
        .flatMap((word, i, words) =>
          Array.from({ length: word.length - 1 }, (_, k) =>
            [
              ...words.slice(0, i),
              `${word.slice(0, k + 1)} ${word.slice(k + 1)}`,
              ...words.slice(i + 1),
            ].join(' '),
          ),
        );
    expect(buyers.flatMap((b) => broken(b).filter((variant) => text.includes(variant)))).toEqual([]);
    for (const buyer of buyers) expect(text).toContain(buyer);
  });
});
