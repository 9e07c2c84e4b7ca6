import type { ItemRow, ItemStatus } from '@loupe/contracts';
import { Button } from '@loupe/platform';
import styled from 'styled-components';

export type RowAction = 'sell' | 'checkout' | 'promote' | 'edit' | 'return';

// Two columns of small buttons keep the row actions inside the table on a laptop screen.
const Buttons = styled.div`
  display: grid;
  grid-template-columns: repeat(2, max-content);
  gap: ${({ theme }) => theme.space(1)};
  button {
    min-height: 30px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    font-size: 0.875rem;
  }
`;

const sellable: readonly ItemStatus[] = ['available', 'checked_out'];

/** What the service allows from each status (contracts/src/inventory.ts); the rest are disabled. */
export function allowedActions(item: Pick<ItemRow, 'status' | 'promotion'>): Record<RowAction, boolean> {
  return {
    sell: sellable.includes(item.status),
    checkout: item.status === 'available',
    // Ending a promotion is always allowed; starting one needs an item that can still be sold.
    promote: sellable.includes(item.status) || item.promotion !== null,
    edit: true,
    return: item.status === 'checked_out',
  };
}

interface RowActionsProps {
  item: ItemRow;
  withReturn: boolean;
  onAction(action: RowAction): void;
}

export function RowActions({ item, withReturn, onAction }: RowActionsProps) {
  const allowed = allowedActions(item);
  const button = (action: RowAction, label: string, variant: 'primary' | 'secondary' = 'secondary') => (
    <Button variant={variant} disabled={!allowed[action]} onClick={() => onAction(action)}>
      {label}
    </Button>
  );
  return (
    <Buttons>
      {withReturn ? button('return', 'Return', 'primary') : null}
      {button('sell', 'Sell')}
      {button('checkout', 'Checkout')}
      {button('promote', 'Promote')}
      {button('edit', 'Edit')}
    </Buttons>
  );
}
