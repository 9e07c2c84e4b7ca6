import type { EnquiryDetail, EnquiryList } from '@loupe/contracts';
import { apiTestbed } from '../../helper';

// The demo's website enquiry (issue 24 item 2), as a fresh start seeds it on 1 March 2026: one new enquiry about a
// watch that is on the demo storefront, for the dashboard's card.
const { as, state } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo enquiry', () => {
  it('is new, two hours old, about a watch listed online, from someone who is not yet a client', async () => {
    const silver = await as('silver');
    const list = (await silver.get('/api/enquiries/')).json<EnquiryList>();
    expect(list.counts.new).toBe(1);
    const [row] = list.results;
    expect(row).toMatchObject({
      status: 'new',
      name: 'Harriet Quinn',
      createdAt: '2026-03-01T07:00:00.000Z',
    });
    expect(row!.item.online).toBe(true);
    const detail = (await silver.get(`/api/enquiries/${row!.id}/`)).json<EnquiryDetail>();
    expect(detail.matchedClient).toBeNull();
    expect(detail.message).toContain('part exchange');
    const [shop] = await state.db.query<{ slug: string; enabled: boolean }>(
      'SELECT slug, enabled FROM storefront_shops',
    );
    expect(shop?.enabled).toBe(true);
  });
});
