import type { WantList, WantMatchEmail, WantMatchList } from '@loupe/contracts';
import { apiTestbed } from '../../helper';

// The demo's wanted list (issue 24 item 5), as a fresh start seeds it on 1 March 2026: a client's want with an
// open match to a watch in stock, for the dashboard's card, and a want nothing in stock meets yet.
const { as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo wanted list', () => {
  it('has an open match of a client\u2019s want with an available watch, its e-mail ready to send', async () => {
    const gold = await as('gold');
    const open = (await gold.get('/api/wants/matches/')).json() as WantMatchList;
    expect(open.count).toBe(1);
    const [match] = open.results;
    expect(match).toMatchObject({ status: 'open', itemStatus: 'available', reason: 'want_saved' });
    expect(match!.clientEmail).not.toBe('');
    expect(match!.price).not.toBeNull();

    const wants = (await gold.get(`/api/clients/${match!.clientId}/wants/`)).json() as WantList;
    expect(wants.results.map((w) => [w.summary, w.openMatches])).toEqual([
      ['Patek Philippe Nautilus, 2015 or later, Excellent or better, up to £90,000.00', 0],
      [match!.wantSummary, 1],
    ]);

    const draft = (await gold.get(`/api/wants/matches/${match!.id}/email/`)).json() as WantMatchEmail;
    expect(draft.problem).toBeNull();
    expect(draft.subject).toBe(
      `The ${[match!.brand, match!.model, match!.referenceNumber].filter(Boolean).join(' ')} you were looking for`,
    );
    // The demo storefront lists the watch: the e-mail links to its page.
    expect(draft.storefrontUrl).toMatch(new RegExp(`/store/[a-z0-9-]+/items/${match!.itemId}-`));
  });
});
