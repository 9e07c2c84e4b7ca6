import type { AmlEventList, Client } from '@loupe/contracts';
import { Browser, apiTestbed } from '../../helper';

/** The demo shop's due diligence and AML report, as a fresh start seeds them, read through the API. */
describe('compliance demo data', () => {
  const { state } = apiTestbed({ per: 'file', demo: new Date('2026-03-01T09:00:00Z') });

  it('has a client with complete due diligence, verified by platinum, and a flagged cash payment of theirs', async () => {
    const browser = new Browser(state.app);
    await browser.signIn('platinum', 'loupe-demo-2026');
    const report = (await browser.get('/api/compliance/aml/')).json() as AmlEventList;
    expect(report.count).toBe(1);
    const [event] = report.results;
    expect(event).toMatchObject({
      outcome: 'flagged',
      kind: 'payment',
      amount: 9350,
      currency: 'GBP',
      amountEur: 11000,
      missing: [],
      date: '2026-02-17',
      createdBy: 'gold',
    });
    const client = (await browser.get(`/api/clients/${event?.clientId}/`)).json() as Client;
    expect(client.name).toBe(event?.clientName);
    expect(client.cdd).toEqual({ verifiedBy: 'platinum', verifiedOn: '2026-01-30', complete: true });
    const history = (await browser.get(`/api/clients/${client.id}/history/`)).json() as {
      results: Array<{ action: string }>;
    };
    expect(history.results.map((e) => e.action)).toEqual(
      expect.arrayContaining(['verify', 'ledger_entry', 'aml_flagged']),
    );
  });
});
