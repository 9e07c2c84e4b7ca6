import type { Invoice } from '@loupe/contracts';
import { apiTestbed } from '../../helper';

// The demo as a fresh start seeds it (the whole seed, every domain), read through the API.
const { state, as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file' });

it('the demo shop has its details and an invoice for every sale, a credit note for every void, gap-free', async () => {
  const browser = await as('gold');
  const settings = (await browser.get('/api/shop/settings/')).json();
  expect(settings).toMatchObject({ legalName: 'Loupe Demo Ltd', vatNumber: 'GB999999973' });

  // Every sale is a deal (issue 20): one invoice per deal sold, however many lines it has, and one credit note
  // per deal voided (a reversal keeps its deal).
  const sales = await state.db.query<{
    originals: number;
    reversals: number;
    documents: number;
    voids: number;
  }>(
    `SELECT count(*) FILTER (WHERE reversal_of IS NULL)::int AS originals,
            count(*) FILTER (WHERE reversal_of IS NOT NULL)::int AS reversals,
            count(DISTINCT deal_id) FILTER (WHERE reversal_of IS NULL)::int AS documents,
            count(DISTINCT deal_id) FILTER (WHERE reversal_of IS NOT NULL)::int AS voids
       FROM sales`,
  );
  const { originals, reversals, documents, voids } = sales[0] as {
    originals: number;
    reversals: number;
    documents: number;
    voids: number;
  };
  expect(originals).toBeGreaterThan(10);
  expect(reversals).toBeGreaterThanOrEqual(1);
  expect(documents).toBeLessThan(originals); // the demo's deal of several lines has one invoice
  const numbers = async (kind: string) =>
    (
      await state.db.query<{ number: number }>(
        'SELECT number FROM invoices WHERE kind = $1 ORDER BY number',
        [kind],
      )
    ).map((r) => r.number);
  expect(await numbers('invoice')).toEqual(Array.from({ length: documents }, (_, i) => i + 1));
  expect(await numbers('credit_note')).toEqual(Array.from({ length: voids }, (_, i) => i + 1));
  const uncovered = await state.db.query(
    `SELECT s.id FROM sales s
      WHERE NOT EXISTS (SELECT 1 FROM invoices inv
                         WHERE inv.sale_id = s.id
                            OR (inv.deal_id = s.deal_id
                                AND inv.kind = CASE WHEN s.reversal_of IS NULL THEN 'invoice' ELSE 'credit_note' END))`,
  );
  expect(uncovered).toEqual([]);

  // Numbered in the order the sales happened.
  const list: Invoice[] = (await browser.get('/api/invoices/?kind=invoice&page_size=100')).json().results;
  const byNumber = [...list].sort((a, b) => a.number - b.number).map((i) => i.issueDate);
  expect(byNumber).toEqual([...byNumber].sort());
  expect(list[0]?.seller.legalName).toBe('Loupe Demo Ltd');

  // The README's promise: the demo has credit notes. Its voided quick sale ("Rung up twice") has one, which
  // cancels its invoice, as the API lists them.
  expect(voids).toBeGreaterThanOrEqual(1);
  const notes: Invoice[] = (await browser.get('/api/invoices/?kind=credit_note')).json().results;
  expect(notes.length).toBeGreaterThanOrEqual(1);
  const note = notes.find((n) => n.lines.some((l) => l.description === 'Pressure test'));
  expect(note).toMatchObject({ kind: 'credit_note', reference: 'CN-000001', total: -30 });
  const credited: Invoice = (await browser.get(`/api/invoices/${note?.creditsInvoice?.id}/`)).json();
  expect(credited).toMatchObject({ status: 'credited', total: 30 });
  expect(credited.creditNote?.reference).toBe(note?.reference);
});
