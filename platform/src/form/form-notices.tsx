import styled from 'styled-components';
import { Alert } from '../ui/alert';
import { EditConflictAlert } from '../ui/edit-conflict';
import type { EntityForm, Versioned } from './use-entity-form';
import type { FieldValues } from 'react-hook-form';

const Status = styled.p`
  margin: 0;
  &:not(:empty) {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    margin-bottom: ${({ theme }) => theme.space(4)};
    border: 1px solid ${({ theme }) => theme.colors.success};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.success};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

/**
 * The form's polite status line: always in the page (a live region must be there before its words are, or a
 * screen reader may not read them), empty until a save says something.
 */
export function FormStatus({ message }: { message: string | null }) {
  return (
    <Status role="status" aria-live="polite">
      {message ?? ''}
    </Status>
  );
}

/**
 * What a form says above its fields: a stale edit (who changed the record, and Reload), why Reload failed, the
 * message that belongs to no field, and the status after a save.
 */
export function FormNotices<V extends FieldValues, R extends Versioned>({
  controller,
  status = true,
}: {
  controller: EntityForm<V, R>;
  /** Leave the status line out when the form announces by toast, or shows it elsewhere. */
  status?: boolean;
}) {
  return (
    <>
      {controller.conflict ? (
        <EditConflictAlert
          conflict={controller.conflict}
          onReload={() => void controller.reload()}
          reloading={controller.reloading}
        />
      ) : null}
      {controller.reloadError ? <Alert>{controller.reloadError}</Alert> : null}
      {controller.formError ? <Alert>{controller.formError}</Alert> : null}
      {status ? <FormStatus message={controller.status} /> : null}
    </>
  );
}
