import {
  API_BASE,
  endpoints,
  mayReviewRetention,
  pathOf,
  type Client,
  type ErasureOutcome,
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
  useQuery,
} from '@loupe/platform';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';

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
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (hold.isPending) return;
    setFormError(null);
    if (!reason.trim()) return setReasonError('Reason is required.');
    setReasonError(null);
    try {
      await hold.mutateAsync(reason.trim());
      onClose();
    } catch (error) {
      const server = readServerErrors(error, 'The legal hold could not be placed. Please try again.');
      setReasonError((server.fields as Record<string, string>).reason ?? null);
      setFormError(server.form);
    }
  }

  return (
    <Modal open title={`Place a legal hold on ${client.name}`} onClose={onClose} closeLabel="Cancel">
      <form onSubmit={submit} noValidate aria-label="Place legal hold">
        <p>
          While the hold stands, the client is neither deleted at the end of retention nor erased on request.
          You are recorded as the person who set it.
        </p>
        {formError ? <Alert>{formError}</Alert> : null}
        <TextAreaField
          label="Reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          error={reasonError ?? undefined}
        />
        <Row>
          <Button type="submit" disabled={hold.isPending} aria-busy={hold.isPending || undefined}>
            {hold.isPending ? 'Saving...' : 'Place hold'}
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
  const [day, setDay] = useState(today());
  const [dayError, setDayError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ErasureOutcome | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (erasure.isPending) return;
    setFormError(null);
    if (!day) return setDayError('Date is required.');
    if (day > today()) return setDayError('The date cannot be in the future.');
    setDayError(null);
    try {
      setOutcome(await erasure.mutateAsync(day));
    } catch (error) {
      const server = readServerErrors(error, 'The erasure request could not be recorded. Please try again.');
      setDayError((server.fields as Record<string, string>).receivedOn ?? null);
      setFormError(server.form);
    }
  }

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
        <form onSubmit={submit} noValidate aria-label="Record erasure request">
          <Muted>
            The e-mail address, phone number and notes are erased at once. What the law requires the shop to
            keep is refused with its reason and the date it can go. Answer within one month of receipt.
          </Muted>
          {formError ? <Alert>{formError}</Alert> : null}
          <DayField
            label="Received on"
            value={day}
            max={today()}
            onChange={setDay}
            error={dayError ?? undefined}
          />
          <Row>
            <Button type="submit" disabled={erasure.isPending} aria-busy={erasure.isPending || undefined}>
              {erasure.isPending ? 'Erasing...' : 'Erase what can go'}
            </Button>
          </Row>
        </form>
      )}
    </Modal>
  );
}
