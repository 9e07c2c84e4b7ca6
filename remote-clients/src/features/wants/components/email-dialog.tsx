import {
  MAIL_STATUS_LABELS,
  WANT_PROBLEMS,
  type MailStatus,
  type WantMatch,
  type WantMatchEmail,
  type WantMatchSent,
} from '@loupe/contracts';
import {
  Alert,
  errorDetail,
  FormActions,
  FormNotices,
  HttpError,
  Modal,
  RetryAlert,
  Spinner,
  TextAreaField,
  TextField,
  useEntityForm,
} from '@loupe/platform';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMatchEmail, useSendMatchEmail } from '../api/match-email';
import { matchItemName } from '../lib/want-values';

/** The client's page's form, whose Email field the "Edit the client" link puts the keyboard on. */
function focusClientEmail() {
  requestAnimationFrame(() =>
    document.querySelector<HTMLInputElement>('form[aria-label="Edit Client"] input[name="email"]')?.focus(),
  );
}

/**
 * Why the e-mail cannot go (the service's words), and for a client without an address the way to add one: the
 * client's page, with the keyboard on its Email field.
 */
function Problem({ message, clientId, onClose }: { message: string; clientId: number; onClose(): void }) {
  const clientPage = `/clients/edit/${clientId}`;
  // On the client's page already: no second history entry for the same page.
  const here = useLocation().pathname === clientPage;
  return (
    <Alert>
      {message}
      {message === WANT_PROBLEMS.noEmail ? (
        <>
          {' '}
          <Link
            to={clientPage}
            replace={here}
            onClick={() => {
              onClose();
              focusClientEmail();
            }}
          >
            Edit the client
          </Link>
        </>
      ) : null}
    </Alert>
  );
}

const KNOWN_STATUS = (status: string): status is MailStatus => status in MAIL_STATUS_LABELS;

/**
 * Whether it went: sent, or kept in the shop's outbox with the reason (no SMTP server, a refusal). The words
 * replace the form, so the keyboard is put on them: a status that appears with its own region is not always
 * read out, and the Send button it was on is gone.
 */
function Outcome({ sent, to }: { sent: WantMatchSent; to: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const { status, lastError } = sent.mail;
  const label = KNOWN_STATUS(status) ? MAIL_STATUS_LABELS[status] : status;
  return (
    <div ref={ref} tabIndex={-1}>
      {status === 'sent' ? (
        <Alert tone="success">E-mail sent to {to}.</Alert>
      ) : (
        <Alert tone="info">
          Kept in the outbox ({label}), not sent yet. {lastError}
        </Alert>
      )}
    </div>
  );
}

/**
 * A match's "Send e-mail" (issue 24 item 5): the service's prepared e-mail (GET …/email/), its subject and
 * message editable, then Send (POST): the answer says whether it went or sits in the outbox, and the client's
 * History records it. A client without an e-mail address gets the service's reason and a link to add one.
 */
export function EmailDialog({ match, onClose }: { match: WantMatch; onClose(): void }) {
  const draft = useMatchEmail(match.id);
  const [sent, setSent] = useState<WantMatchSent | null>(null);
  const title = `E-mail ${match.clientName} about ${matchItemName(match)}`;

  let body;
  if (sent) body = <Outcome sent={sent} to={draft.data?.to.address ?? match.clientEmail} />;
  else if (draft.status === 'error')
    body = (
      <RetryAlert
        error={draft.error}
        what="Failed to prepare the e-mail."
        onRetry={() => void draft.refetch()}
      />
    );
  else if (!draft.data) body = <Spinner label="Preparing the e-mail..." />;
  else if (draft.data.problem)
    body = <Problem message={draft.data.problem} clientId={match.clientId} onClose={onClose} />;
  else body = <EmailForm match={match} draft={draft.data} onSent={setSent} onClose={onClose} />;

  return (
    <Modal open title={title} onClose={onClose} closeLabel={sent ? 'Close' : 'Cancel'}>
      {body}
    </Modal>
  );
}

interface EmailValues {
  subject: string;
  text: string;
}

function EmailForm({
  match,
  draft,
  onSent,
  onClose,
}: {
  match: WantMatch;
  draft: WantMatchEmail;
  onSent(sent: WantMatchSent): void;
  onClose(): void;
}) {
  const send = useSendMatchEmail();
  // A refusal of the send itself (409: no address since, the item sold meanwhile, e-mailed already).
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useEntityForm<EmailValues, WantMatchSent>({
    values: { subject: draft.subject, text: draft.text },
    check: (values) => ({
      subject: values.subject.trim() ? undefined : 'Enter a subject.',
      text: values.text.trim() ? undefined : 'Enter the message.',
    }),
    failedText: 'The e-mail could not be sent. Please try again.',
    savedMessage: null,
    guard: false,
    save: (values) => send.mutateAsync({ match, body: values }),
    onSaved: (answer) => onSent(answer),
    onFailed: (error) => {
      if (!(error instanceof HttpError && error.status === 409)) return false;
      setProblem(errorDetail(error) ?? 'The e-mail could not be sent.');
      return true;
    },
  });
  // The dialog opened on its spinner, so the Modal put the keyboard on the dialog itself: now the draft is
  // in, it goes to the subject (unless the person has moved it meanwhile).
  const { formRef } = controller;
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.tagName === 'DIALOG')
      formRef.current?.querySelector<HTMLInputElement>('input[name="subject"]')?.focus();
  }, [formRef]);
  const to = draft.to.name ? `${draft.to.name} <${draft.to.address}>` : draft.to.address;
  return (
    <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="E-mail the client">
      {problem ? <Problem message={problem} clientId={match.clientId} onClose={onClose} /> : null}
      <FormNotices controller={controller} status={false} />
      <TextField label="To" value={to} readOnly />
      <TextField label="Subject" maxLength={200} {...controller.text('subject')} />
      <TextAreaField label="Message" rows={12} maxLength={10_000} {...controller.text('text')} />
      <FormActions submitLabel="Send" busy={controller.busy} busyLabel="Sending..." />
    </form>
  );
}
