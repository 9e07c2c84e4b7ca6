import type { Item, ItemRow } from '@loupe/contracts';
import {
  Alert,
  DayField,
  FormActions,
  Modal,
  TextAreaField,
  TextField,
  today,
  useFormSubmit,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { ClientPicker, type ClientChoice } from '@loupe/platform';
import { useCheckOutItem } from '../api/check-out-item';
import { amountText, checkDecimal } from '../lib/validation';
import { ApprovalNoteLink, DoneButton } from './document-links';

type Field = 'clientId' | 'dueDate' | 'note' | 'agreedPrice';

interface CheckoutDialogProps {
  item: ItemRow;
  /** A client chosen beforehand (the clients list's Check Out). */
  client: ClientChoice | null;
  onClose(): void;
  onCheckedOut(item: Item): void;
}

/**
 * Check Out: the item goes to a client on approval, at an agreed price (the listing price unless changed; left
 * blank it is "to be agreed"), with an optional due date and note. Then the approval note is there to print
 * for the client to sign (issue 13), and closing the dialog finishes the check-out for the page.
 */
export function CheckoutDialog(props: CheckoutDialogProps) {
  const { item, onClose, onCheckedOut } = props;
  const [saved, setSaved] = useState<Item | null>(null);
  const checkout = saved?.checkout ?? null;
  const done = saved ? () => onCheckedOut(saved) : onClose;
  // One dialog throughout: the form gives way to the approval note inside it. Once checked out, the row's
  // Checkout is disabled: focus goes to the list heading, beside the message, rather than to the page's body.
  return (
    <Modal open title={`Check out ${item.serial}`} returnFocus={saved ? 'heading' : 'opener'} onClose={done}>
      {checkout ? (
        <>
          <Alert tone="success">
            {item.serial} is checked out to {checkout.clientName}.
          </Alert>
          <p>
            <ApprovalNoteLink checkoutId={checkout.id}>Print approval note</ApprovalNoteLink>
          </p>
          <DoneButton onClick={done} />
        </>
      ) : (
        <CheckoutForm
          {...props}
          onCheckedOut={(next) => (next.checkout ? setSaved(next) : onCheckedOut(next))}
        />
      )}
    </Modal>
  );
}

function CheckoutForm({ item, client: initialClient, onCheckedOut }: CheckoutDialogProps) {
  const [client, setClient] = useState<ClientChoice | null>(initialClient);
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  // Money fields arrive with at most two decimals, so toFixed(2) only pads them.
  const [agreedPrice, setAgreedPrice] = useState(
    item.listingPrice === null ? '' : item.listingPrice.toFixed(2),
  );
  const checkOut = useCheckOutItem();
  const submitter = useFormSubmit<Field>('The item could not be checked out. Please try again.');
  const { errors, setErrors, formError, setFormError, busy: sending } = submitter;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problems: Partial<Record<Field, string>> = {};
    if (!client) problems.clientId = 'Choose a client.';
    if (dueDate && dueDate < today()) problems.dueDate = 'Ensure this date is not in the past.';
    const priceError = checkDecimal(agreedPrice, { allowZero: true, currency: 'GBP' });
    if (priceError) problems.agreedPrice = priceError;
    setErrors(problems);
    setFormError(null);
    if (!client || Object.keys(problems).length > 0) return;

    const outcome = await submitter.run(() =>
      checkOut.mutateAsync({
        id: item.id,
        input: {
          clientId: client.id,
          dueDate: dueDate || null,
          note: note.trim(),
          agreedPrice: amountText(agreedPrice, 'GBP') || null,
        },
      }),
    );
    if (outcome?.ok) onCheckedOut(outcome.value);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Check out ${item.serial}`}>
      {formError ? <Alert>{formError}</Alert> : null}
      <ClientPicker label="Client" required value={client} onChange={setClient} error={errors.clientId} />
      <TextField
        label="Agreed price (£)"
        inputMode="decimal"
        autoComplete="off"
        value={agreedPrice}
        error={errors.agreedPrice}
        hint="Printed on the approval note. Leave blank if the price is still to be agreed."
        onChange={(event) => setAgreedPrice(event.target.value)}
      />
      <DayField
        label="Due Date (optional)"
        min={today()}
        value={dueDate}
        error={errors.dueDate}
        onChange={setDueDate}
      />
      <TextAreaField
        label="Note"
        value={note}
        error={errors.note}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormActions submitLabel="Check Out" busy={sending} />
    </form>
  );
}
