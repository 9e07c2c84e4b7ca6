import { UNCOLLECTED_REMINDER_DAYS } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  errorMessage,
  FilterForm,
  fieldErrors,
  formatDay,
  formatMoney,
  HttpError,
  ListResults,
  Modal,
  PageHeader,
  RetryAlert,
  SelectField,
  TextField,
  useListController,
  usePageTitle,
  VisuallyHidden,
  type DataColumn,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  noticePdfUrl,
  UNCOLLECTED_FILTERS,
  uncollectedQueryOptions,
  useGiveNotice,
  useSendReminders,
  type UncollectedNotice,
  type UncollectedRow,
} from '../api/uncollected';

/*
 * UNCOLLECTED PIECES (issue 23 item 5). The Torts (Interference with Goods) Act 1977 lets a repairer sell goods a
 * client leaves uncollected (s.12) once the client has been told they are ready (Schedule 1 Part I: the shop's
 * reminder, here after UNCOLLECTED_REMINDER_DAYS) and then given written notice of the intention to sell
 * (Schedule 1 Part II, paragraph 6: the goods, where they are held, the sum owed, and a sale date at least three
 * months away while money is owed), sent by registered post or recorded delivery: the shop prints the notice.
 * The service keeps each date and decides each rule; this page shows them and asks for them.
 */

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  max-width: 75ch;
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

/** The outcome of Send reminders or Give notice (the Alert is the live status line). */
const Status = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Day = ({ day }: { day: string }) => <time dateTime={day}>{formatDay(day)}</time>;

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** The reminder column: when, and how it went out (e-mailed, or recorded for the shop to post). */
function Reminder({ row }: { row: UncollectedRow }) {
  if (row.remindedOn)
    return (
      <>
        <Day day={row.remindedOn} />
        <Sub>{row.reminderDelivery === 'mailed' ? 'E-mailed' : 'Recorded, to post'}</Sub>
      </>
    );
  return row.daysReady >= UNCOLLECTED_REMINDER_DAYS ? <>Due</> : <>Not yet due</>;
}

/** What the reminders call did, in a sentence: how many, and how many went by e-mail. */
export function remindersText(reminded: readonly UncollectedRow[]): string {
  if (reminded.length === 0)
    return `No reminders were due: every piece ready ${UNCOLLECTED_REMINDER_DAYS} days or more has had one.`;
  const mailed = reminded.filter((row) => row.reminderDelivery === 'mailed').length;
  const recorded = reminded.length - mailed;
  const count = reminded.length === 1 ? '1 reminder' : `${reminded.length} reminders`;
  const parts = [
    ...(mailed > 0 ? [`${mailed} e-mailed`] : []),
    ...(recorded > 0 ? [`${recorded} recorded to post (no e-mail address)`] : []),
  ];
  return `${count} sent: ${parts.join(', ')}.`;
}

/** The notice's sentence once given: its day and the sale date it names. */
const noticeText = (notice: UncollectedNotice) =>
  `Notice given for ${notice.reference} on ${formatDay(notice.issuedOn)}: the piece may be sold on or after ${formatDay(notice.saleAfter)}. Send it by registered post or recorded delivery.`;

function PdfLink({ jobId, reference }: { jobId: number; reference: string }) {
  return (
    <a href={noticePdfUrl(jobId)} target="_blank" rel="noopener noreferrer">
      Notice PDF<VisuallyHidden> for {reference} (opens in a new tab)</VisuallyHidden>
    </a>
  );
}

/**
 * Give notice: the sale date is the service's default (three months from today, the earliest lawful day while
 * money is owed) unless another is typed; its 400 is shown at the date, a 409 (no longer ready) above it.
 */
