import { DEAL_CHANNEL_LABELS, type InvoiceRef } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  type DataColumn,
  DataTable,
  Facts,
  formatDay,
  formatMoney,
  RecordPending,
  ReportSuspicion,
  usePageTitle,
  useRecordId,
  useRecordMessage,
  useVoidPermission,
  VisuallyHidden,
  VoidButton,
  VoidDialog,
  VoidNotAllowed,
} from '@loupe/platform';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { invoicePdfUrl } from '../../../api/invoice-files';
import { DIRECTION_LABELS } from '../../../lib/payment-values';
import { useDeal } from '../api/get-deal';
import type { Deal } from '../api/get-deals';
import { useVoidDeal } from '../api/void-deal';
import {
  DEAL_STATUS_LABELS,
  LINE_KIND_LABELS,
  PAYMENT_KIND_LABELS,
  VAT_TREATMENT_LABELS,
} from '../lib/deal-labels';
import { CancelDealDialog, CompleteDealDialog, TakePaymentDialog } from './deal-dialogs';
import { DealTotals } from './deal-totals';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 {
    margin: 0;
    font-size: 1.5rem;
  }
  h1:focus {
    outline: none;
  }
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.15rem;
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Overdue = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

type Line = Deal['lines'][number];
type Payment = Deal['payments'][number];

const lineColumns = (deal: Deal): readonly DataColumn<Line>[] => [
  { key: 'kind', header: 'Line', noWrap: true, cell: (line) => LINE_KIND_LABELS[line.kind] },
  { key: 'serial', header: 'Serial', rowHeader: true, noWrap: true, cell: (line) => line.serial || '—' },
  {
    key: 'description',
    header: 'Description',
    wrap: { minCh: 14, maxCh: 40 },
    cell: (line) => line.description,
  },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    // An allowance is taken off: shown as the minus it is in the totals.
    cell: (line) => formatMoney(line.kind === 'part_exchange' ? -line.amount : line.amount, deal.currency),
  },
  {
    key: 'vat',
    header: 'VAT',
    cell: (line) =>
      line.kind === 'part_exchange'
        ? '—'
        : line.vatGbp > 0
          ? `${VAT_TREATMENT_LABELS[line.vatTreatment]} (${formatMoney(line.vatGbp)})`
          : VAT_TREATMENT_LABELS[line.vatTreatment],
  },
];

const PAYMENT_COLUMNS: readonly DataColumn<Payment>[] = [
  { key: 'date', header: 'Date', noWrap: true, cell: (p) => formatDay(p.date) },
  { key: 'kind', header: 'Kind', cell: (p) => PAYMENT_KIND_LABELS[p.kind] },
  { key: 'method', header: 'Method', rowHeader: true, cell: (p) => p.method },
  { key: 'direction', header: 'In or out', cell: (p) => DIRECTION_LABELS[p.direction] },
  { key: 'amount', header: 'Amount', numeric: true, cell: (p) => formatMoney(p.amount, p.currency) },
  {
    key: 'gbp',
    header: 'In pounds',
    numeric: true,
    cell: (p) => formatMoney(p.direction === 'out' ? -p.amountGbp : p.amountGbp),
  },
];

/** The invoice's PDF, its receipt (paid in full) and a print view, each naming the document for a screen reader. */
function InvoiceLinks({ invoice, receipt }: { invoice: InvoiceRef; receipt: boolean }) {
  const of = <VisuallyHidden> {invoice.reference}</VisuallyHidden>;
  return (
    <Links>
      <a href={invoicePdfUrl(invoice.id)} download="">
        Download invoice{of}
      </a>
      {receipt ? (
        <a href={invoicePdfUrl(invoice.id, 'receipt')} download="">
          Download receipt{of}
        </a>
      ) : null}
      <a href={invoicePdfUrl(invoice.id)} target="_blank" rel="noopener noreferrer">
        Print{of}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    </Links>
  );
}

type Dialog = 'pay' | 'complete' | 'cancel' | 'void' | null;

/** What the Deal screen tells the page it created (router state `created`): a sale completed or a reservation. */
function createdText(deal: Deal, created: 'complete' | 'reserve'): string | null {
  if (created === 'complete') {
    return `Sale complete.${deal.invoice ? ` Invoice ${deal.invoice.reference} issued.` : ''}`;
  }
  if (created === 'reserve') {
    return `Reserved for ${deal.buyerName || 'the client'} until ${formatDay(deal.collectBy)}. Deposit taken: ${formatMoney(deal.totals.paidGbp)}.`;
  }
  return null;
}

/**
 * /deals/:id (issue 20): a deal's lines, payments and totals, its invoice (PDF, receipt, print) and what can
 * still be done with it — a reserved deal takes instalments, is completed or is cancelled (with a reason); a
 * completed one is voided by a credit note (platinum and gold, with a reason). The heading takes the focus when
 * the deal was just made, so a screen reader starts from it.
 */
