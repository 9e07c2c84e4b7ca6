import {
  mayDeleteRetention,
  mayReviewRetention,
  RETENTION_MESSAGES,
  retentionConfirmationPhrase,
  type RetentionClient,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  formatDay,
  formatMoment,
  FormNotices,
  Modal,
  PageHeader,
  RetryAlert,
  Spinner,
  TextField,
  useAuth,
  useEntityForm,
  usePageTitle,
  useQuery,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { retentionReviewQuery, useDeleteBatch } from '../api/retention';

const TITLE = 'Retention review';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin-top: 0;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  /* A phone reads each client as a block: the header row goes, every cell says what it is. */
  @media (max-width: 600px) {
    thead {
      display: none;
    }
    tr,
    td {
      display: block;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      font-weight: 600;
    }
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
  margin-top: ${({ theme }) => theme.space(3)};
`;

/**
 * /compliance/retention (issue 25 item 3): the clients whose records have been kept the five years the Money
 * Laundering Regulations 2017 ask (reg. 40(3): from the end of the business relationship, its last transaction),
 * for the owner and the nominated officer to review; the officer deletes a batch after typing the confirmation.
 * A client under legal hold is listed with the hold and cannot be selected. Deleting erases the client's personal
 * data and KYC papers and destroys the key of their audit entries; the books keep the row as "erased client".
 */
export function RetentionPage() {
  usePageTitle(TITLE);
  const { role, nominatedOfficer, loading } = useAuth();
  if (mayReviewRetention(role, nominatedOfficer))
    return <RetentionReview officer={mayDeleteRetention(nominatedOfficer)} />;
  return (
    <>
      <PageHeader title={TITLE} />
      {loading ? null : <Alert>{RETENTION_MESSAGES.notAllowed}</Alert>}
    </>
  );
}

function RetentionReview({ officer }: { officer: boolean }) {
  const review = useQuery(retentionReviewQuery());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const data = review.data;
  const rows = data?.results ?? [];
  const chosen = rows.filter((c) => selected.has(c.clientId) && c.hold === null);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <PageHeader title={TITLE} />
      {done ? <Alert tone="success">{done}</Alert> : null}
      <Card aria-labelledby="retention-due">
        <h2 id="retention-due">Clients past retention{data ? ` (${rows.length})` : ''}</h2>
        <Muted>
          Due diligence and transaction records are kept five years after a client&rsquo;s last transaction
          (Money Laundering Regulations 2017, reg. 40(3)), then deleted unless a legal hold applies. Deleting
          erases the client&rsquo;s personal data and identity documents; invoices and the stock book keep the
          sale under &ldquo;erased client&rdquo; for their own six years (HMRC VAT Notice 700/21).
        </Muted>
        {review.isPending ? <Spinner label="Loading the retention review" /> : null}
        {review.isError ? (
          <RetryAlert
            error={review.error}
            what="The retention review could not be loaded."
            onRetry={() => void review.refetch()}
          />
        ) : null}
        {data && rows.length === 0 ? <p>No client is past retention.</p> : null}
        {rows.length > 0 ? (
          <Table>
            <thead>
              <tr>
                {officer ? <th scope="col">Select</th> : null}
                <th scope="col">Client</th>
                <th scope="col">Last transaction</th>
                <th scope="col">Kept until</th>
                <th scope="col">Legal hold</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <Row
                  key={c.clientId}
                  client={c}
                  officer={officer}
                  checked={selected.has(c.clientId)}
                  onToggle={toggle}
                />
              ))}
            </tbody>
          </Table>
        ) : null}
        {rows.length > 0 ? (
          <Actions>
            {officer ? (
              <Button variant="danger" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
                Delete selected
              </Button>
            ) : (
              <Muted>{RETENTION_MESSAGES.deleteNotAllowed}</Muted>
            )}
          </Actions>
        ) : null}
      </Card>
      {confirming ? (
        <ConfirmDialog
          clients={chosen}
          onClose={() => setConfirming(false)}
          onDone={(count) => {
            setConfirming(false);
            setSelected(new Set());
            setDone(`${count} client${count === 1 ? '' : 's'} deleted: personal data erased.`);
          }}
        />
      ) : null}
    </>
  );
}

function Row({
  client,
  officer,
  checked,
  onToggle,
}: {
  client: RetentionClient;
  officer: boolean;
  checked: boolean;
  onToggle(id: number): void;
}) {
  return (
    <tr>
      {officer ? (
        <td>
          <input
            type="checkbox"
            aria-label={`Select ${client.name}`}
            checked={checked && client.hold === null}
            disabled={client.hold !== null}
            onChange={() => onToggle(client.clientId)}
          />
        </td>
      ) : null}
      <td data-label="Client">
        <Link to={`/clients/edit/${client.clientId}`}>{client.name}</Link>
      </td>
      <td data-label="Last transaction">
        {client.lastTransactionOn ? formatDay(client.lastTransactionOn) : 'None'}
      </td>
      <td data-label="Kept until">{formatDay(client.retainUntil)}</td>
      <td data-label="Legal hold">
        {client.hold
          ? `${client.hold.reason} (${client.hold.setBy}, ${formatMoment(client.hold.setAt)})`
          : 'None'}
      </td>
    </tr>
  );
}

/**
 * The typed confirmation of an erasure (UK GDPR art. 17, once MLR 2017 reg. 40(3)'s five years are over) on the
 * platform's edit/create controller: the phrase is checked before anything is sent, as the service checks it
 * again, and a refusal sits at the field with the focus.
 */
function ConfirmDialog({
  clients,
  onClose,
  onDone,
}: {
  clients: RetentionClient[];
  onClose(): void;
  onDone(count: number): void;
}) {
  const remove = useDeleteBatch();
  const phrase = retentionConfirmationPhrase(clients.length);
  const controller = useEntityForm<{ confirmation: string }, { deleted: number[] }>({
    values: { confirmation: '' },
    check: ({ confirmation }) =>
      confirmation.trim() === phrase ? {} : { confirmation: RETENTION_MESSAGES.wrongConfirmation(phrase) },
    guard: false,
    failedText: 'The clients could not be deleted. Please try again.',
    savedMessage: null,
    save: ({ confirmation }) =>
      remove.mutateAsync({ clientIds: clients.map((c) => c.clientId), confirmation: confirmation.trim() }),
    onSaved: (result) => onDone(result.deleted.length),
  });
  const { busy } = controller;

  return (
    <Modal
      open
      title={`Delete ${clients.length} client${clients.length === 1 ? '' : 's'}?`}
      onClose={onClose}
      closeLabel="Cancel"
    >
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Confirm deletion">
        <p>
          {clients.map((c) => c.name).join(', ')}: their names, contact details, addresses, notes and identity
          documents are erased for good, and their history reads &ldquo;erased client&rdquo;. This cannot be
          undone.
        </p>
        <FormNotices controller={controller} status={false} />
        <TextField
          label={`Type ${phrase} to confirm`}
          autoComplete="off"
          {...controller.text('confirmation')}
        />
        <Actions>
          <Button type="submit" variant="danger" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Deleting...' : 'Delete clients'}
          </Button>
        </Actions>
      </form>
    </Modal>
  );
}
