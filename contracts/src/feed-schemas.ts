import { Type, type Static } from '@sinclair/typebox';
import { Choice, DateString, ListOf, Nullable, PagingQuery } from './common';
import { DEAL_CHANNELS, FEED_CHANNELS, SALE_REPORT_STATUSES } from './feeds';

/*
 * The marketplace API (issue 24 items 3 and 4; endpoints.marketplace). The rules are in feeds.ts; these are the
 * shapes. Channels and their items need `manageChannels` (platinum, gold); the item page's feed status and the
 * Chrono24 sale reports are read by every member, and every member may mark a report done.
 */

/** One feed of the shop: its secret URL (null until the storefront has an address), what is in it. */
export const MarketplaceChannel = Type.Object({
  channel: Choice(FEED_CHANNELS),
  /** "Chrono24", "Google Shopping". */
  label: Type.String(),
  /** The feed's address with its secret token; null while the shop's storefront has no address (slug). */
  feedUrl: Nullable(Type.String()),
  /** Whether the feed answers: the storefront is switched on (a switched-off storefront publishes nothing). */
  live: Type.Boolean(),
  /** When the token was made or last rotated (ISO 8601). */
  rotatedAt: Type.String(),
  /** Items on the storefront now that are in this feed, and those kept out of it (with reasons). */
  included: Type.Integer({ minimum: 0 }),
  excluded: Type.Integer({ minimum: 0 }),
});
export type MarketplaceChannel = Static<typeof MarketplaceChannel>;
export const MarketplaceChannelList = ListOf(MarketplaceChannel);
export type MarketplaceChannelList = Static<typeof MarketplaceChannelList>;

/** An item on the storefront, in a channel's feed or kept out of it with the reasons (feedProblems). */
export const MarketplaceChannelItem = Type.Object({
  itemId: Type.Integer(),
  stockNumber: Nullable(Type.Integer()),
  serial: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  referenceNumber: Type.String(),
  included: Type.Boolean(),
  /** [] when included: "no reference number", "no photo"… */
  problems: Type.Array(Type.String()),
});
export type MarketplaceChannelItem = Static<typeof MarketplaceChannelItem>;
export const MarketplaceChannelItemList = ListOf(MarketplaceChannelItem);
export type MarketplaceChannelItemList = Static<typeof MarketplaceChannelItemList>;

/** `GET …/channels/{channel}/items/`: excluded=true lists only the items kept out of the feed. */
export const MarketplaceChannelItemQuery = Type.Object(
  { ...PagingQuery, excluded: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type MarketplaceChannelItemQuery = Static<typeof MarketplaceChannelItemQuery>;

/** One channel on the item page: "In the Chrono24 feed" or "Not in the Chrono24 feed: no reference number". */
export const MarketplaceItemChannel = Type.Object({
  channel: Choice(FEED_CHANNELS),
  label: Type.String(),
  /** In the feed right now: on the storefront, the storefront on, and no problem. */
  included: Type.Boolean(),
  /** Why not, when the item is on the storefront; [] when it is not (see online) or when included. */
  problems: Type.Array(Type.String()),
});
export type MarketplaceItemChannel = Static<typeof MarketplaceItemChannel>;

export const MarketplaceItem = Type.Object({
  itemId: Type.Integer(),
  /** On the storefront right now (listed, available, not in the workshop): only such an item can be in a feed. */
  online: Type.Boolean(),
  channels: Type.Array(MarketplaceItemChannel),
});
export type MarketplaceItem = Static<typeof MarketplaceItem>;

/**
 * A sale to report to Chrono24 (its 7-day rule, feeds.ts): a watch that was in the Chrono24 feed when a deal not
 * made through Chrono24 took it. Open until marked done; a voided or cancelled deal's report is closed.
 */
export const SaleReport = Type.Object({
  id: Type.Integer(),
  dealId: Type.Integer(),
  /** "D-" and the deal's id. */
  dealReference: Type.String(),
  dealChannel: Choice(DEAL_CHANNELS),
  itemId: Type.Integer(),
  stockNumber: Nullable(Type.Integer()),
  serial: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  referenceNumber: Type.String(),
  /** The sale's day; null while the deal is a reservation (the report is due once it completes). */
  saleDate: Nullable(DateString),
  /** saleDate + 7 days. */
  dueOn: Nullable(DateString),
  status: Choice(['pending', 'open', 'done', 'closed']),
  /** Open and past its due day. */
  overdue: Type.Boolean(),
  doneAt: Nullable(Type.String()),
  doneBy: Nullable(Type.String()),
  /** Why a report was closed without being done: the deal was voided or the reservation cancelled. */
  closedReason: Nullable(Choice(['voided', 'cancelled'])),
});
export type SaleReport = Static<typeof SaleReport>;
export const SaleReportList = ListOf(SaleReport);
export type SaleReportList = Static<typeof SaleReportList>;

/** `GET /api/marketplace/sale-reports/?status=open` (default): open = due and not yet done, soonest first. */
export const SaleReportQuery = Type.Object(
  { ...PagingQuery, status: Type.Optional(Choice(SALE_REPORT_STATUSES)) },
  { additionalProperties: false },
);
export type SaleReportQuery = Static<typeof SaleReportQuery>;
