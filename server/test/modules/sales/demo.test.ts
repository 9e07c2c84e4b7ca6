import type { Deal } from '@loupe/contracts';
import { apiTestbed } from '../../helper';

// The demo as a fresh start seeds it (every domain), read through the API on the demo's day (the clock's start).
const { state, as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo deals (issue 20)', () => {
  it('has a completed deal of two watches, a strap and a part-exchange, paid in cash and by card, with its invoice', async () => {
    const browser = await as('gold');
    const completed: Deal[] = (await browser.get('/api/deals/?status=completed&page_size=100')).json()
      .results;
    const deal = completed.find((d) => d.lines.length > 1) as Deal;
    expect(deal).toBeDefined();
    expect(deal.lines.map((l) => l.kind).sort()).toEqual(['item', 'item', 'other', 'part_exchange']);
    expect(deal.lines.find((l) => l.kind === 'part_exchange')?.serial).toBe('PX-TUD-79230');
    expect(deal.payments.map((p) => p.method).sort()).toEqual(['Cash', 'Credit Card']);
    expect(deal.totals.balanceGbp).toBe(0);
    expect(deal.date).toBe('2026-02-23');
    expect(deal.invoice?.reference).toMatch(/^INV-\d{6}$/);
    const invoice = await state.db.query<{
      vat_treatment: string;
      issue_date: string;
      part_exchange_gbp: string;
    }>(
      `SELECT vat_treatment, issue_date::text AS issue_date, part_exchange_gbp::text AS part_exchange_gbp
         FROM invoices WHERE deal_id = $1 AND kind = 'invoice'`,
      [deal.id],
    );
    expect(invoice).toEqual([
      { vat_treatment: 'mixed', issue_date: '2026-02-23', part_exchange_gbp: '3200.00' },
    ]);
    // The part-exchanged Tudor is in stock, bought from the client at its allowance.
    const px = (await browser.get('/api/items/?search=PX-TUD-79230')).json().results[0];
    expect(px).toMatchObject({ status: 'available', purchasePrice: 3200 });
  });

  it('has two layaways, one past its collect-by day (the Overdue layaways card) and one not yet due', async () => {
    const browser = await as('silver');
    const reserved: Deal[] = (await browser.get('/api/deals/?status=reserved')).json().results;
    expect(reserved).toHaveLength(2);
    const overdue: Deal[] = (await browser.get('/api/deals/?overdue=true')).json().results;
    expect(overdue.map((d) => [d.collectBy, d.overdue])).toEqual([['2026-02-24', true]]);
    expect(overdue[0]?.payments.map((p) => p.kind)).toEqual(['deposit', 'instalment']);
    const due = reserved.find((d) => !d.overdue) as Deal;
    expect(due.collectBy).toBe('2026-03-22');
    for (const deal of reserved) {
      expect(deal.totals.paidGbp).toBeGreaterThan(0);
      expect(deal.totals.balanceGbp).toBeGreaterThan(0);
      expect(deal.invoice).toBeNull();
      const item = (await browser.get(`/api/items/${deal.lines[0]?.itemId}/`)).json();
      expect(item.status).toBe('reserved');
    }
  });
});
