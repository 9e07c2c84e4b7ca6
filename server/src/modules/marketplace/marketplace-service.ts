import {
  FEED_CHANNELS,
  FEED_CHANNEL_LABELS,
  feedProblems,
  isFeedChannel,
  type FeedChannel,
  type MarketplaceChannel,
  type MarketplaceChannelItem,
  type MarketplaceChannelItemQuery,
  type MarketplaceItem,
  type SaleReport,
  type SaleReportQuery,
} from '@loupe/contracts';
import { conflict, notFound } from '../../kernel/http-errors';
import { requireAction, type ShopCaller } from '../../kernel/shop-scope';
import { pageOf, pagingOf } from '../../kernel/validation';
import { storefrontBase } from '../storefront';
import type { MarketplaceContext } from './deps';
import { feedToken, newTokenNonce } from './feed-tokens';
import type { ChannelRow, OfferRow, StorefrontOfShop } from './marketplace-repository';

/** 403: the feeds' secret addresses are for those who manage the channels (platinum, gold). */
export const CHANNELS_NOT_ALLOWED = 'Only the owner or a manager can manage the marketplace feeds.';
/** 409 on a report already marked done. */
export const REPORT_ALREADY_DONE = 'This sale has already been marked as reported to Chrono24.';
/** 409 on a report of a voided deal or a cancelled reservation. */
export const REPORT_CLOSED = 'This sale was voided or cancelled: there is nothing to report.';
/** 409 on a report of a reservation not yet completed. */
export const REPORT_NOT_DUE = 'This watch is reserved, not yet sold: report it once the sale is completed.';

/** The channel's path under the storefront: /store/{slug}/feeds/{channel}/{token}.xml. */
export function feedUrl(
  ctx: Pick<MarketplaceContext, 'config'>,
  storefront: StorefrontOfShop,
  channel: FeedChannel,
  nonce: string,
): string {
  const token = feedToken(ctx.config, storefront.shopId, channel, nonce);
  return `${storefrontBase(ctx.config, storefront.slug)}/feeds/${channel}/${token}.xml`;
}

/**
 * The marketplace's staff side (issue 24 items 3-4): the shop's feeds with their secret addresses and what is in
 * them, an item's place in each, and the Chrono24 sale reports. The rules are contracts' feedProblems.
 */
export class MarketplaceService {
  constructor(private readonly ctx: MarketplaceContext) {}

  /** Each channel's row, made on first sight (a fresh token per shop and channel). */
  private async channelRows(shopId: number): Promise<Map<FeedChannel, ChannelRow>> {
    const { marketplace } = this.ctx.repos;
    let rows = await marketplace.channels(shopId);
    if (rows.length < FEED_CHANNELS.length) {
      const at = this.ctx.now();
      for (const channel of FEED_CHANNELS)
        await marketplace.ensureChannel(shopId, channel, newTokenNonce(), at);
      rows = await marketplace.channels(shopId);
    }
    return new Map(rows.map((r) => [r.channel, r]));
  }

  private channelOf(
    storefront: StorefrontOfShop | null,
    row: ChannelRow,
    offers: readonly OfferRow[],
  ): MarketplaceChannel {
    const included = offers.filter((o) => feedProblems(row.channel, o).length === 0).length;
    return {
      channel: row.channel,
      label: FEED_CHANNEL_LABELS[row.channel],
      feedUrl: storefront ? feedUrl(this.ctx, storefront, row.channel, row.nonce) : null,
      live: storefront?.enabled ?? false,
      rotatedAt: row.rotatedAt.toISOString(),
      included,
      excluded: offers.length - included,
    };
  }

  async channels(caller: ShopCaller): Promise<{ results: MarketplaceChannel[]; count: number }> {
    requireAction(caller, 'manageChannels', CHANNELS_NOT_ALLOWED);
    const { marketplace } = this.ctx.repos;
    const rows = await this.channelRows(caller.shopId);
    const storefront = await marketplace.storefrontOf(caller.shopId);
    const offers = await marketplace.offers(caller.shopId);
    const results = FEED_CHANNELS.map((c) => this.channelOf(storefront, rows.get(c) as ChannelRow, offers));
    return { results, count: results.length };
  }

