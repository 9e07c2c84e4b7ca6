import type { ItemRow } from '@loupe/contracts';
import { DataTable, formatCount, formatDay, formatMoney, useAuth, type DataColumn } from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { STATUS_LABELS } from '../lib/labels';
import { itemPagePath } from './item-page';
import { SelectCell, type Selection } from './list-label-actions';
import { RowActions, type RowAction } from './row-actions';

// After the serial, wrapping onto the next line when the column is narrow (issue 21: a long serial already
// takes two lines, and a third line for the stock type would make the row taller than 56 px).
const StockType = styled.span`
  white-space: nowrap;
  font-weight: 400;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Badge = styled.span`
  display: block;
  width: fit-content;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: 999px;
  font-size: 0.75rem;
  line-height: 1.25;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
`;

/** A consignment item past its return-by date: red, and said in words too. */
const OverdueBadge = styled(Badge)`
  border-color: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.danger};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

const price = (value: number | null) => (value === null ? <Muted>—</Muted> : formatMoney(value));

/** Who has the item and until when, on the checked-out list. */
const CHECKED_OUT_COLUMNS: DataColumn<ItemRow>[] = [
  { key: 'client', header: 'Client', cell: (item) => item.checkout?.clientName ?? <Muted>—</Muted> },
  {
    key: 'due',
    header: 'Due Date',
    noWrap: true,
    cell: (item) => (item.checkout?.dueDate ? formatDay(item.checkout.dueDate) : <Muted>None</Muted>),
  },
];

interface ItemTableProps {
  caption: string;
  items: ItemRow[];
  serialWithStockType: boolean;
  checkedOutColumns: boolean;
  highlightId: number | null;
  onAction(action: RowAction, item: ItemRow): void;
  /** Rows picked for labels (issue 14): a checkbox column first when given. */
  selection?: { selected: Selection; onSelect(next: Selection): void };
}

/** The inventory rows (SPEC §2): serial, brand, model, status, prices in £ and the row buttons. */
export function ItemTable({
  caption,
  items,
  serialWithStockType,
  checkedOutColumns,
  highlightId,
  onAction,
  selection,
}: ItemTableProps) {
  // Cost is for those who may see it: silver only where the shop allows (issue 21).
  const costs = useAuth().can('viewCosts');
  const columns: DataColumn<ItemRow>[] = [
    {
      key: 'serial',
      header: 'Serial',
      rowHeader: true,
      // A serial of up to ~14 characters stays on one line; a longer one breaks at its hyphens
      // ("LAYOUT-MWYCQJY4-/7BOZ") rather than widen the table past its box at 1280 × 800 (issue 21, item 1).
      wrap: { minCh: 14 },
      cell: (item) => (
        <>
          {/* Issue 21: the serial opens the item's page, where its actions, sale and history are. */}
          <Link to={itemPagePath(item.id)}>{item.serial}</Link>
          {serialWithStockType ? <StockType> ({item.stockType})</StockType> : null}
        </>
      ),
    },
    // Issue 22: the stock book's number, which labels print and the search finds.
    { key: 'stockNumber', header: 'Stock No.', numeric: true, cell: (item) => item.stockNumber },
    { key: 'brand', header: 'Brand', cell: (item) => item.brand || <Muted>—</Muted> },
    { key: 'model', header: 'Model', cell: (item) => item.model || <Muted>—</Muted> },
    {
      key: 'status',
      header: 'Status',
      cell: (item) => (
        <>
          {STATUS_LABELS[item.status]}
          {item.promotion ? (
            <Badge>
              Promoted{item.promotion.price !== null ? ` ${formatMoney(item.promotion.price)}` : ''}
            </Badge>
          ) : null}
          {item.consignment ? (
            item.consignment.overdue ? (
              <OverdueBadge>Consignment overdue</OverdueBadge>
            ) : (
              <Badge>On consignment</Badge>
            )
          ) : null}
        </>
      ),
    },
    ...(checkedOutColumns ? CHECKED_OUT_COLUMNS : []),
    ...(costs
      ? [
          {
            key: 'purchase',
            header: 'Purchase Price',
            numeric: true,
            cell: (item: ItemRow) => price(item.purchasePrice ?? null),
          },
        ]
      : []),
    { key: 'listing', header: 'Listing Price', numeric: true, cell: (item) => price(item.listingPrice) },
    // Issue 14: how long the item has been held (to its sale, for a sold one); sorted through Sort by.
    { key: 'days', header: 'Days in stock', numeric: true, cell: (item) => formatCount(item.daysInStock) },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      noWrap: true,
      // The label selection's checkbox (it names the serial) sits with the row's buttons, so the columns and
      // the row's name stay as SPEC §2 gives them.
      cell: (item) => (
        <>
          {selection ? <SelectCell item={item} {...selection} /> : null}
          <RowActions
            item={item}
            withReturn={checkedOutColumns}
            onAction={(action) => onAction(action, item)}
          />
        </>
      ),
    },
  ];
  return (
    <DataTable
      caption={caption}
      compact
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      isCurrent={(item) => item.id === highlightId}
    />
  );
}
