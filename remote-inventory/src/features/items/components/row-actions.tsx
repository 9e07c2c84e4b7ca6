import type { ItemRow, ItemStatus } from '@loupe/contracts';
import { Button, MenuButton } from '@loupe/platform';
import styled from 'styled-components';

export type RowAction = 'sell' | 'checkout' | 'promote' | 'edit' | 'return';

// Issue 21: one compact control a row — the primary Sell and a menu for the rest — so the row stays one line
// (at most 56 px) and the table fits a laptop's screen instead of four stacked buttons off its right edge.
const Buttons = styled.div`
  display: inline-flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  > button:first-child {
    min-height: 30px;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
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
  const entry = (action: RowAction, label: string) => ({
    key: action,
    label,
    disabled: !allowed[action],
    onSelect: () => onAction(action),
  });
  return (
    <Buttons>
      <Button variant="primary" disabled={!allowed.sell} onClick={() => onAction('sell')}>
        Sell
      </Button>
      <MenuButton
        label={`More actions for ${item.serial}`}
        actions={[
          ...(withReturn ? [entry('return', 'Return')] : []),
          entry('checkout', 'Checkout'),
          entry('promote', 'Promote'),
          entry('edit', 'Edit'),
        ]}
      >
        {/* A glyph, so the row's controls stay narrow; its name says what it is. */}
        <span aria-hidden="true">⋯</span>
      </MenuButton>
    </Buttons>
  );
}
