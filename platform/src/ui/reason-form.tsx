import type { FormEvent } from 'react';
import styled from 'styled-components';
import { useEntityForm, type FormProblems } from '../form/use-entity-form';
import { Alert } from './alert';
import { Button } from './button';
import { TextAreaField } from './fields';

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

interface Values {
  reason: string;
}

/**
 * A required reason and one danger button: what every irreversible step asks (a void, a reservation given up).
 * On the platform's edit/create controller (issue 21 item 5): the reason is checked here as the service checks it
 * (required, at most `maxLength`); the service's refusals stay in the form (a field error under Reason, anything
 * else above it) with the reason kept, so nothing typed is lost; one send at a time.
 */
export function ReasonForm<T>(props: ReasonFormProps<T>) {
  const { name, maxLength, blank, hint, submitLabel, busyLabel, failure, send, onDone } = props;
  // What `send` answers is the page's (it may be nothing): held in a box, as the controller keeps an object.
  const controller = useEntityForm<Values, { result: T }>({
    values: { reason: '' },
    check: ({ reason }): FormProblems<Values> => {
      const text = reason.trim();
      return {
        reason:
          text === ''
            ? blank
            : text.length > maxLength
              ? `Reason can have at most ${maxLength} characters.`
              : undefined,
      };
    },
    save: async ({ reason }) => ({ result: await send(reason.trim()) }),
    serverFields: { reason: 'reason' },
    failedText: failure,
    // The dialog closes, or the page says what was done: nothing to announce here.
    savedMessage: null,
    // A dialog's form: it is closed, not left.
    guard: false,
    onSaved: (saved) => onDone(saved.result),
  });
  const { busy } = controller;

  function submit(event: FormEvent<HTMLFormElement>) {
    // The dialog is portalled, but React still bubbles its submit to any form the opening button sits in.
    event.stopPropagation();
    void controller.onSubmit(event);
  }

  return (
    <form ref={controller.formRef} onSubmit={submit} noValidate aria-label={name}>
      {controller.formError ? <Alert>{controller.formError}</Alert> : null}
      <TextAreaField
        label="Reason"
        required
        maxLength={maxLength}
        hint={hint}
        {...controller.text('reason')}
      />
      <Actions>
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </Actions>
    </form>
  );
}
