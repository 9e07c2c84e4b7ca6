import { FEED_CHANNEL_LABELS, FEED_CHANNELS, feedProblemsText } from '@loupe/contracts';
import {
  DataTable,
  FilterForm,
  ListResults,
  RetryAlert,
  SelectField,
  useListController,
  type DataColumn,
} from '@loupe/platform';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CHANNEL_ITEM_FILTERS, channelItemsQueryOptions, channelOf, type ChannelItem } from '../api/channels';

const Title = styled.h2`
  font-size: 1.15rem;
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Out = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

const itemTitle = (item: ChannelItem) =>
  [item.brand, item.model, item.referenceNumber].filter((part) => part.trim()).join(' ') ||
  `Item #${item.itemId}`;

function columns(channel: (typeof FEED_CHANNELS)[number]): DataColumn<ChannelItem>[] {
  return [
    {
      key: 'item',
      header: 'Item',
      rowHeader: true,
      wrap: { minCh: 14, maxCh: 32 },
      cell: (item) => (
        <>
          <Link to={`/inventory/item/${item.itemId}`}>{itemTitle(item)}</Link>
          <Sub>{item.stockNumber ? `Stock no. ${item.stockNumber}` : item.serial}</Sub>
        </>
      ),
    },
    {
      key: 'feed',
      header: 'In the feed',
      wrap: { minCh: 16, maxCh: 48 },
      cell: (item) =>
        item.included ? (
          `In the ${FEED_CHANNEL_LABELS[channel]} feed`
        ) : (
          <Out>
            {feedProblemsText(channel, item.problems) ?? `Not in the ${FEED_CHANNEL_LABELS[channel]} feed`}
          </Out>
        ),
    },
  ];
}

/**
 * Every item on the storefront and whether it is in the chosen feed — "Not in the Chrono24 feed: no reference
 * number" (contracts' words, the same rule the feed itself applies) — the channel and "only kept out" in the
 * address, paged.
 */
export function ChannelItems() {
  const titleId = useId();
  const list = useListController({ filters: CHANNEL_ITEM_FILTERS, query: channelItemsQueryOptions });
  const channel = channelOf(list.filters.channel);
  const label = FEED_CHANNEL_LABELS[channel];
  const onlyOut = list.filters.excluded === 'true';
  return (
    <section aria-labelledby={titleId}>
      <Title id={titleId}>Items in the feeds</Title>
      <FilterForm aria-label="Choose the feed" onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label="Feed"
          value={channel}
          onChange={(event) =>
            list.setFilters({ channel: event.target.value === 'chrono24' ? '' : event.target.value })
          }
        >
          {FEED_CHANNELS.map((one) => (
            <option key={one} value={one}>
              {FEED_CHANNEL_LABELS[one]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Show"
          value={onlyOut ? 'true' : ''}
          onChange={(event) => list.setFilters({ excluded: event.target.value })}
        >
          <option value="">Every item on the storefront</option>
          <option value="true">Only items kept out</option>
        </SelectField>
      </FilterForm>
      {list.error ? (
        <RetryAlert
          error={list.error}
          what={`Failed to load the ${label} feed's items.`}
          onRetry={list.retry}
        />
      ) : null}
      <ListResults
        list={list}
        loadingLabel="Loading the items..."
        emptyText={
          onlyOut
            ? `Every item on the storefront is in the ${label} feed.`
            : 'No item is on the storefront: list items online from their item page.'
        }
        paginationLabel="Feed item pages"
      >
        {(rows) => (
          <DataTable
            caption={`Items and the ${label} feed`}
            columns={columns(channel)}
            rows={rows}
            rowKey={(item) => item.itemId}
          />
        )}
      </ListResults>
    </section>
  );
}
