import { Alert, ActionsRow, Button, errorMessage, Modal } from '@loupe/platform';
import { useState, type ReactNode } from 'react';

/**
 * "Remove this want?" / "Dismiss this match?": what will happen in a sentence, the action named on its button
 * and Cancel. Focus starts on the dialog itself (the Modal's rule for a dialog without fields), so the
 * destructive button is never one Enter away; a refusal is said inside the dialog, which stays open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  failedText,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  failedText: string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, failedText));
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} onClose={onClose} closeLabel="Cancel">
      {children}
      {error ? <Alert>{error}</Alert> : null}
      <ActionsRow>
        <Button variant="danger" disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </ActionsRow>
    </Modal>
  );
}
