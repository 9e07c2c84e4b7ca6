import { MAIL_STATUSES, MAIL_STATUS_LABELS, type OutboxSummary } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  errorDetail,
  FilterActions,
  FilterForm,
  formatMoment,
  ListResults,
  PageHeader,
  RetryAlert,
  SelectField,
  useAuth,
  useListController,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { OUTBOX_FILTERS, outboxQueryOptions, useRetryMessage } from '../api/outbox';
import { canRetry, recipient, retryOutcome } from './mail-status';

const Reason = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

type Retry = (message: OutboxSummary) => void;

function columns(
  timeZone: string | undefined,
  retry: Retry,
  busyId: number | null,
): DataColumn<OutboxSummary>[] {
  return [
    {
      key: 'created',
      header: 'When',
      noWrap: true,
      cell: (m) => <time dateTime={m.createdAt}>{formatMoment(m.createdAt, timeZone)}</time>,
    },
    { key: 'to', header: 'To', wrap: { minCh: 14, maxCh: 30 }, cell: (m) => recipient(m) },
    {
      key: 'subject',
      header: 'Subject',
      wrap: { minCh: 16, maxCh: 40 },
      cell: (m) => <Link to={`/settings/outbox/${m.id}`}>{m.subject}</Link>,
    },
    {
      key: 'status',
      header: 'Status',
      wrap: { minCh: 12, maxCh: 36 },
      cell: (m) => (
        <>
          {MAIL_STATUS_LABELS[m.status]}
          {m.lastError ? <Reason data-free-text="">{m.lastError}</Reason> : null}
        </>
      ),
    },
    { key: 'attempts', header: 'Attempts', noWrap: true, cell: (m) => String(m.attempts) },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      cell: (m) =>
        canRetry(m.status) ? (
          <Button
            variant="ghost"
            aria-label={`Retry “${m.subject}” to ${recipient(m)}`}
            disabled={busyId !== null}
            onClick={() => retry(m)}
          >
            {busyId === m.id ? 'Retrying...' : 'Retry'}
          </Button>
        ) : null,
    },
  ];
}

/**
 * /settings/outbox (issue 23 item 4; members who may 'viewOutbox': platinum and gold): every e-mail the shop sent
 * or tried to send its clients, newest first, filtered by status in the URL. A message that failed, that was
 * kept because no SMTP server is configured, or that could not be sent (no address) says why, and can be
 * retried once the cause is fixed; a sent one never is.
 */
export function OutboxPage() {
  usePageTitle('Outbox');
  const { shop } = useAuth();
  const list = useListController({ filters: OUTBOX_FILTERS, query: outboxQueryOptions });
  const retryMessage = useRetryMessage();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const retry: Retry = (message) => {
    setBusyId(message.id);
    setOutcome(null);
    retryMessage.mutate(message.id, {
      onSuccess: (answer) =>
        setOutcome({ tone: answer.status === 'sent' ? 'success' : 'error', text: retryOutcome(answer) }),
      onError: (error) =>
        setOutcome({
          tone: 'error',
          text: errorDetail(error) ?? 'The message could not be retried. Try again.',
        }),
      onSettled: () => setBusyId(null),
    });
  };
  const tableColumns = columns(shop?.time_zone, retry, busyId);
  const filtered = Boolean(list.filters.status);

  return (
    <>
      <PageHeader title="Outbox" />
      <Card>
        <FilterForm aria-label="Filter the outbox" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Status"
            value={list.filters.status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
          >
            <option value="">Any status</option>
            {MAIL_STATUSES.map((status) => (
              <option key={status} value={status}>
                {MAIL_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        </FilterForm>
        <FilterActions>
          {filtered ? (
            <Button variant="ghost" onClick={list.clearFilters}>
              Clear Filters
            </Button>
          ) : null}
        </FilterActions>
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
        {list.error ? (
          <RetryAlert error={list.error} what="Failed to load the outbox." onRetry={list.retry} />
        ) : null}
        <ListResults
          list={list}
          loadingLabel="Loading the outbox..."
          emptyText={filtered ? 'No e-mail matches this status.' : 'No e-mail yet.'}
          paginationLabel="Outbox pages"
        >
          {(rows) => <DataTable caption="Outbox" columns={tableColumns} rows={rows} rowKey={(m) => m.id} />}
        </ListResults>
      </Card>
    </>
  );
}
