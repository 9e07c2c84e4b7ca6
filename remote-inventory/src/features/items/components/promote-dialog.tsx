import type { Item, ItemRow } from '@loupe/contracts';
import {
  Alert,
  Button,
  formatDay,
  FormActions,
  formatMoney,
  Modal,
  TextAreaField,
  TextField,
  useFormSubmit,
} from '@loupe/platform';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { usePromoteItem } from '../api/promote-item';
import { amountText, checkDecimal } from '../lib/validation';
import { STATUS_LABELS } from '../lib/labels';
import { allowedActions } from './row-actions';

type Field = 'price' | 'note';

const Explain = styled.p`
  margin-top: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

// Ending a promotion cannot be undone (its price, note and start day are not kept), so it is asked twice.
const ConfirmEnd = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  p {
    margin-top: 0;
  }
  button + button {
    margin-left: ${({ theme }) => theme.space(2)};
  }
`;

interface PromoteDialogProps {
  item: ItemRow;
  onClose(): void;
  onDone(item: Item, message: string): void;
}

/**
 * Promote, as contracts/src/inventory.ts defines it: the item is featured (shop window, top of the online
 * listing), optionally at a promotional price. The same dialog changes or ends a running promotion.
 */
export function PromoteDialog({ item, onClose, onDone }: PromoteDialogProps) {
  const current = item.promotion;
  const canPromote = item.status === 'available' || item.status === 'checked_out';
  const [price, setPrice] = useState(current?.price != null ? current.price.toFixed(2) : '');
  const [note, setNote] = useState(current?.note ?? '');
  const promote = usePromoteItem();
  const submitter = useFormSubmit<Field>('The promotion could not be saved. Please try again.');
  const { errors, setErrors, formError, busy: sending } = submitter;
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);

  // The question takes the focus to its safe answer, so Enter or Space never ends the promotion by mistake.
  useEffect(() => {
    if (confirmingEnd) questionRef.current?.querySelector<HTMLButtonElement>('button:last-of-type')?.focus();
  }, [confirmingEnd]);

  async function send(promoted: boolean) {
    if (sending) return;
    if (promoted) {
      const priceError = checkDecimal(price, { currency: 'GBP' });
      setErrors(priceError ? { price: priceError } : {});
      if (priceError) return;
    }
    const outcome = await submitter.run(() =>
      promote.mutateAsync({
        id: item.id,
        input: promoted
          ? { promoted: true, price: amountText(price, 'GBP') || null, note: note.trim() }
          : { promoted: false },
      }),
    );
    if (!outcome?.ok) return;
    const updated = outcome.value;
    onDone(
      updated,
      promoted
        ? `${item.serial} is promoted${updated.promotion?.price != null ? ` at ${formatMoney(updated.promotion.price)}` : ''}.`
        : `${item.serial} is no longer promoted.`,
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(true);
  };

  return (
    <Modal open title={`Promote ${item.serial}`} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={`Promote ${item.serial}`}>
        <Explain>
          A promoted item is featured in the shop window and at the top of the online listing, at its listing
          price or at a promotional price.
        </Explain>
        {current ? (
          <Alert tone="info">
            Promoted since {formatDay(current.promotedAt)}
            {current.price !== null ? ` at ${formatMoney(current.price)}` : ' at its listing price'}.
          </Alert>
        ) : null}
        {formError ? <Alert>{formError}</Alert> : null}
        {canPromote ? (
          <>
            <TextField
              label="Promotional Price (£, optional)"
              inputMode="decimal"
              autoComplete="off"
              value={price}
              error={errors.price}
              hint={
                item.listingPrice !== null
                  ? `Leave empty to feature it at its listing price, ${formatMoney(item.listingPrice)}.`
                  : 'Leave empty to feature it without a special price.'
              }
              onChange={(event) => setPrice(event.target.value)}
            />
            <TextAreaField
              label="Promotion Note"
              value={note}
              error={errors.note}
              onChange={(event) => setNote(event.target.value)}
            />
          </>
        ) : (
          <Explain>A {STATUS_LABELS[item.status].toLowerCase()} item cannot be promoted.</Explain>
        )}
        <FormActions
          submitLabel={current ? 'Update Promotion' : 'Promote'}
          busy={sending}
          hideSubmit={!canPromote}
        >
          {current && allowedActions(item).promote ? (
            <Button
              variant="danger"
              disabled={sending || confirmingEnd}
              onClick={() => setConfirmingEnd(true)}
            >
              End Promotion
            </Button>
          ) : null}
        </FormActions>
        {confirmingEnd ? (
          <ConfirmEnd ref={questionRef} role="group" aria-labelledby="end-promotion-question">
            <p id="end-promotion-question">
              End the promotion of {item.serial}? Its price and note are not kept: promoting it again starts a
              new promotion.
            </p>
            <Button
              variant="danger"
              disabled={sending}
              aria-busy={sending || undefined}
              onClick={() => void send(false)}
            >
              Yes, End Promotion
            </Button>
            <Button variant="secondary" disabled={sending} onClick={() => setConfirmingEnd(false)}>
              Keep Promotion
            </Button>
          </ConfirmEnd>
        ) : null}
      </form>
    </Modal>
  );
}
