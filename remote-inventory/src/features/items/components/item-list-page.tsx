import {
  CONDITION_GRADE_LABELS,
  type ConditionGrade,
  type Item,
  type ItemOrdering,
  type ItemRow,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorMessage,
  formatMoney,
  PageHeader,
  Pagination,
  rangeText,
  Spinner,
  Stack,
  useAuth,
  useListController,
  usePageTitle,
} from '@loupe/platform';
import { useCallback, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useClient } from '../../../api/get-client';
import type { ClientChoice } from '@loupe/platform';
import { idParam } from '../../../lib/ids';
import { useItem } from '../api/get-item';
import { itemsQueryOptions } from '../api/get-items';
import { STATUS_LABELS } from '../lib/labels';
import { ListLabelActions, type Selection } from './list-label-actions';
import { CheckoutDialog } from './checkout-dialog';
import { FilterPanel, type FilterValues } from './filter-panel';
import { ItemTable } from './item-table';
import { filtersOf, orderingsOf, panelFiltersOf, type ListScreen, type PanelFilter } from './list-screens';
import { PromoteDialog } from './promote-dialog';
import type { RowAction } from './row-actions';
import { SellDialog } from './sell-dialog';
import { useUndoableReturn } from './use-undoable-return';

const Toolbar = styled(Stack).attrs({ $row: true, $spread: true })`
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

const FILTER_LABELS: Record<PanelFilter, string> = {
  stock_type: 'Stock type',
  status: 'Status',
  brand: 'Brand',
  model: 'Model',
  min_price: 'Min price',
  max_price: 'Max price',
  search: 'Serial starts with',
  consignment: 'Consignment',
  reference: 'Reference contains',
  condition_grade: 'Condition',
  box: 'Box',
  papers: 'Papers',
  metal: 'Metal',
};

function describeFilter(name: PanelFilter, value: string): string {
  if (name === 'min_price' || name === 'max_price') return `${FILTER_LABELS[name]}: ${formatMoney(value)}`;
  if (name === 'status')
    return `${FILTER_LABELS[name]}: ${STATUS_LABELS[value as ItemRow['status']] ?? value}`;
  if (name === 'consignment') return value === 'true' ? 'On consignment' : 'Owned stock';
  if (name === 'box' || name === 'papers')
    return `${FILTER_LABELS[name]}: ${value === 'true' ? 'Yes' : 'No'}`;
  if (name === 'condition_grade') {
    return `${FILTER_LABELS[name]}: ${CONDITION_GRADE_LABELS[value as ConditionGrade] ?? value}`;
  }
  return `${FILTER_LABELS[name]}: ${value}`;
}

type Dialog = { kind: 'sell' | 'checkout' | 'promote'; item: ItemRow } | null;
type Message = { tone: 'success' | 'error'; text: string } | null;

/**
 * Every inventory list (SPEC §2 "List behaviour"): one list controller (list state in the URL, paging, past
 * the end, the shown range), one filter panel, one table, one set of row actions; the screen says what
 * differs. Changes refresh the rows through the query cache, never by reloading here.
 */
export function ItemListPage({ screen }: { screen: ListScreen }) {
  usePageTitle(screen.title);
  // Purchase prices, their filters and orderings are for those who may see costs (issue 21).
  const costs = useAuth().can('viewCosts');
  const orderings = orderingsOf(screen, costs);
  const list = useListController({
    filters: filtersOf(screen, costs),
    sort: { options: orderings.map((o) => o.value), default: screen.defaultOrdering },
    fixed: screen.fixed,
    query: itemsQueryOptions,
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const panelId = useId();
  const sortId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [message, setMessage] = useState<Message>(null);
  const [selected, setSelected] = useState<Selection>(() => new Set());
  const returning = useUndoableReturn(useCallback((text: string) => setMessage({ tone: 'error', text }), []));

  const checkoutParam = screen.checkoutClient ? searchParams.get('checkout_client') : null;
  const checkoutClient = useClient(idParam(checkoutParam));
  const filterParam = screen.clientFilter ? list.filters.client || null : null;
  const filterClient = useClient(idParam(filterParam));
  const highlightId = screen.highlight ? idParam(searchParams.get('highlight')) : null;
  const highlighted = useItem(highlightId);

  const presetClient: ClientChoice | null =
    checkoutParam && checkoutClient.data
      ? { id: checkoutClient.data.id, name: checkoutClient.data.name }
      : null;
  // An id that is not a number names no client: the same notice as one the service does not know.
  const checkoutClientFailed =
    checkoutClient.isError || (checkoutParam !== null && idParam(checkoutParam) === null);

  const panelFilters = panelFiltersOf(screen, costs);
  const panelValues = Object.fromEntries(
    panelFilters.map((name) => [name, list.filters[name] ?? '']),
  ) as FilterValues;
  const activeFilters = panelFilters.filter((name) => list.filters[name]);

  function finish(text: string) {
    setDialog(null);
    setMessage({ tone: 'success', text });
  }

  function onAction(action: RowAction, item: ItemRow) {
    setMessage(null);
    if (action === 'edit') {
      navigate(`/inventory/edit/${item.id}`);
      return;
    }
    if (action !== 'return') {
      setDialog({ kind: action, item });
      return;
    }
    returning.start(item);
  }

  function onCheckedOut(item: Item) {
    const name = item.checkout?.clientName ?? 'the client';
    if (checkoutParam) {
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

  const rows = list.data === undefined ? undefined : returning.show(list.data);
  const closeDialog = () => setDialog(null);

  return (
    <>
      <PageHeader
        title={screen.title}
        actions={screen.highlight ? <Link to="/inventory/add">Add Item</Link> : undefined}
      />

      {checkoutParam ? (
        checkoutClientFailed ? (
          <Alert>
            The client to check out to could not be loaded. {errorMessage(checkoutClient.error, '')}
          </Alert>
        ) : presetClient ? (
          <Alert tone="info">Choose an item to check out to {presetClient.name}</Alert>
        ) : null
      ) : null}

      {filterParam ? (
        <Alert tone="info">
          <Stack $row>
            <span>
              {filterClient.data
                ? `Items checked out to ${filterClient.data.name}`
                : filterClient.isError || idParam(filterParam) === null
                  ? `Items checked out to client #${filterParam}`
                  : 'Items checked out to the chosen client'}
            </span>
            <Button variant="secondary" onClick={() => list.setFilters({ client: '' })}>
              Show All Checked-Out Items
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {highlighted.data ? (
        <Alert tone="success">
          Just saved: {highlighted.data.serial}
          {highlighted.data.brand ? ` — ${highlighted.data.brand} ${highlighted.data.model}`.trimEnd() : ''} (
          {STATUS_LABELS[highlighted.data.status]}
          {costs && highlighted.data.purchasePrice !== undefined
            ? `, purchase price ${formatMoney(highlighted.data.purchasePrice)}`
            : ''}
          ).
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
              value={list.sort}
              onChange={(event) => list.setSort(event.target.value as ItemOrdering)}
            >
              {orderings.map((o) => (
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
            filters={panelFilters}
            initial={panelValues}
            onSave={(values) => {
              list.setFilters(values);
              setPanelOpen(false);
            }}
            onRemove={() => {
              // Every filter goes (the client's too), back to page 1; the chosen sort order stays.
              list.clearFilters();
              setPanelOpen(false);
            }}
          />
        ) : activeFilters.length > 0 ? (
          <Summary>
            Filtered by {activeFilters.map((name) => describeFilter(name, list.filters[name])).join(' · ')}
          </Summary>
        ) : null}

        {list.error ? (
          <Alert>
            <Stack $row>
              <span>{errorMessage(list.error, 'Failed to load inventory items.')}</span>
              <Button variant="secondary" onClick={list.retry}>
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : null}

        {rows === undefined || list.total === undefined ? (
          list.isLoading ? (
            <Spinner label="Loading items..." />
          ) : null
        ) : (
          <div aria-busy={list.isFetching}>
            <Summary aria-live="polite">
              {list.total === 0 ? screen.emptyText : rangeText(list.range, list.total)}
            </Summary>
            {/* An empty result has nothing to select or label: no "Print labels (all 0)". */}
            {list.total > 0 || selected.size > 0 ? (
              <ListLabelActions
                rows={rows}
                total={list.total}
                query={list.query}
                selected={selected}
                onSelect={setSelected}
              />
            ) : null}
            {rows.length > 0 ? (
              <ItemTable
                selection={{ selected, onSelect: setSelected }}
                caption={screen.title}
                items={rows}
                serialWithStockType={screen.serialWithStockType}
                checkedOutColumns={screen.checkedOutColumns}
                highlightId={highlightId}
                onAction={onAction}
              />
            ) : null}
            <Pagination
              label={`${screen.title} pages`}
              page={list.page}
              pageCount={list.pageCount}
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
          onClose={closeDialog}
          onSold={(item) => finish(`${item.serial} is sold.`)}
        />
      ) : null}
      {dialog?.kind === 'checkout' ? (
        <CheckoutDialog
          item={dialog.item}
          client={presetClient}
          onClose={closeDialog}
          onCheckedOut={onCheckedOut}
        />
      ) : null}
      {dialog?.kind === 'promote' ? (
        <PromoteDialog item={dialog.item} onClose={closeDialog} onDone={(_item, text) => finish(text)} />
      ) : null}
    </>
  );
}