function NoticeForm({ row, onDone }: { row: UncollectedRow; onDone(notice: UncollectedNotice): void }) {
  const give = useGiveNotice();
  const [saleAfter, setSaleAfter] = useState('');
  const error = give.error;
  const fields = error instanceof HttpError && error.status === 400 ? fieldErrors(error) : {};
  const general =
    error && !fields.saleAfter
      ? errorMessage(error, 'The notice could not be given. Please try again.')
      : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog's form sits above the page: its submit is its own.
    event.stopPropagation();
    if (give.isPending) return;
    give.mutate(
      { id: row.jobId, body: saleAfter ? { saleAfter } : {} },
      { onSuccess: (notice) => onDone(notice) },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Notice for ${row.reference}`}>
      <Lead>
        {row.clientName}’s {row.goods || 'piece'} has been ready since {formatDay(row.readySince)}
        {row.balanceGbp > 0 ? `, with ${formatMoney(row.balanceGbp)} owed` : ', with nothing owed'}. The
        notice tells the client the shop intends to sell it if it is not collected (Torts (Interference with
        Goods) Act 1977).
      </Lead>
      {general ? <Alert>{general}</Alert> : null}
      <TextField
        label="Sell on or after"
        type="date"
        value={saleAfter}
        error={fields.saleAfter}
        hint="Leave empty for the earliest date the law allows: three months from today while money is owed."
        onChange={(event) => {
          setSaleAfter(event.target.value);
          give.reset();
        }}
      />
      <Actions>
        <Button type="submit" disabled={give.isPending} aria-busy={give.isPending || undefined}>
          {give.isPending ? 'Saving...' : 'Give notice'}
        </Button>
      </Actions>
    </form>
  );
}

/**
 * /workshop/uncollected: the pieces ready for collection and not collected, longest-waiting first, with the day
 * each became ready, the reminder sent, the notice given and the sale date it names; Send reminders for those
 * waiting UNCOLLECTED_REMINDER_DAYS days or more, Give notice per piece. `due=true` in the address shows only the
 * pieces owed a reminder.
 */
export function UncollectedPage() {
  usePageTitle('Uncollected pieces');
  const list = useListController({ filters: UNCOLLECTED_FILTERS, query: uncollectedQueryOptions });
  const remind = useSendReminders();
  const [message, setMessage] = useState<{ text: string; notice?: UncollectedNotice } | null>(null);
  const [noticeFor, setNoticeFor] = useState<UncollectedRow | null>(null);

  const columns: readonly DataColumn<UncollectedRow>[] = [
    {
      key: 'job',
      header: 'Job',
      rowHeader: true,
      noWrap: true,
      cell: (row) => <Link to={`/workshop/jobs/${row.jobId}`}>{row.reference}</Link>,
    },
    {
      key: 'client',
      header: 'Client',
      wrap: { minCh: 12, maxCh: 24 },
      cell: (row) => (
        <>
          {row.clientName}
          {row.goods ? <Sub>{row.goods}</Sub> : null}
        </>
      ),
    },
    {
      key: 'ready',
      header: 'Ready since',
      noWrap: true,
      cell: (row) => (
        <>
          <Day day={row.readySince} />
          <Sub>{daysText(row.daysReady)}</Sub>
        </>
      ),
    },
    { key: 'owed', header: 'Owed', numeric: true, cell: (row) => formatMoney(row.balanceGbp) },
    { key: 'reminded', header: 'Reminded on', noWrap: true, cell: (row) => <Reminder row={row} /> },
    {
      key: 'notice',
      header: 'Notice given on',
      noWrap: true,
      cell: (row) =>
        row.noticeOn ? (
          <>
            <Day day={row.noticeOn} />
            <Sub>
              <PdfLink jobId={row.jobId} reference={row.reference} />
            </Sub>
          </>
        ) : (
          <Button
            variant="secondary"
            onClick={() => {
              setMessage(null);
              setNoticeFor(row);
            }}
          >
            Give notice<VisuallyHidden> for {row.reference}</VisuallyHidden>
          </Button>
        ),
    },
    {
      key: 'sale',
      header: 'Earliest sale date',
      noWrap: true,
      cell: (row) => (row.saleAfter ? <Day day={row.saleAfter} /> : '—'),
    },
  ];

  return (
    <>
      <PageHeader
        title="Uncollected pieces"
        actions={
          <Actions>
            <Link to="/workshop">Board</Link>
            <Link to="/workshop/list">All jobs</Link>
            <Button
              disabled={remind.isPending}
              aria-busy={remind.isPending || undefined}
              onClick={() => {
                setMessage(null);
                remind.mutate(
                  {},
                  {
                    onSuccess: (done) => setMessage({ text: remindersText(done.reminded) }),
                  },
                );
              }}
            >
              {remind.isPending ? 'Sending...' : 'Send reminders'}
            </Button>
          </Actions>
        }
      />
      <Card>
        <Lead>
          Pieces ready for collection, longest-waiting first. Send reminders tells each client whose piece has
          waited {UNCOLLECTED_REMINDER_DAYS} days or more (once each). Before selling a piece the shop must
          give the client written notice of its intention to sell (Torts (Interference with Goods) Act 1977).
        </Lead>
        <Status>
          {message ? (
            <Alert tone="success">
              {message.text}
              {message.notice ? (
                <>
                  {' '}
                  <PdfLink jobId={message.notice.jobId} reference={message.notice.reference} />
                </>
              ) : null}
            </Alert>
          ) : null}
        </Status>
        {remind.error ? (
          <Alert>{errorMessage(remind.error, 'The reminders could not be sent. Please try again.')}</Alert>
        ) : null}
        <FilterForm aria-label="Filter pieces" onSubmit={(event) => event.preventDefault()}>
          <SelectField
            label="Show"
            value={list.filters.due}
            onChange={(event) => list.setFilters({ due: event.target.value })}
          >
            <option value="">Every piece ready for collection</option>
            <option value="true">Only those owed a reminder</option>
          </SelectField>
        </FilterForm>
        {list.error ? (
          <RetryAlert error={list.error} what="Failed to load the uncollected pieces." onRetry={list.retry} />
        ) : null}
        <ListResults
          list={list}
          loadingLabel="Loading uncollected pieces..."
          emptyText={
            list.filters.due ? 'No piece is owed a reminder.' : 'No piece is waiting for collection.'
          }
          paginationLabel="Uncollected pieces pages"
        >
          {(rows) => (
            <DataTable
              caption="Uncollected pieces"
              compact
              columns={columns}
              rows={rows}
              rowKey={(row) => row.jobId}
            />
          )}
        </ListResults>
      </Card>
      <Modal
        open={noticeFor !== null}
        title={noticeFor ? `Notice of intention to sell ${noticeFor.reference}` : ''}
        onClose={() => setNoticeFor(null)}
        closeLabel="Cancel"
      >
        {noticeFor ? (
          <NoticeForm
            row={noticeFor}
            onDone={(notice) => {
              setNoticeFor(null);
              setMessage({ text: noticeText(notice), notice });
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
