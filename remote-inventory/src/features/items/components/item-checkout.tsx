import type { Item } from '@loupe/contracts';
import { Card, Facts, formatDay, formatMoney } from '@loupe/platform';
import { useId } from 'react';
import styled from 'styled-components';
import { ApprovalNoteLink } from './document-links';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

/**
 * The open check-out of an item out on approval (issue 13): who has it, at what agreed price, until when, and
 * its approval note to print again (a lost or unsigned copy).
 */
export function ItemCheckoutSection({ item }: { item: Item }) {
  const titleId = useId();
  const checkout = item.status === 'checked_out' ? item.checkout : null;
  if (!checkout) return null;
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Out on approval</Title>
      <Facts>
        <dt>Client</dt>
        <dd>{checkout.clientName}</dd>
        <dt>Agreed price</dt>
        <dd>{checkout.agreedPrice === null ? 'To be agreed' : formatMoney(checkout.agreedPrice)}</dd>
        <dt>Out since</dt>
        <dd>{formatDay(checkout.checkedOutAt)}</dd>
        <dt>Due</dt>
        <dd>{checkout.dueDate ? formatDay(checkout.dueDate) : 'No due date'}</dd>
      </Facts>
      <ApprovalNoteLink checkoutId={checkout.id}>Approval note</ApprovalNoteLink>
    </Card>
  );
}
