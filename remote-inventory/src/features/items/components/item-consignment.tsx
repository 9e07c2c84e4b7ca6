import type { Item } from '@loupe/contracts';
import {
  Button,
  Card,
  Facts,
  FormActions,
  formatDay,
  formatMoney,
  FormNotices,
  Modal,
  TextAreaField,
  useEntityForm,
} from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useReturnToSupplier } from '../api/return-to-supplier';

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Overdue = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

const NOTE_MAX = 500;

/**
 * The terms of an item received on consignment (issue 14): the supplier, the agreed cost owed once it sells,
 * the return-by date (past due said in words, in red) and the supplier's reference; an available one can go
 * back to its supplier, after a confirmation with an optional note.
 */
export function ItemConsignmentSection({ item, onReturned }: { item: Item; onReturned(item: Item): void }) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const terms = item.consignment;
  if (!terms) return null;
  const returnable = item.status === 'available' && terms.returnedAt === null;
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>On consignment</Title>
      <Facts>
        <dt>Supplier</dt>
        <dd>{terms.supplierName}</dd>
        {/* Left out by the API for a member who may not see costs (issue 21). */}
        {terms.agreedCost !== undefined ? (
          <>
            <dt>Agreed cost</dt>
            <dd>{formatMoney(terms.agreedCost)}</dd>
          </>
        ) : null}
        <dt>Return by</dt>
        <dd>
          {terms.returnBy ? formatDay(terms.returnBy) : 'No date agreed'}
          {terms.overdue ? <Overdue> · past its return-by date</Overdue> : null}
        </dd>
        <dt>Supplier reference</dt>
        <dd>{terms.supplierRef || '—'}</dd>
        {terms.returnedAt ? (
          <>
            <dt>Returned</dt>
            <dd>{formatDay(terms.returnedAt)}</dd>
          </>
        ) : null}
      </Facts>
      {returnable ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Return to supplier
        </Button>
      ) : null}
      {confirming ? (
        <ReturnDialog
          item={item}
          onClose={() => setConfirming(false)}
          onReturned={(saved) => {
            setConfirming(false);
            onReturned(saved);
          }}
        />
      ) : null}
    </Card>
  );
}

function ReturnDialog({
  item,
  onClose,
  onReturned,
}: {
  item: Item;
  onClose(): void;
  onReturned(item: Item): void;
}) {
  const send = useReturnToSupplier();
  const supplier = item.consignment?.supplierName ?? 'the supplier';
  const controller = useEntityForm<{ note: string }, Item>({
    values: { note: '' },
    failedText: 'The item could not be returned. Please try again.',
    // The card says it: its Returned date, with Return to supplier gone.
    savedMessage: null,
    guard: false,
    save: (values) => send.mutateAsync({ id: item.id, note: values.note.trim() }),
    onSaved: (saved) => onReturned(saved),
  });

  return (
    <Modal open title={`Return ${item.serial} to ${supplier}?`} onClose={onClose} closeLabel="Cancel">
      <form
        ref={controller.formRef}
        onSubmit={controller.onSubmit}
        noValidate
        aria-label={`Return ${item.serial} to its supplier`}
      >
        <p>
          The item goes back to {supplier} and becomes unavailable: it can no longer be sold, and nothing is
          owed for it.
        </p>
        <FormNotices controller={controller} status={false} />
        <TextAreaField label="Note (optional)" maxLength={NOTE_MAX} {...controller.text('note')} />
        <FormActions submitLabel="Return to supplier" busy={controller.busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}
