import {
  endpoints,
  type ItemListing,
  type ItemListingUpdate,
  type MarketplaceItem,
  type WantMatchList,
} from '@loupe/contracts';
import { api, queryOptions, useQuery } from '@loupe/platform';
import { useStockMutation } from '../../../lib/cache';
import { itemKeys } from './get-items';

/*
 * The item online (issue 24): its storefront listing (the storefront module), whether each marketplace feed
 * carries it (the marketplace module) and the clients whose wanted lists it matches (the wants module). Each is
 * kept under the item's own key, like its margins: a sale, a reservation, a check-out or a price change on the
 * item refreshes 'items', and with it whether the item is online, in a feed, still matching a want.
 */

/** `GET /api/storefront/items/{id}/listing/`: the listing and, read-only, whether it is online now and why not. */
export const itemListingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...itemKeys.detail(id), 'listing'] as const,
    queryFn: ({ signal }): Promise<ItemListing> =>
      api(endpoints.storefront.listing, { params: { id }, signal }),
  });

export const useItemListing = (id: number) => useQuery(itemListingQueryOptions(id));

/**
 * `PUT /api/storefront/items/{id}/listing/` (manageListings). What the storefront, the feeds and the stock lists
 * show of the item changes with it; the storefront's and the marketplace's own screens read it too.
 */
export const useUpdateItemListing = () =>
  useStockMutation(endpoints.storefront.updateListing, {
    call: ({ id, input }: { id: number; input: ItemListingUpdate }) => ({ params: { id }, body: input }),
    changes: ['items', 'storefront', 'marketplace'],
  });

/** `GET /api/marketplace/items/{id}/`: per feed channel, whether the item is in it and, if not, why. */
export const itemFeedsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...itemKeys.detail(id), 'feeds'] as const,
    queryFn: ({ signal }): Promise<MarketplaceItem> =>
      api(endpoints.marketplace.item, { params: { id }, signal }),
  });

export const useItemFeeds = (id: number) => useQuery(itemFeedsQueryOptions(id));

/** `GET /api/items/{id}/want-matches/?status=open`: the open matches of clients' wants with this item. */
export const itemWantMatchesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...itemKeys.detail(id), 'want-matches', 'open'] as const,
    queryFn: ({ signal }): Promise<WantMatchList> =>
      api(endpoints.wants.itemMatches, {
        params: { id },
        query: { status: 'open', page: 1, page_size: 50 },
        signal,
      }),
  });

export const useItemWantMatches = (id: number) => useQuery(itemWantMatchesQueryOptions(id));
