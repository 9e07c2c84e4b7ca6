import type { Item, ItemRow } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  formatMoney,
  HttpError,
  pageCount,
  PageHeader,
  Pagination,
  Spinner,
  useListParams,
} from '@loupe/platform';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useClient } from '../../clients/api/get-client';
import type { ClientChoice } from '../../clients/components/client-picker';
import { useItem } from '../api/get-item';
import { useItems } from '../api/get-items';
import { returnItem } from '../api/return-item';
import { STATUS_LABELS } from '../lib/labels';
import { CheckoutDialog } from './checkout-dialog';
import { FilterPanel, type FilterValues } from './filter-panel';
import { ItemTable } from './item-table';
import { LIST_PARAMS, ORDERING_LABELS, type ListScreen, type PanelFilter } from './list-screens';
import { PromoteDialog } from './promote-dialog';
import type { RowAction } from './row-actions';
import { SellDialog } from './sell-dialog';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    margin-right: ${({ theme }) => theme.space(2)};
  }
  select {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    color: inherit;
  }
`;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const FILTER_LABELS: Record<PanelFilter, string> = {
  stock_type: 'Stock type',
  status: 'Status',
  brand: 'Brand',
  model: 'Model',
  min_price: 'Min price',
  max_price: 'Max price',
  search: 'Serial starts with',
};

function describeFilter(name: PanelFilter, value: string): string {
  if (name === 'min_price' || name === 'max_price') return `${FILTER_LABELS[name]}: ${formatMoney(value)}`;
  if (name === 'status')
    return `${FILTER_LABELS[name]}: ${STATUS_LABELS[value as ItemRow['status']] ?? value}`;
  return `${FILTER_LABELS[name]}: ${value}`;
}

type Dialog = { kind: 'sell' | 'checkout' | 'promote'; item: ItemRow } | null;
type Message = { tone: 'success' | 'error'; text: string } | null;

/**
 * Every inventory list (SPEC §2 "List behaviour"): one controller (list state in the URL via
 * useListParams), one filter panel, one table, one set of row actions; the screen says what differs.
 */
export function ItemListPage({ screen }: { screen: ListScreen }) {
  const list = useListParams(LIST_PARAMS);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const panelId = useId();
  const sortId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  // The API query: the page, the filters this screen offers (as set in the URL), then what the screen fixes.
  const offered = new Set<string>([
    ...screen.filters,
    'ordering',
    ...(screen.clientFilter ? ['client'] : []),
  ]);
  const query: Record<string, string> = { page: String(list.page), page_size: String(list.pageSize) };
  for (const [name, value] of Object.entries(list.filters)) {
    if (value && offered.has(name)) query[name] = value;
  }
  Object.assign(query, screen.fixed);
  query.ordering ??= screen.defaultOrdering;
  const items = useItems(query);

  // A page past the end (after items were sold, or an old link) answers 404 "Invalid page.": start again.
  const pastTheEnd =
    items.status === 'error' && items.error instanceof HttpError && items.error.status === 404;
  const { page, setPage } = list;
  useEffect(() => {
    if (pastTheEnd && page > 1) setPage(1);
  }, [pastTheEnd, page, setPage]);

  const checkoutClientId = screen.checkoutClient ? searchParams.get('checkout_client') : null;
  const checkoutClient = useClient(checkoutClientId);
  const filterClientId = screen.clientFilter ? list.filters.client || null : null;
  const filterClient = useClient(filterClientId);
  const highlightParam = screen.highlight ? searchParams.get('highlight') : null;
  const highlightId = highlightParam && /^\d+$/.test(highlightParam) ? Number(highlightParam) : null;
  const highlighted = useItem(highlightId);

  const presetClient: ClientChoice | null =
    checkoutClientId && checkoutClient.status === 'success' && checkoutClient.data
      ? { id: checkoutClient.data.id, name: checkoutClient.data.name }
      : null;

  const panelValues = Object.fromEntries(
    screen.filters.map((name) => [name, list.filters[name] ?? '']),
  ) as FilterValues;
  const activeFilters = screen.filters.filter((name) => list.filters[name]);

  function finish(text: string) {
    setDialog(null);
    setMessage({ tone: 'success', text });
    items.reload();
  }

  async function onAction(action: RowAction, item: ItemRow) {
    setMessage(null);
    if (action === 'edit') {
      navigate(`/inventory/edit/${item.id}`);
      return;
    }
    if (action !== 'return') {
      setDialog({ kind: action, item });
      return;
    }
    setBusyId(item.id);
    try {
      await returnItem(item.id);
      setMessage({ tone: 'success', text: `${item.serial} has been returned and is available again.` });
    } catch (error) {
      setMessage({ tone: 'error', text: errorMessage(error, `${item.serial} could not be returned.`) });
    } finally {
      setBusyId(null);
      items.reload();
    }
  }

  function onCheckedOut(item: Item) {
    const name = item.checkout?.clientName ?? 'the client';
    if (checkoutClientId) {
      // The clients list's Check Out is done: the page stops asking for an item.
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('checkout_client');
          return next;
        },
        { replace: true },
      );
    }
    finish(`${item.serial} is checked out to ${name}.`);
  }

  const data = items.data;
  const pages = data ? pageCount(data.count, list.pageSize) : 1;
  const first = data && data.count > 0 ? (list.page - 1) * list.pageSize + 1 : 0;
  const last = data ? Math.min(data.count, first + data.results.length - 1) : 0;

  return (
    <>
      <PageHeader
        title={screen.title}
        actions={screen.highlight ? <Link to="/inventory/add">Add Item</Link> : undefined}
      />

      {checkoutClientId ? (
        checkoutClient.status === 'error' ? (
          <Alert>
            The client to check out to could not be loaded. {errorMessage(checkoutClient.error, '')}
          </Alert>
        ) : presetClient ? (
          <Alert tone="info">Choose an item to check out to {presetClient.name}</Alert>
        ) : null
      ) : null}

      {filterClientId ? (
        <Alert tone="info">
          <Notice>
            <span>
              {filterClient.status === 'success' && filterClient.data
                ? `Items checked out to ${filterClient.data.name}`
                : filterClient.status === 'error'
                  ? `Items checked out to client #${filterClientId}`
                  : 'Items checked out to the chosen client'}
            </span>
            <Button variant="secondary" onClick={() => list.setFilters({ client: '' })}>
              Show All Checked-Out Items
            </Button>
          </Notice>
        </Alert>
      ) : null}

      {highlightId && highlighted.status === 'success' && highlighted.data ? (
        <Alert tone="success">
          Just saved: {highlighted.data.serial}
          {highlighted.data.brand ? ` — ${highlighted.data.brand} ${highlighted.data.model}`.trimEnd() : ''} (
          {STATUS_LABELS[highlighted.data.status]}, purchase price{' '}
          {formatMoney(highlighted.data.purchasePrice)}).
        </Alert>
      ) : null}

      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}

      <Card>
        <Toolbar>
          <Button
            variant="secondary"
            aria-expanded={panelOpen}
            aria-controls={panelOpen ? panelId : undefined}
            onClick={() => setPanelOpen((open) => !open)}
          >
            {panelOpen ? 'Close Filters' : 'Filters'}
          </Button>
          <div>
            <label htmlFor={sortId}>Sort by</label>
            <select
              id={sortId}
              value={list.filters.ordering || screen.defaultOrdering}
              onChange={(event) =>
                list.setFilters({
                  ordering: event.target.value === screen.defaultOrdering ? '' : event.target.value,
                })
              }
            >
              {ORDERING_LABELS.filter((o) => !o.checkedOutOnly || screen.checkedOutColumns).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        </Toolbar>

        {panelOpen ? (
          <FilterPanel
            id={panelId}
            filters={screen.filters}
            initial={panelValues}
            onSave={(values) => {
              list.setFilters(values);
              setPanelOpen(false);
            }}
            onRemove={() => {
              // Every filter goes (the client's too), back to page 1; the chosen sort order stays.
              list.setFilters({
                ...(Object.fromEntries(screen.filters.map((name) => [name, ''])) as FilterValues),
                client: '',
              });
              setPanelOpen(false);
            }}
          />
        ) : activeFilters.length > 0 ? (
          <Summary>
            Filtered by {activeFilters.map((name) => describeFilter(name, list.filters[name])).join(' · ')}
          </Summary>
        ) : null}

        {items.status === 'error' && !pastTheEnd ? (
          <Alert>
            <Notice>
              <span>{errorMessage(items.error, 'Failed to load inventory items.')}</span>
              <Button variant="secondary" onClick={items.reload}>
                Retry
              </Button>
            </Notice>
          </Alert>
        ) : null}

        {!data ? (
          items.status === 'loading' || pastTheEnd ? (
            <Spinner label="Loading items..." />
          ) : null
        ) : (
          <div aria-busy={items.status === 'loading'}>
            <Summary aria-live="polite">
              {data.count === 0 ? screen.emptyText : `Showing ${first}–${last} of ${data.count}`}
            </Summary>
            {data.results.length > 0 ? (
              <ItemTable
                caption={screen.title}
                items={data.results}
                serialWithStockType={screen.serialWithStockType}
                checkedOutColumns={screen.checkedOutColumns}
                highlightId={highlightId}
                busyId={busyId}
                onAction={(action, item) => void onAction(action, item)}
              />
            ) : null}
            <Pagination
              label={`${screen.title} pages`}
              page={list.page}
              pageCount={pages}
              pageSize={list.pageSize}
              onPageChange={list.setPage}
              onPageSizeChange={list.setPageSize}
            />
          </div>
        )}
      </Card>

      {dialog?.kind === 'sell' ? (
        <SellDialog
          item={dialog.item}
          onClose={() => {
            setDialog(null);
            items.reload();
          }}
          onSold={(item) => finish(`${item.serial} is sold.`)}
        />
      ) : null}
      {dialog?.kind === 'checkout' ? (
        <CheckoutDialog
          item={dialog.item}
          client={presetClient}
          onClose={() => {
            setDialog(null);
            items.reload();
          }}
          onCheckedOut={onCheckedOut}
        />
      ) : null}
      {dialog?.kind === 'promote' ? (
        <PromoteDialog
          item={dialog.item}
          onClose={() => {
            setDialog(null);
            items.reload();
          }}
          onDone={(_item, text) => finish(text)}
        />
      ) : null}
    </>
  );
}