  /** A new token: the old address answers 404 from this moment, on every instance (audited). */
  async rotate(caller: ShopCaller, channelName: string): Promise<MarketplaceChannel> {
    requireAction(caller, 'manageChannels', CHANNELS_NOT_ALLOWED);
    if (!isFeedChannel(channelName)) throw notFound();
    const channel = channelName;
    const { shopId, userId } = caller;
    const at = this.ctx.now();
    await this.ctx.transaction(async (repos) => {
      const id = await repos.marketplace.rotate(shopId, channel, newTokenNonce(), userId, at);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'feed_channel',
        entityId: id,
        action: 'rotate_token',
        recordName: `${FEED_CHANNEL_LABELS[channel]} feed`,
        after: { channel },
        at,
      });
    });
    const { marketplace } = this.ctx.repos;
    const row = (await marketplace.channel(shopId, channel)) as ChannelRow;
    return this.channelOf(await marketplace.storefrontOf(shopId), row, await marketplace.offers(shopId));
  }

  /** The items on the storefront with their place in the channel's feed: those kept out first. */
  async channelItems(
    caller: ShopCaller,
    channelName: string,
    query: MarketplaceChannelItemQuery,
  ): Promise<{ results: MarketplaceChannelItem[]; count: number }> {
    requireAction(caller, 'manageChannels', CHANNELS_NOT_ALLOWED);
    if (!isFeedChannel(channelName)) throw notFound();
    const offers = await this.ctx.repos.marketplace.offers(caller.shopId);
    const all = offers.map((o): MarketplaceChannelItem => {
      const problems = feedProblems(channelName, o);
      return {
        itemId: o.itemId,
        stockNumber: o.stockNumber,
        serial: o.serial,
        brand: o.brand,
        model: o.model,
        referenceNumber: o.referenceNumber,
        included: problems.length === 0,
        problems,
      };
    });
    const rows = [
      ...all.filter((r) => !r.included),
      ...(query.excluded ? [] : all.filter((r) => r.included)),
    ];
    return pageOf(pagingOf(query), rows.length, async (limit, offset) => rows.slice(offset, offset + limit));
  }

  /** An item's place in each feed, for its page (every member). */
  async item(caller: ShopCaller, itemId: number): Promise<MarketplaceItem> {
    const { marketplace } = this.ctx.repos;
    if (!(await marketplace.hasItem(caller.shopId, itemId))) throw notFound();
    const [offer] = await marketplace.offersOf(caller.shopId, [itemId]);
    const storefront = await marketplace.storefrontOf(caller.shopId);
    const published = new Set((await marketplace.channels(caller.shopId)).map((c) => c.channel));
    return {
      itemId,
      online: offer !== undefined && (storefront?.enabled ?? false),
      channels: FEED_CHANNELS.map((channel) => {
        const problems = offer ? feedProblems(channel, offer) : [];
        return {
          channel,
          label: FEED_CHANNEL_LABELS[channel],
          included:
            offer !== undefined &&
            (storefront?.enabled ?? false) &&
            published.has(channel) &&
            problems.length === 0,
          problems,
        };
      }),
    };
  }

  async saleReports(
    caller: ShopCaller,
    query: SaleReportQuery,
  ): Promise<{ results: SaleReport[]; count: number }> {
    const { marketplace } = this.ctx.repos;
    const status = query.status ?? 'open';
    const today = await marketplace.today(caller.shopId, this.ctx.now());
    const count = await marketplace.countReports(caller.shopId, status);
    return pageOf(pagingOf(query), count, (limit, offset) =>
      marketplace.reports(caller.shopId, status, today, limit, offset),
    );
  }

  /** Marks a sale as reported to Chrono24 (every member; audited). */
  async markDone(caller: ShopCaller, id: number): Promise<SaleReport> {
    const { shopId, userId } = caller;
    const at = this.ctx.now();
    const today = await this.ctx.repos.marketplace.today(shopId, at);
    return this.ctx.transaction(async (repos) => {
      const report = await repos.marketplace.report(shopId, id, today, true);
      if (!report) throw notFound();
      if (report.status === 'done') throw conflict(REPORT_ALREADY_DONE);
      if (report.status === 'closed') throw conflict(REPORT_CLOSED);
      if (report.status === 'pending') throw conflict(REPORT_NOT_DUE);
      await repos.marketplace.markDone(id, userId, at);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'sale_report',
        entityId: id,
        action: 'report_done',
        recordName: `Deal ${report.dealReference}`,
        before: { status: 'open', dueOn: report.dueOn },
        after: { status: 'done', dealId: report.dealId, itemId: report.itemId, dueOn: report.dueOn },
        at,
        itemId: report.itemId,
      });
      return (await repos.marketplace.report(shopId, id, today)) as SaleReport;
    });
  }
}
