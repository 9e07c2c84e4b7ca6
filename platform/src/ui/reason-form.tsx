import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Alert } from './alert';
import { Button } from './button';
import { TextAreaField } from './fields';
import { useFormSubmit } from './form-actions';

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

export interface ReasonFormProps<T> {
  /** The form's accessible name, e.g. "Void payment", "Cancel reservation". */
  name: string;
  /** The longest reason the service takes. */
  maxLength: number;
  /** What a blank reason is told. */
  blank: string;
  hint: string;
  /** The danger button, and what it says while the request runs. */
  submitLabel: string;
  busyLabel: string;
  /** Shown above the form when the request fails with no message of its own. */
  failure: string;
  /** Sends the reason typed (trimmed); throws the service's refusal (an HttpError). */
  send(reason: string): Promise<T>;
  onDone(result: T): void;
}

/**
 * A required reason and one danger button: what every irreversible step asks (a void, a reservation given up).
 * The reason is checked here as the service checks it (required, at most `maxLength`); the service's refusals
 * stay in the form (a field error under Reason, anything else above it) with the reason kept, so nothing typed
 * is lost.
 */
export function ReasonForm<T>(props: ReasonFormProps<T>) {
  const { name, maxLength, blank, hint, submitLabel, busyLabel, failure, send, onDone } = props;
  const [reason, setReason] = useState('');
  const submitter = useFormSubmit<'reason'>(failure, { fields: { reason: 'reason' } });
  const { errors, setErrors, formError, busy } = submitter;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to any form the opening button sits in.
    event.stopPropagation();
    if (busy) return;
    const text = reason.trim();
    const problem =
      text === ''
        ? blank
        : text.length > maxLength
          ? `Reason can have at most ${maxLength} characters.`
          : null;
    setErrors(problem ? { reason: problem } : {});
    submitter.setFormError(null);
    if (problem) return;
    const outcome = await submitter.run(() => send(text));
    if (outcome?.ok) onDone(outcome.value);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={name}>
      {formError ? <Alert>{formError}</Alert> : null}
      <TextAreaField
        label="Reason"
        name="reason"
        required
        maxLength={maxLength}
        value={reason}
        error={errors.reason}
        hint={hint}
        onChange={(event) => setReason(event.target.value)}
      />
      <Actions>
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
