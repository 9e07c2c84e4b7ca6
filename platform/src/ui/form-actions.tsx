import { useCallback, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import styled from 'styled-components';
import { readServerErrors, type ServerErrors, type ServerErrorsOptions } from '../lib/server-errors';
import { Button } from './button';

/** A form's row of actions; the Modal keeps it in view at the foot of a dialog. */
export const ActionsRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  /* In a dialog the Modal's own Close button follows: keep the two rows apart. */
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

export interface FormActionsProps {
  submitLabel: string;
  /** The form is being sent: submit is disabled (a second press would send it twice) and marked busy. */
  busy: boolean;
  /** What the submit button says while busy (default: its label). */
  busyLabel?: string;
  /** Hides the submit button, e.g. for a record that can no longer be changed. */
  hideSubmit?: boolean;
  onCancel?(): void;
  cancelLabel?: string;
  /** Other actions of the form, after submit (End Promotion). */
  children?: ReactNode;
}

/** A form's row of actions: submit, then the others, then Cancel; all disabled while the form is sent. */
export function FormActions({
  submitLabel,
  busy,
  busyLabel,
  hideSubmit = false,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: FormActionsProps) {
  return (
    <ActionsRow>
      {hideSubmit ? null : (
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </Button>
      )}
      {children}
      {onCancel ? (
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </Button>
      ) : null}
    </ActionsRow>
  );
}

export type SubmitOutcome<T> = { ok: true; value: T } | { ok: false; errors: ServerErrors };

export interface FormSubmit<F extends string> {
  busy: boolean;
  /** Messages beside the fields: the form's own checks, then the service's. */
  errors: Partial<Record<F, string>>;
  setErrors: Dispatch<SetStateAction<Partial<Record<F, string>>>>;
  /** The message above the form (the service's detail, or `failedText` when nothing else explains it). */
  formError: string | null;
  setFormError(message: string | null): void;
  /**
   * Sends the form once: ignored while a send is under way; on a refusal the service's errors go beside the
   * fields and above the form.
   */
  run<T>(send: () => Promise<T>): Promise<SubmitOutcome<T> | null>;
}

/**
 * The state every form keeps around its send: busy, errors beside the fields, an error above the form, and
 * DRF's error answer split between them (`readServerErrors`).
 */
export function useFormSubmit<F extends string>(
  failedText: string,
  options?: ServerErrorsOptions,
): FormSubmit<F> {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // State is a render late: a double click reaches here twice before `busy` is seen.
  const sending = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const run = useCallback(
    async <T,>(send: () => Promise<T>): Promise<SubmitOutcome<T> | null> => {
      if (sending.current) return null;
      sending.current = true;
      setBusy(true);
      setFormError(null);
      try {
        return { ok: true, value: await send() };
      } catch (error) {
        const server = readServerErrors(error, failedText, optionsRef.current);
        setErrors(server.fields as Partial<Record<F, string>>);
        setFormError(server.form);
        return { ok: false, errors: server };
      } finally {
        sending.current = false;
        setBusy(false);
      }
    },
    [failedText],
  );

  return { busy, errors, setErrors, formError, setFormError, run };
}