export function DealPage() {
  const id = useRecordId();
  const deal = useDeal(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const voidDeal = useVoidDeal();
  const permission = useVoidPermission();
  const data = deal.data;
  usePageTitle(data ? `Deal ${data.reference}` : 'Deal');
  // Just made (or changed by a dialog): the heading takes the focus, and the message is read from there.
  const { heading, message, say } = useRecordMessage(data, createdText);

  const done = (_saved: Deal, text: string) => {
    setDialog(null);
    say(text);
  };

  if (!data) {
    return (
      <>
        <Header>
          <h1>Deal</h1>
        </Header>
        <RecordPending
          id={id}
          query={deal}
          notFound={
            <>
              No such deal in this shop. <Link to="/deals">Back to Deals</Link>
            </>
          }
          failed="Failed to load the deal."
          loading="Loading the deal..."
        />
      </>
    );
  }

  const reserved = data.status === 'reserved';
  const completed = data.status === 'completed';

  return (
    <>
      <Header>
        <h1 ref={heading} tabIndex={-1}>
          Deal {data.reference}
        </h1>
        <Link to="/deals">All deals</Link>
        {/* Issue 25 item 1: to the nominated officer alone; nothing of it shows here afterwards. */}
        <ReportSuspicion subject="deal" subjectId={data.id} />
      </Header>
      {message ? <Alert tone="success">{message}</Alert> : null}

      <Card aria-labelledby="deal-summary">
        <SectionTitle id="deal-summary">Summary</SectionTitle>
        <Facts>
          <dt>Status</dt>
          <dd>
            {DEAL_STATUS_LABELS[data.status]}
            {data.overdue ? (
              <>
                {' '}
                <Overdue>Overdue</Overdue>
              </>
            ) : null}
          </dd>
          <dt>Date</dt>
          <dd>{formatDay(data.date)}</dd>
          <dt>Buyer</dt>
          <dd>{data.buyerName || '—'}</dd>
          <dt>Channel</dt>
          <dd>{DEAL_CHANNEL_LABELS[data.channel]}</dd>
          {data.collectBy ? (
            <>
              <dt>Collect by</dt>
              <dd>{formatDay(data.collectBy)}</dd>
            </>
          ) : null}
          {data.completedOn ? (
            <>
              <dt>Completed</dt>
              <dd>{formatDay(data.completedOn)}</dd>
            </>
          ) : null}
          {data.cancelledOn ? (
            <>
              <dt>Cancelled</dt>
              <dd>
                {formatDay(data.cancelledOn)}
                {data.cancelOutcome ? ` (${data.cancelOutcome === 'refund' ? 'refunded' : 'forfeit'})` : ''}
                {data.cancelReason ? ` — ${data.cancelReason}` : ''}
              </dd>
            </>
          ) : null}
          {data.currency !== 'GBP' ? (
            <>
              <dt>Currency</dt>
              <dd>
                {data.currency} at £{data.exchangeRate}
              </dd>
            </>
          ) : null}
          {data.invoice ? (
            <>
              <dt>Invoice</dt>
              <dd>
                {data.invoice.reference}
                <InvoiceLinks invoice={data.invoice} receipt={completed} />
              </dd>
            </>
          ) : null}
          {data.creditNote ? (
            <>
              <dt>Credit note</dt>
              <dd>
                <a href={invoicePdfUrl(data.creditNote.id)} download="">
                  Download credit note {data.creditNote.reference}
                </a>
              </dd>
            </>
          ) : null}
          {data.notes ? (
            <>
              <dt>Notes</dt>
              <dd>{data.notes}</dd>
            </>
          ) : null}
          {data.createdBy ? (
            <>
              <dt>By</dt>
              <dd>{data.createdBy}</dd>
            </>
          ) : null}
        </Facts>
        {reserved ? (
          <Actions>
            <Button onClick={() => setDialog('pay')}>Take payment</Button>
            <Button variant="secondary" onClick={() => setDialog('complete')}>
              Complete sale
            </Button>
            <Button variant="danger" onClick={() => setDialog('cancel')}>
              Cancel reservation
            </Button>
          </Actions>
        ) : null}
        {completed ? (
          <Fragment>
            {permission.allowed ? null : <VoidNotAllowed id={permission.noteId} />}
            <Actions>
              <VoidButton
                allowed={permission.allowed}
                noteId={permission.noteId}
                onClick={() => setDialog('void')}
              >
                Void deal
              </VoidButton>
            </Actions>
          </Fragment>
        ) : null}
      </Card>

      <Card aria-labelledby="deal-lines">
        <SectionTitle id="deal-lines">Lines</SectionTitle>
        <DataTable caption="Lines" columns={lineColumns(data)} rows={data.lines} rowKey={(line) => line.id} />
      </Card>

      <Card aria-labelledby="deal-payments">
        <SectionTitle id="deal-payments">Payments</SectionTitle>
        <DataTable
          caption="Payments"
          columns={PAYMENT_COLUMNS}
          rows={data.payments}
          rowKey={(p) => p.id}
          empty="No payments."
        />
      </Card>

      <Card aria-labelledby="deal-totals">
        <SectionTitle id="deal-totals">Totals</SectionTitle>
        <DealTotals
          figures={{
            goods: data.totals.goodsGbp,
            partExchange: data.totals.partExchangeGbp,
            due: data.totals.dueGbp,
            paid: data.totals.paidGbp,
            balance: data.totals.balanceGbp,
          }}
        />
      </Card>

      <TakePaymentDialog deal={data} open={dialog === 'pay'} onClose={() => setDialog(null)} onDone={done} />
      <CompleteDealDialog
        deal={data}
        open={dialog === 'complete'}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <CancelDealDialog
        deal={data}
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <VoidDialog
        open={dialog === 'void'}
        title="Void deal"
        facts={[
          { label: 'Deal', value: data.reference },
          { label: 'Buyer', value: data.buyerName || '—' },
          { label: 'Due', value: formatMoney(data.totals.dueGbp) },
          ...(data.invoice ? [{ label: 'Invoice', value: data.invoice.reference }] : []),
        ]}
        send={(reason) => voidDeal.mutateAsync({ id: data.id, reason })}
        onVoided={(saved) =>
          done(
            saved,
            `Deal voided: the items are back in stock${saved.creditNote ? ` and credit note ${saved.creditNote.reference} is issued` : ''}.`,
          )
        }
        onClose={() => setDialog(null)}
      />
    </>
  );
}
