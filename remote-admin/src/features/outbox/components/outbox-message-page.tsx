import { MAIL_STATUS_LABELS } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorDetail,
  Facts,
  formatMoment,
  PageHeader,
  RecordPending,
  useAuth,
  usePageTitle,
  useRecordId,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useOutboxMessage, useRetryMessage } from '../api/outbox';
import { canRetry, recipient, retryOutcome } from './mail-status';

const Body = styled.pre`
  font: inherit;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radius};
`;

const Back = () => <Link to="/settings/outbox">Back to the Outbox</Link>;

/** /settings/outbox/:id: one message as it was written and what became of it, with Retry when it was not sent. */
export function OutboxMessagePage() {
  const id = useRecordId();
  const message = useOutboxMessage(id);
  const retryMessage = useRetryMessage();
  const { shop } = useAuth();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const data = message.data;
  usePageTitle(data ? `E-mail: ${data.subject}` : 'E-mail');

  if (!data) {
    return (
      <>
        <PageHeader title="E-mail" />
        <RecordPending
          id={id}
          query={message}
          notFound={
            <>
              No such e-mail in this shop&apos;s outbox. <Back />
            </>
          }
          failed="Failed to load the e-mail."
          loading="Loading the e-mail..."
        />
      </>
    );
  }

  const when = (at: string | null) => (at ? formatMoment(at, shop?.time_zone) : '—');
  const retry = () => {
    setOutcome(null);
    retryMessage.mutate(data.id, {
      onSuccess: (answer) =>
        setOutcome({ tone: answer.status === 'sent' ? 'success' : 'error', text: retryOutcome(answer) }),
      onError: (error) =>
        setOutcome({
          tone: 'error',
          text: errorDetail(error) ?? 'The message could not be retried. Try again.',
        }),
    });
  };

  return (
    <>
      <PageHeader
        title={data.subject}
        actions={
          canRetry(data.status) ? (
            <Button onClick={retry} disabled={retryMessage.isPending}>
              {retryMessage.isPending ? 'Retrying...' : 'Retry'}
            </Button>
          ) : null
        }
      />
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      <Card>
        <Facts>
          <dt>Status</dt>
          <dd>{MAIL_STATUS_LABELS[data.status]}</dd>
          {data.lastError ? (
            <>
              <dt>Why</dt>
              <dd>{data.lastError}</dd>
            </>
          ) : null}
          <dt>To</dt>
          <dd>{recipient(data)}</dd>
          <dt>From</dt>
          <dd>{data.from || '—'}</dd>
          {data.replyTo ? (
            <>
              <dt>Reply-To</dt>
              <dd>{data.replyTo}</dd>
            </>
          ) : null}
          <dt>Written</dt>
          <dd>{when(data.createdAt)}</dd>
          <dt>Attempts</dt>
          <dd>{data.attempts}</dd>
          <dt>Last attempt</dt>
          <dd>{when(data.lastAttemptAt)}</dd>
          <dt>Sent</dt>
          <dd>{when(data.sentAt)}</dd>
        </Facts>
        <h2>Message</h2>
        <Body>{data.text}</Body>
      </Card>
      <p>
        <Back />
      </p>
    </>
  );
}
