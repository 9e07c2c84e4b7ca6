import {
  API_BASE,
  endpoints,
  mayReviewRetention,
  pathOf,
  type Client,
  type ErasureOutcome,
  type RetentionClient,
} from '@loupe/contracts';
import {
  Alert,
  api,
  Button,
  Card,
  CardTitle,
  DayField,
  DownloadLink,
  formatDay,
  formatMoment,
  FormNotices,
  Modal,
  queryKeys,
  queryOptions,
  readServerErrors,
  RetryAlert,
  Spinner,
  StatList,
  TextAreaField,
  today,
  useApiMutation,
  useAuth,
  useEntityForm,
  useQuery,
} from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { pastDayProblem } from '../lib/past-day';

// Privacy and retention on the client's page (issue 25 item 3), for the shop's owner and its nominated officer:
// the retention clock (MLR 2017 reg. 40: five years after the last transaction), a legal hold, an erasure request
// (UK GDPR Art. 17) with what was erased and what was refused, why and until when, and the subject access export
// (Art. 15) as one ZIP. Others see nothing of it.

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;
const Refusals = styled.ul`
  margin: 0;
  padding-left: 1.2em;
  li {
    margin-bottom: ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;
  }
`;

const retentionKeys = queryKeys.retention;

const retentionQuery = (id: number) =>
  queryOptions({
    queryKey: retentionKeys.detail(id),
    queryFn: ({ signal }) => api(endpoints.retention.status, { params: { id }, signal }),
  });

export function ClientPrivacy({ client }: { client: Client }) {
  const { role, nominatedOfficer } = useAuth();
  if (!mayReviewRetention(role, nominatedOfficer)) return null;
  return <PrivacyCard client={client} />;
}

