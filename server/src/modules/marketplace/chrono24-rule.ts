import { CHRONO24_REPORT_DAYS, feedProblems } from '@loupe/contracts';
import type { DealItemsEvent, SalesRepos } from '../sales';
import type { MarketplaceRepos } from './deps';

/*
 * CHRONO24'S 7-DAY RULE (issue 24 item 4). Chrono24 imports a dealer's listings once a day and never syncs
 * back; a watch that sells elsewhere while listed there must be reported to Chrono24 within 7 days of the sale,
 * or Chrono24 charges its commission as if it had sold there. So: when a deal not made through Chrono24 takes a
 * watch that was in the shop's Chrono24 feed at that moment — the storefront on, the Chrono24 feed published (a
 * token made), the item on the storefront and passing feedProblems('chrono24') — a report is due on the sale's
 * day + CHRONO24_REPORT_DAYS, until staff mark it done (audited).
 *
 * It runs inside the deal's transaction (the sales module's onDealItems), under the items' row locks and BEFORE
 * their status changes: after the commit the item has left storefront_offers, so "was it in the feed?" could no
 * longer be answered. The report commits with the sale or not at all. A reservation's report waits (pending)
 * until the deal completes; a voided deal or a cancelled reservation closes it.
 */

/** YYYY-MM-DD plus days, in the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function marketplaceOf(repos: SalesRepos): MarketplaceRepos['marketplace'] {
  const market = (repos as SalesRepos & Partial<MarketplaceRepos>).marketplace;
  if (!market) throw new Error("the deal's transaction has no marketplace repository (repositories.ts)");
  return market;
}

export async function applyChrono24Rule(repos: SalesRepos, event: DealItemsEvent): Promise<void> {
  const market = marketplaceOf(repos);
  if (event.kind === 'release') {
    await market.closeReports(event.dealId, event.itemIds, event.reason ?? 'voided', event.at);
    return;
  }
  if (event.kind === 'complete') {
    await market.saleMade(event.dealId, event.date, addDays(event.date, CHRONO24_REPORT_DAYS));
    return;
  }
  // 'take'
  if (event.channel === 'chrono24') return;
  const storefront = await market.storefrontOf(event.shopId);
  if (!storefront?.enabled) return;
  if (!(await market.channel(event.shopId, 'chrono24'))) return;
  const inFeed = (await market.offersOf(event.shopId, event.itemIds)).filter(
    (offer) => feedProblems('chrono24', offer).length === 0,
  );
  for (const offer of inFeed) {
    await market.insertReport({
      shopId: event.shopId,
      dealId: event.dealId,
      itemId: offer.itemId,
      saleDate: event.completed ? event.date : null,
      dueOn: event.completed ? addDays(event.date, CHRONO24_REPORT_DAYS) : null,
      at: event.at,
    });
  }
}
