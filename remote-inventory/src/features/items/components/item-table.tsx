import type { ItemRow } from '@loupe/contracts';
import { formatDay, formatMoney, Table, TableScroll, VisuallyHidden } from '@loupe/platform';
import styled from 'styled-components';
import { STATUS_LABELS } from '../lib/labels';
import { RowActions, type RowAction } from './row-actions';

const Row = styled.tr<{ $highlight: boolean }>`
  background: ${({ theme, $highlight }) => ($highlight ? theme.colors.surfaceAlt : 'transparent')};
  outline: ${({ theme, $highlight }) => ($highlight ? `2px solid ${theme.colors.primary}` : 'none')};
  outline-offset: -2px;
`;

// && outweighs the table's own \`th\` rule, which mutes column headers.
const Serial = styled.th`
  && {
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.text};
  }
`;

// On its own line under the serial, so the mixed-stock lists stay narrow enough for the row actions.
const StockType = styled.span`
  display: block;
  font-weight: 400;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Money = styled.td`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Badge = styled.span`
  display: block;
  width: fit-content;
  margin-top: ${({ theme }) => theme.space(1)};
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: 999px;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

const price = (value: number | null) => (value === null ? <Muted>—</Muted> : formatMoney(value));

interface ItemTableProps {
  caption: string;
  items: ItemRow[];
  serialWithStockType: boolean;
  checkedOutColumns: boolean;
  highlightId: number | null;
  onAction(action: RowAction, item: ItemRow): void;
  /** The item whose action is being sent (its buttons wait). */
  busyId: number | null;
}

/** The inventory rows (SPEC §2): serial, brand, model, status, prices in £ and the row buttons. */
export function ItemTable({
  caption,
  items,
  serialWithStockType,
  checkedOutColumns,
  highlightId,
  onAction,
  busyId,
}: ItemTableProps) {
  return (
    <TableScroll>
      <Table>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Serial</th>
            <th scope="col">Brand</th>
            <th scope="col">Model</th>
            <th scope="col">Status</th>
            {checkedOutColumns ? (
              <>
                <th scope="col">Client</th>
                <th scope="col">Due Date</th>
              </>
            ) : null}
            <th scope="col">Purchase Price</th>
            <th scope="col">Listing Price</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const highlighted = item.id === highlightId;
            return (
              <Row key={item.id} $highlight={highlighted} aria-current={highlighted ? 'true' : undefined}>
                <Serial scope="row">
                  {item.serial}
                  {serialWithStockType ? <StockType> ({item.stockType})</StockType> : null}
                </Serial>
                <td>{item.brand || <Muted>—</Muted>}</td>
                <td>{item.model || <Muted>—</Muted>}</td>
                <td>
                  {STATUS_LABELS[item.status]}
                  {item.promotion ? (
                    <Badge>
                      Promoted{item.promotion.price !== null ? ` ${formatMoney(item.promotion.price)}` : ''}
                    </Badge>
                  ) : null}
                </td>
                {checkedOutColumns ? (
                  <>
                    <td>{item.checkout?.clientName ?? <Muted>—</Muted>}</td>
                    <td>{item.checkout?.dueDate ? formatDay(item.checkout.dueDate) : <Muted>None</Muted>}</td>
                  </>
                ) : null}
                <Money>{price(item.purchasePrice)}</Money>
                <Money>{price(item.listingPrice)}</Money>
                <td>
                  <RowActions
                    item={item}
                    withReturn={checkedOutColumns}
                    busy={busyId === item.id}
                    onAction={(action) => onAction(action, item)}
                  />
                </td>
              </Row>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
