import type { ClientConflict, ItemConflict } from '@loupe/contracts';
import { useAuth } from '../auth/auth-context';
import { HttpError } from '../http/http-client';
import { formatMoment } from '../lib/dates';
import { Alert } from './alert';
import { Button } from './button';

/**
 * Who changed a record under an open edit form, and when: the service's 409/412 to a stale edit of a client or
 * an item (issue 12), shown the same way by every remote that edits one.
 */
export type EditConflict = Pick<ClientConflict | ItemConflict, 'changedBy' | 'changedAt'>;

/** The conflict a failed save reports, or null for any other failure (those go beside their fields). */
export function editConflictOf(error: unknown): EditConflict | null {
  if (!(error instanceof HttpError) || (error.status !== 409 && error.status !== 412)) return null;
  const data = error.data as Partial<EditConflict> | null;
  if (data === null || typeof data !== 'object' || typeof data.changedAt !== 'string') return null;
  return { changedBy: typeof data.changedBy === 'string' ? data.changedBy : null, changedAt: data.changedAt };
}

export const conflictMessage = (conflict: EditConflict, timeZone?: string) =>
  `Changed by ${conflict.changedBy ?? 'someone else'} at ${formatMoment(conflict.changedAt, timeZone)} \u2014 reload to see their changes`;

interface EditConflictAlertProps {
  conflict: EditConflict;
  /** Loads the record as it is now; only this discards what was typed. */
  onReload(): void;
  reloading: boolean;
}

/** The alert of a stale edit: what was typed stays in the form until the person chooses Reload. */
export function EditConflictAlert({ conflict, onReload, reloading }: EditConflictAlertProps) {
  // The shop's zone from the session, as every other time in the shop is shown.
  const timeZone = useAuth().shop?.time_zone;
  return (
    <Alert>
      {conflictMessage(conflict, timeZone)}{' '}
      <Button variant="secondary" onClick={onReload} disabled={reloading} aria-busy={reloading}>
        Reload
      </Button>
    </Alert>
  );
}
