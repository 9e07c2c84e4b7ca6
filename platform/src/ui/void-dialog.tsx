import { can, VOID_NOT_ALLOWED, VOID_REASON_REQUIRED, type Role, type VoidInfo } from '@loupe/contracts';
import { Fragment, useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { useAuth } from '../auth/auth-context';
import { formatMoment } from '../lib/dates';
import { Button } from './button';
import { Modal } from './modal';
import { ReasonForm } from './reason-form';

/*
 * Corrections by reversal (issue 12): a posted sale, quick sale, expense, payment or charge is never edited; it is
 * voided, which posts a reversal entry and marks the original. One dialog, one button and one way of showing a
 * voided entry for every screen, so the three remotes cannot drift apart on what a void asks and says.
 */

/** The longest reason the service takes (VoidRequest). */
export const VOID_REASON_MAX = 500;

/** Whether the role may void (contracts' permission map); the service refuses anyone else with 403 VOID_NOT_ALLOWED. */
export const canVoid = (role: Role | null | undefined): boolean => can(role, 'void');

/**
 * Whether the signed-in member may void, and the id of the visible note that explains why not: a screen
 * renders `<VoidNotAllowed id={noteId} />` once (beside its list or button) and every disabled Void button
 * points at it with aria-describedby, so the reason is read out, not left to a hover tooltip.
 */
export function useVoidPermission(): { allowed: boolean; noteId: string } {
  const { can: memberCan } = useAuth();
  const noteId = `void-not-allowed-${useId().replace(/:/g, '')}`;
  return { allowed: memberCan('void'), noteId };
}

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

/** The reason a silver member's Void buttons are disabled, shown as text. */
export function VoidNotAllowed({ id }: { id: string }) {
  return <Note id={id}>{VOID_NOT_ALLOWED}</Note>;
}

export interface VoidButtonProps {
  /** What the button says (Void, Void sale). */
  children?: ReactNode;
  /** The accessible name when a list has a Void per row ("Void payment of £100.00 on 3 Jan 2026"). */
  label?: string;
  allowed: boolean;
  /** The id of the VoidNotAllowed note, described by the disabled button. */
  noteId: string;
  onClick(): void;
}

/** Void for one entry: disabled, and described by the reason, for a member who may not void. */
export function VoidButton({ children = 'Void', label, allowed, noteId, onClick }: VoidButtonProps) {
  return (
    <Button
      variant="danger"
      aria-label={label}
      disabled={!allowed}
      aria-describedby={allowed ? undefined : noteId}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

const Voided = styled.span`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  strong {
    color: ${({ theme }) => theme.colors.danger};
  }
  span {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.85rem;
  }
`;

/** What a voided original shows in place of its Void button: marked Voided, with the reason, who and when. */
export function VoidedNote({ voided }: { voided: VoidInfo }) {
  return (
    <Voided>
      <strong>Voided</strong>
      <span>
        {voided.reason} — {voided.by ?? 'someone no longer in the shop'}, {formatMoment(voided.at)}
      </span>
    </Voided>
  );
}

const Warning = styled.p`
  margin-top: 0;
`;

const Summary = styled.div`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

/** One line of what is voided: Amount, Date, Client, Name... */
export interface VoidFact {
  label: string;
  value: ReactNode;
}

export interface VoidDialogProps<T> {
  open: boolean;
  /** The dialog's title and the form's name, e.g. "Void payment". */
  title: string;
  /** What is voided: amount, date, who or what. */
  facts: readonly VoidFact[];
  /** Sends the void with the reason typed; throws the service's refusal (an HttpError). */
  send(reason: string): Promise<T>;
  /** The service voided it: the owner closes the dialog and shows the entry voided. */
  onVoided(result: T): void;
  onClose(): void;
}

/**
 * Void (issue 12): cannot be undone, so it is a confirmation that says what is voided and asks why. The reason
 * is required; the service's refusals stay in the dialog (a field error under Reason, anything else above the
 * form) with the reason kept, so nothing typed is lost. Cancel, Escape and the backdrop close it unsent.
 */
export function VoidDialog<T>({ open, title, facts, send, onVoided, onClose }: VoidDialogProps<T>) {
  return (
    <Modal open={open} title={title} onClose={onClose} closeLabel="Cancel">
      {/* Mounted only while open, so a dialog opened again starts with an empty reason and no errors. */}
      {open ? <VoidForm title={title} facts={facts} send={send} onVoided={onVoided} /> : null}
    </Modal>
  );
}

function VoidForm<T>({
  title,
  facts,
  send,
  onVoided,
}: Pick<VoidDialogProps<T>, 'title' | 'facts' | 'send' | 'onVoided'>) {
  return (
    <>
      <Warning>
        Voiding cannot be undone. The entry stays, marked voided, and a reversal entry dated today cancels it.
      </Warning>
      <Summary>
        <dl>
          {facts.map((fact) => (
            <Fragment key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </Fragment>
          ))}
        </dl>
      </Summary>
      <ReasonForm
        name={title}
        maxLength={VOID_REASON_MAX}
        blank={VOID_REASON_REQUIRED}
        hint="Why the entry is voided: it is kept with the void for everyone to read."
        submitLabel="Void"
        busyLabel="Voiding..."
        failure="The entry could not be voided. Please try again."
        send={send}
        onDone={onVoided}
      />
    </>
  );
}