function PrivacyCard({ client }: { client: Client }) {
  const titleId = useId();
  const clock = useQuery(retentionQuery(client.id));
  const [dialog, setDialog] = useState<'hold' | 'release' | 'erasure' | null>(null);
  const data = clock.data;
  const exportUrl = `${API_BASE}${pathOf(endpoints.retention.subjectAccess, { id: client.id })}`;

  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Privacy and retention</CardTitle>
      {clock.isPending ? <Spinner label="Loading the retention clock" /> : null}
      {clock.isError ? (
        <RetryAlert
          error={clock.error}
          what="The retention clock could not be loaded."
          onRetry={() => void clock.refetch()}
        />
      ) : null}
      {data ? (
        <>
          {data.erasedAt ? (
            <Alert tone="info">
              This client&rsquo;s personal data was erased on {formatMoment(data.erasedAt)} at the end of
              retention.
            </Alert>
          ) : null}
          <StatList>
            <dt>Last transaction</dt>
            <dd>{data.lastTransactionOn ? formatDay(data.lastTransactionOn) : 'None yet'}</dd>
            <dt>Records kept until</dt>
            <dd>
              {formatDay(data.retainUntil)}
              {data.due ? ' (retention is over: listed for review)' : ''}
            </dd>
            <dt>Legal hold</dt>
            <dd>
              {data.hold
                ? `${data.hold.reason} (set by ${data.hold.setBy} on ${formatMoment(data.hold.setAt)})`
                : 'None'}
            </dd>
          </StatList>
          <Row>
            <DownloadLink href={exportUrl} download="">
              Download subject access export
            </DownloadLink>
            {data.erasedAt ? null : (
              <>
                <Button variant="secondary" onClick={() => setDialog('erasure')}>
                  Record erasure request
                </Button>
                {data.hold ? (
                  <Button variant="secondary" onClick={() => setDialog('release')}>
                    Lift legal hold
                  </Button>
                ) : (
                  <Button variant="secondary" onClick={() => setDialog('hold')}>
                    Place legal hold
                  </Button>
                )}
              </>
            )}
          </Row>
        </>
      ) : null}
      {dialog === 'hold' ? <HoldDialog client={client} onClose={() => setDialog(null)} /> : null}
      {dialog === 'release' ? <ReleaseDialog client={client} onClose={() => setDialog(null)} /> : null}
      {dialog === 'erasure' ? <ErasureDialog client={client} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}

function HoldDialog({ client, onClose }: { client: Client; onClose(): void }) {
  const hold = useApiMutation(endpoints.retention.hold, {
    call: (reason: string) => ({ params: { id: client.id }, body: { reason } }),
    changes: ['retention', 'clients'],
  });
  // On the platform's form controller (issue 21 item 5): a blank reason refused before any call, the service's
  // message beside the field, one send at a time. The card's Legal hold line says it was placed.
  const controller = useEntityForm<{ reason: string }, RetentionClient>({
    values: { reason: '' },
    check: ({ reason }) => (reason.trim() ? {} : { reason: 'Reason is required.' }),
    failedText: 'The legal hold could not be placed. Please try again.',
    savedMessage: null,
    guard: false,
    save: ({ reason }) => hold.mutateAsync(reason.trim()),
    onSaved: () => onClose(),
  });
  const { busy } = controller;

  return (
    <Modal open title={`Place a legal hold on ${client.name}`} onClose={onClose} closeLabel="Cancel">
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Place legal hold">
        <p>
          While the hold stands, the client is neither deleted at the end of retention nor erased on request.
          You are recorded as the person who set it.
        </p>
        <FormNotices controller={controller} status={false} />
        <TextAreaField label="Reason" maxLength={500} {...controller.text('reason')} />
        <Row>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Place hold'}
          </Button>
        </Row>
      </form>
    </Modal>
  );
}

function ReleaseDialog({ client, onClose }: { client: Client; onClose(): void }) {
  const release = useApiMutation(endpoints.retention.release, {
    call: (id: number) => ({ params: { id } }),
    changes: ['retention', 'clients'],
  });
  const [error, setError] = useState<string | null>(null);
  async function lift() {
    try {
      await release.mutateAsync(client.id);
      onClose();
    } catch (e) {
      setError(readServerErrors(e, 'The legal hold could not be lifted. Please try again.').form);
    }
  }
  return (
    <Modal open title="Lift the legal hold?" onClose={onClose} closeLabel="Cancel">
      <p>Without the hold, {client.name} can be deleted once retention is over, and erased on request.</p>
      {error ? <Alert>{error}</Alert> : null}
      <Row>
        <Button onClick={() => void lift()} disabled={release.isPending}>
          {release.isPending ? 'Lifting...' : 'Lift hold'}
        </Button>
      </Row>
    </Modal>
  );
}

function ErasureDialog({ client, onClose }: { client: Client; onClose(): void }) {
  const erasure = useApiMutation(endpoints.retention.erasure, {
    call: (receivedOn: string) => ({ params: { id: client.id }, body: { receivedOn } }),
    changes: ['retention', 'clients'],
  });
  // On the platform's form controller (issue 21 item 5). The answer (what was erased, what is kept) replaces
  // the form in the dialog: that is what the member reads after the save.
  const controller = useEntityForm<{ receivedOn: string }, ErasureOutcome>({
    values: { receivedOn: today() },
    check: ({ receivedOn }) => {
      const problem = pastDayProblem(receivedOn);
      return problem ? { receivedOn: problem } : {};
    },
    failedText: 'The erasure request could not be recorded. Please try again.',
    savedMessage: null,
    guard: false,
    save: ({ receivedOn }) => erasure.mutateAsync(receivedOn),
  });
  const { busy } = controller;
  const outcome = controller.record;

  return (
    <Modal open title={`Erasure request from ${client.name}`} onClose={onClose} closeLabel="Close">
      {outcome ? (
        <section aria-label="Erasure request answered">
          <h3>Erased</h3>
          <p>{outcome.erased.length ? outcome.erased.join(', ') : 'Nothing could be erased now.'}</p>
          <h3>Kept</h3>
          {outcome.refused.length ? (
            <Refusals>
              {outcome.refused.map((r) => (
                <li key={r.what}>
                  <strong>{r.what}</strong>: {r.reason}{' '}
                  {r.until ? `It can go on ${formatDay(r.until)}.` : 'It can go once the hold is lifted.'}
                </li>
              ))}
            </Refusals>
          ) : (
            <p>Nothing.</p>
          )}
        </section>
      ) : (
        <form
          ref={controller.formRef}
          onSubmit={controller.onSubmit}
          noValidate
          aria-label="Record erasure request"
        >
          <Muted>
            The e-mail address, phone number and notes are erased at once. What the law requires the shop to
            keep is refused with its reason and the date it can go. Answer within one month of receipt.
          </Muted>
          <FormNotices controller={controller} status={false} />
          <DayField label="Received on" max={today()} {...controller.value('receivedOn')} />
          <Row>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Erasing...' : 'Erase what can go'}
            </Button>
          </Row>
        </form>
      )}
    </Modal>
  );
}
