import { dayBoundsProblem, type Item, type ItemRow } from '@loupe/contracts';
import {
  Alert,
  DayField,
  FormActions,
  FormNotices,
  Modal,
  TextAreaField,
  TextField,
  today,
  useEntityForm,
  type FormProblems,
} from '@loupe/platform';
import { useState } from 'react';
import { ClientPicker, type ClientChoice } from '@loupe/platform';
import { useCheckOutItem } from '../api/check-out-item';
import { amountText, checkDecimal } from '../lib/validation';
import { ApprovalNoteLink, DoneButton } from './document-links';

/** What the Check Out form holds, as typed. */
interface CheckoutValues {
  client: ClientChoice | null;
  dueDate: string;
  note: string;
  agreedPrice: string;
}

/** The contracts' rules before anything is sent: a client, a due date not past, a price the service reads. */
function checkCheckout(values: CheckoutValues): FormProblems<CheckoutValues> {
  const problems: FormProblems<CheckoutValues> = {};
  if (!values.client) problems.client = 'Choose a client.';
  const due = values.dueDate ? dayBoundsProblem(values.dueDate, { notBefore: today() }) : null;
  if (due) problems.dueDate = due;
  const price = checkDecimal(values.agreedPrice, { allowZero: true, currency: 'GBP' });
  if (price) problems.agreedPrice = price;
  return problems;
}

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
  const checkOut = useCheckOutItem();
  const controller = useEntityForm<CheckoutValues, Item>({
    values: {
      client: initialClient,
      dueDate: '',
      note: '',
      // Money fields arrive with at most two decimals, so toFixed(2) only pads them.
      agreedPrice: item.listingPrice === null ? '' : item.listingPrice.toFixed(2),
    },
    check: checkCheckout,
    serverFields: { clientId: 'client', dueDate: 'dueDate', note: 'note', agreedPrice: 'agreedPrice' },
    failedText: 'The item could not be checked out. Please try again.',
    // The dialog says it: "… is checked out to …", with the approval note to print.
    savedMessage: null,
    guard: false,
    save: (values) =>
      checkOut.mutateAsync({
        id: item.id,
        input: {
          // checkCheckout made sure there is one.
          clientId: values.client?.id ?? 0,
          dueDate: values.dueDate || null,
          note: values.note.trim(),
          agreedPrice: amountText(values.agreedPrice, 'GBP') || null,
        },
      }),
    onSaved: (saved) => onCheckedOut(saved),
  });
  const { text, value, busy: sending } = controller;

  return (
    <form
      ref={controller.formRef}
      onSubmit={controller.onSubmit}
      noValidate
      aria-label={`Check out ${item.serial}`}
    >
      <FormNotices controller={controller} status={false} />
      <ClientPicker label="Client" required {...value('client')} />
      <TextField
        label="Agreed price (£)"
        inputMode="decimal"
        autoComplete="off"
        hint="Printed on the approval note. Leave blank if the price is still to be agreed."
        {...text('agreedPrice')}
      />
      <DayField label="Due Date (optional)" min={today()} {...value('dueDate')} />
      <TextAreaField label="Note" {...text('note')} />
      <FormActions submitLabel="Check Out" busy={sending} />
    </form>
  );
}
