import type { Deal, MarketplaceChannel, SaleReport } from '@loupe/contracts';
import { apiTestbed } from '../../helper';
import { parseFeed } from './setup';

// The demo shop's marketplace (issue 24 items 3-4), as a fresh start seeds it on 1 March 2026: both feeds
// published, and a watch of the Chrono24 feed sold in the shop, so the dashboard has a Chrono24 report to make.
const { as } = apiTestbed({ demo: new Date('2026-03-01T09:00:00Z'), per: 'file', clock: true });

describe('the demo marketplace', () => {
  it('has an open Chrono24 report for a watch of the feed sold in the shop, and live feeds without it', async () => {
    const silver = await as('silver');
    const reports = (await silver.get('/api/marketplace/sale-reports/')).json() as {
      results: SaleReport[];
      count: number;
    };
    expect(reports.count).toBe(1);
    const [report] = reports.results;
    expect(report).toMatchObject({
      dealChannel: 'shop',
      saleDate: '2026-03-01',
      dueOn: '2026-03-08',
      status: 'open',
      overdue: false,
    });
    const deal = (await silver.get(`/api/deals/${report?.dealId}/`)).json() as Deal;
    expect(deal).toMatchObject({ status: 'completed', channel: 'shop', buyerName: 'Marcus Bell' });

    const gold = await as('gold');
    const channels = (await gold.get('/api/marketplace/channels/')).json() as {
      results: MarketplaceChannel[];
    };
    expect(channels.results.map((c) => [c.channel, c.live])).toEqual([
      ['chrono24', true],
      ['google', true],
    ]);
    for (const channel of channels.results) {
      const url = new URL(channel.feedUrl as string);
      const feed = await gold.get(url.pathname);
      expect(feed.statusCode).toBe(200);
      parseFeed(feed.body);
      expect(feed.body).not.toContain(`<id>${report?.itemId}</id>`);
      expect(feed.body).not.toContain(`<g:id>${report?.itemId}</g:id>`);
    }
  });
});
