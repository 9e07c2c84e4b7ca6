import type { Purchase } from '@loupe/contracts';
import { apiTestbed } from '../../helper';
import { parsePdf } from '../documents/pdf-support';

// The demo's buy-ins (issue 22), as a fresh start seeds them on 1 March 2026: made through the purchases service,
// so each passed its due diligence and took its numbers.
const { state, as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo buy-ins', () => {
  it('are numbered purchases with register checks, stock numbers and the sellers’ addresses', async () => {
    const gold = await as('gold');
    const list = (await gold.get('/api/purchases/?source=buy_in')).json() as {
      count: number;
      results: Purchase[];
    };
    expect(list.count).toBe(3);
    // Numbered after the demo stock's own purchase documents (Add Item's, seeded first).
    const formPurchases = (await gold.get('/api/purchases/?source=item_form')).json() as {
      count: number;
    };
    expect(formPurchases.count).toBeGreaterThan(40);
    const ref = (n: number) => `PUR-${String(formPurchases.count + n).padStart(6, '0')}`;
    expect(list.results.map((p) => [p.reference, p.date, p.sellerKind, p.totalGbp, p.outstanding])).toEqual([
      [ref(3), '2026-02-26', 'private', 4100, []],
      [ref(2), '2026-02-18', 'trade', 8300, []],
      [ref(1), '2026-02-05', 'private', 11850, []],
    ]);
    for (const purchase of list.results) {
      expect(purchase.sellerAddress.length).toBeGreaterThan(0);
      for (const line of purchase.lines) {
        if (line.stockType === 'Watches') {
          expect(line.registerCheck).toMatchObject({
            provider: 'The Watch Register',
            result: 'clear',
            checkedOn: purchase.date,
          });
        }
      }
    }
    // Each piece got the next stock number of the shop, in the order they were bought.
    const numbers = [...list.results].reverse().flatMap((p) => p.lines.map((l) => l.stockNumber));
    const max = await state.db.query<{ n: number }>('SELECT max(stock_number)::int AS n FROM items');
    expect(numbers).toEqual([0, 1, 2, 3, 4].map((i) => (max[0]?.n ?? 0) - 4 + i));
    // The items are in stock at the prices paid.
    const items = await state.db.query<{ status: string; cost: string }>(
      'SELECT status, purchase_price::text AS cost FROM items WHERE serial LIKE $1 ORDER BY stock_number',
      ['BUY-%'],
    );
    expect(items).toEqual([
      { status: 'available', cost: '8200.00' },
      { status: 'available', cost: '3650.00' },
      { status: 'available', cost: '5400.00' },
      { status: 'available', cost: '2900.00' },
      { status: 'available', cost: '4100.00' },
    ]);

    const first = list.results[2] as Purchase;
    const pdf = await gold.get(`/api/purchases/${first.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    const text = (await parsePdf(pdf.rawPayload)).pages.join(' ');
    expect(text).toContain(first.sellerName);
    expect(text).toContain(first.sellerAddress[0] as string);
    expect(text).toContain('Loupe Fine Watches');
  });
});
