import type { Item, ItemRow } from '@loupe/contracts';
import { Alert, DayField, FormActions, Modal, TextAreaField, today, useFormSubmit } from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { ClientPicker, type ClientChoice } from '../../../components/client-picker';
import { useCheckOutItem } from '../api/check-out-item';

type Field = 'clientId' | 'dueDate' | 'note';

interface CheckoutDialogProps {
  item: ItemRow;
  /** A client chosen beforehand (the clients list's Check Out). */
  client: ClientChoice | null;
  onClose(): void;
  onCheckedOut(item: Item): void;
}

/** Check Out: the item goes to a client on approval, with an optional due date and note. */
export function CheckoutDialog({ item, client: initialClient, onClose, onCheckedOut }: CheckoutDialogProps) {
  const [client, setClient] = useState<ClientChoice | null>(initialClient);
  const [dueDate, setDueDate] = useState('');
  const [note, setNote] = useState('');
  const checkOut = useCheckOutItem();
  const submitter = useFormSubmit<Field>('The item could not be checked out. Please try again.');
  const { errors, setErrors, formError, setFormError, busy: sending } = submitter;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problems: Partial<Record<Field, string>> = {};
    if (!client) problems.clientId = 'Choose a client.';
    if (dueDate && dueDate < today()) problems.dueDate = 'Ensure this date is not in the past.';
    setErrors(problems);
    setFormError(null);
    if (!client || Object.keys(problems).length > 0) return;

    const outcome = await submitter.run(() =>
      checkOut.mutateAsync({
        id: item.id,
        input: { clientId: client.id, dueDate: dueDate || null, note: note.trim() },
      }),
    );
    if (outcome?.ok) onCheckedOut(outcome.value);
  }

  return (
    <Modal open title={`Check out ${item.serial}`} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={`Check out ${item.serial}`}>
        {formError ? <Alert>{formError}</Alert> : null}
        <ClientPicker label="Client" required value={client} onChange={setClient} error={errors.clientId} />
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
    </Modal>
  );
}
