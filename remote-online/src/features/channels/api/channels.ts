import {
  endpoints,
  isFeedChannel,
  type MarketplaceChannel,
  type MarketplaceChannelItemList,
} from '@loupe/contracts';
import { api, queryOptions, resourceKeys, useApiMutation, useQuery, type ListQuery } from '@loupe/platform';

export type { MarketplaceChannel };
export type ChannelItem = MarketplaceChannelItemList['results'][number];

/** The marketplace's queries (its channels, their items, the sale reports) are one resource of the cache. */
export const marketplaceKeys = resourceKeys('marketplace');

/** `GET /api/marketplace/channels/`: each feed with its secret address and what is in it. */
export const useChannels = () =>
  useQuery({
    queryKey: [...marketplaceKeys.all, 'channels'],
    queryFn: ({ signal }) => api(endpoints.marketplace.channels, { signal }),
  });

/**
 * `POST /api/marketplace/channels/{channel}/rotate/`: a new secret token (audited by the service); the old
 * address is a 404 from then on.
 */
export const useRotateChannel = () =>
  useApiMutation(endpoints.marketplace.rotate, {
    call: (channel: MarketplaceChannel['channel']) => ({ params: { channel } }),
    changes: ['marketplace'],
  });

/**
 * The per-item table's address: which channel (Chrono24 unless the address says otherwise) and whether only the
 * items kept out of its feed are shown, under the API's own parameter name (excluded).
 */
export const CHANNEL_ITEM_FILTERS = ['channel', 'excluded'] as const;
export type ChannelItemsQuery = ListQuery<(typeof CHANNEL_ITEM_FILTERS)[number]>;

export const channelOf = (value: string | undefined) => (isFeedChannel(value) ? value : 'chrono24');

/** `GET /api/marketplace/channels/{channel}/items/`: every item on the storefront, in that feed or why not. */
export const channelItemsQueryOptions = ({ channel, excluded, ...paging }: ChannelItemsQuery) => {
  const chosen = channelOf(channel);
  const query = excluded === 'true' ? { ...paging, excluded: 'true' } : paging;
  return queryOptions({
    queryKey: marketplaceKeys.list({ channel: chosen, ...query }),
    queryFn: ({ signal }) =>
      api(endpoints.marketplace.channelItems, { params: { channel: chosen }, query, signal }),
  });
};
