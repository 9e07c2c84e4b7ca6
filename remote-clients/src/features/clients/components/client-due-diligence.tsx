import { CDD_NOT_ALLOWED, type Client } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DayField,
  errorMessage,
  Facts,
  formatDay,
  FormNotices,
  Modal,
  today,
  useAuth,
  useEntityForm,
} from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useVerification } from '../api/verify-client';
import { pastDayProblem } from '../lib/past-day';

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;
const Note = styled.p`
  margin: ${({ theme }) => `${theme.space(3)} 0 0`};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

/** "Verified by gold on 1 Mar 2026", or "Not verified". */
export function verificationText(client: Client): string {
  const { verifiedBy, verifiedOn } = client.cdd;
  if (verifiedOn === null) return 'Not verified';
  return `Verified by ${verifiedBy ?? 'a former member'} on ${formatDay(verifiedOn)}`;
}

/**
 * Customer due diligence on the client's page (issue 13): whether an identity document is on file, who verified
 * the client and when, Record verification (a dialog with the day, today by default) and Withdraw (after a
 * confirmation). Platinum and gold only; silver sees the button disabled and the reason as text.
 */
export function ClientDueDiligence({ client }: { client: Client }) {
  const titleId = useId();
  const noteId = useId();
  const allowed = useAuth().can('verifyClients');
  const [recording, setRecording] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const verified = client.cdd.verifiedOn !== null;

  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Due diligence</SectionTitle>
      <Facts $stack>
        <dt>Identity document on file</dt>
        <dd>{client.kyc ? 'Yes' : 'No'}</dd>
        <dt>Verification</dt>
        <dd>{verificationText(client)}</dd>
        <dt>Due diligence</dt>
        <dd>
          {client.cdd.complete
            ? 'Complete: cash of €10,000 or more can be accepted'
            : 'Incomplete: cash of €10,000 or more will be refused'}
        </dd>
      </Facts>
      <Row>
        <Button
          disabled={!allowed}
          aria-describedby={allowed ? undefined : noteId}
          onClick={() => setRecording(true)}
        >
          Record verification
        </Button>
        {verified ? (
          <Button
            variant="danger"
            disabled={!allowed}
            aria-describedby={allowed ? undefined : noteId}
            onClick={() => setWithdrawing(true)}
          >
            Withdraw
          </Button>
        ) : null}
      </Row>
      {allowed ? null : <Note id={noteId}>{CDD_NOT_ALLOWED}</Note>}
      {recording ? <RecordDialog client={client} onClose={() => setRecording(false)} /> : null}
      {withdrawing ? <WithdrawDialog client={client} onClose={() => setWithdrawing(false)} /> : null}
    </Card>
  );
}

function RecordDialog({ client, onClose }: { client: Client; onClose(): void }) {
  const { verify } = useVerification();
  // On the platform's form controller (issue 21 item 5): the day checked before any call, the service's
  // message beside it, one send at a time. The dialog closes on save and the panel's facts say it was recorded.
  const controller = useEntityForm<{ verifiedOn: string }, Client>({
    values: { verifiedOn: today() },
    check: ({ verifiedOn }) => {
      const problem = pastDayProblem(verifiedOn);
      return problem ? { verifiedOn: problem } : {};
    },
    failedText: 'The verification could not be recorded. Please try again.',
    savedMessage: null,
    guard: false,
    save: ({ verifiedOn }) => verify.mutateAsync({ id: client.id, verifiedOn }),
    onSaved: () => onClose(),
  });
  const { busy } = controller;

  return (
    <Modal open title={`Record verification for ${client.name}`} onClose={onClose} closeLabel="Cancel">
      <form
        ref={controller.formRef}
        onSubmit={controller.onSubmit}
        noValidate
        aria-label="Record verification"
      >
        <p>
          Record that you checked the client&rsquo;s identity against their identity document. You are
          recorded as the person who verified them.
        </p>
        <FormNotices controller={controller} status={false} />
        <DayField label="Verified on" max={today()} {...controller.value('verifiedOn')} />
        <Row>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save verification'}
          </Button>
        </Row>
      </form>
    </Modal>
  );
}

function WithdrawDialog({ client, onClose }: { client: Client; onClose(): void }) {
  const { unverify } = useVerification();
  async function withdraw() {
    try {
      await unverify.mutateAsync(client.id);
      onClose();
    } catch {
      // Shown below from the mutation's state.
    }
  }
  return (
    <Modal open title="Withdraw the verification?" onClose={onClose} closeLabel="Cancel">
      <p>
        {verificationText(client)}. Without it, cash of €10,000 or more from {client.name} will be refused
        until the client is verified again.
      </p>
      {unverify.isError ? (
        <Alert>
          {errorMessage(unverify.error, 'The verification could not be withdrawn. Please try again.')}
        </Alert>
      ) : null}
      <Row>
        <Button variant="danger" onClick={() => void withdraw()} disabled={unverify.isPending}>
          {unverify.isPending ? 'Withdrawing...' : 'Withdraw verification'}
        </Button>
      </Row>
    </Modal>
  );
}
