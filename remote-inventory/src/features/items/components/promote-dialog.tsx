import type { Item, ItemRow } from '@loupe/contracts';
import {
  Alert,
  Button,
  formatDay,
  FormActions,
  FormNotices,
  formatMoney,
  Modal,
  TextAreaField,
  TextField,
  useEntityForm,
  type FormProblems,
} from '@loupe/platform';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { usePromoteItem } from '../api/promote-item';
import { amountText, checkDecimal } from '../lib/validation';
import { STATUS_LABELS } from '../lib/labels';
import { allowedActions } from './row-actions';

/** What the Promote form holds, as typed; `promoted` is false only while End Promotion is being sent. */
interface PromoteValues {
  promoted: boolean;
  price: string;
  note: string;
}

/** The contracts' price rule before anything is sent; ending a promotion sends nothing typed, so checks nothing. */
function checkPromotion(values: PromoteValues): FormProblems<PromoteValues> {
  if (!values.promoted) return {};
  const price = checkDecimal(values.price, { currency: 'GBP' });
  return price ? { price } : {};
}

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
  const promote = usePromoteItem();
  const controller = useEntityForm<PromoteValues, Item>({
    values: {
      promoted: true,
      // Money fields arrive with at most two decimals, so toFixed(2) only pads them.
      price: current?.price != null ? current.price.toFixed(2) : '',
      note: current?.note ?? '',
    },
    check: checkPromotion,
    failedText: 'The promotion could not be saved. Please try again.',
    // The page says it (its status line or toast), once the dialog has closed.
    savedMessage: null,
    guard: false,
    save: (values) =>
      promote.mutateAsync({
        id: item.id,
        input: values.promoted
          ? { promoted: true, price: amountText(values.price, 'GBP') || null, note: values.note.trim() }
          : { promoted: false },
      }),
    onSaved: (updated, values) =>
      onDone(
        updated,
        values.promoted
          ? `${item.serial} is promoted${updated.promotion?.price != null ? ` at ${formatMoney(updated.promotion.price)}` : ''}.`
          : `${item.serial} is no longer promoted.`,
      ),
  });
  const { text, busy: sending } = controller;
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const questionRef = useRef<HTMLDivElement>(null);

  // The question takes the focus to its safe answer, so Enter or Space never ends the promotion by mistake.
  useEffect(() => {
    if (confirmingEnd) questionRef.current?.querySelector<HTMLButtonElement>('button:last-of-type')?.focus();
  }, [confirmingEnd]);

  /** Promote or Update Promotion (the form's submit), or Yes, End Promotion: one send at a time either way. */
  const send = (promoted: boolean, event?: FormEvent) => {
    event?.preventDefault();
    controller.form.setValue('promoted', promoted);
    void controller.onSubmit();
  };

  return (
    <Modal open title={`Promote ${item.serial}`} onClose={onClose}>
      <form
        ref={controller.formRef}
        onSubmit={(event) => send(true, event)}
        noValidate
        aria-label={`Promote ${item.serial}`}
      >
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
        <FormNotices controller={controller} status={false} />
        {canPromote ? (
          <>
            <TextField
              label="Promotional Price (£, optional)"
              inputMode="decimal"
              autoComplete="off"
              hint={
                item.listingPrice !== null
                  ? `Leave empty to feature it at its listing price, ${formatMoney(item.listingPrice)}.`
                  : 'Leave empty to feature it without a special price.'
              }
              {...text('price')}
            />
            <TextAreaField label="Promotion Note" {...text('note')} />
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
              onClick={() => send(false)}
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
