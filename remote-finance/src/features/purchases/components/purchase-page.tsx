import { CONDITION_GRADE_LABELS, PURCHASE_SOURCE_LABELS, SELLER_KIND_LABELS } from '@loupe/contracts';
import {
  Alert,
  Card,
  type DataColumn,
  DataTable,
  Facts,
  formatDay,
  formatMoney,
  RecordPending,
  ReportSuspicion,
  useAuth,
  usePageTitle,
  useRecordId,
  useRecordMessage,
  useVoidPermission,
  VisuallyHidden,
  VoidButton,
  VoidDialog,
  VoidNotAllowed,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { usePurchase } from '../api/get-purchase';
import type { Purchase } from '../api/get-purchases';
import { certificateUrl, purchasePdfUrl } from '../api/purchase-files';
import { useVoidPurchase } from '../api/void-purchase';
import {
  PURCHASE_STATUS_LABELS,
  REGISTER_RESULT_LABELS,
  sellerShown,
  stockNumberText,
} from '../lib/purchase-labels';
import { INCLUDED, INCLUDED_LABELS } from '../lib/purchase-values';
import { AttachCertificate } from './attach-certificate';

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

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

type Line = Purchase['lines'][number];
type Payment = Purchase['payments'][number];

function intakeText(line: Line): string {
  const came = INCLUDED.filter((name) => line.intake[name]).map((name) => INCLUDED_LABELS[name]);
  return [
    line.intake.conditionGrade
      ? `Condition ${CONDITION_GRADE_LABELS[line.intake.conditionGrade].toLowerCase()}`
      : null,
    came.length > 0 ? `With ${came.join(', ').toLowerCase()}` : 'No box or papers',
    line.intake.notes,
  ]
    .filter(Boolean)
    .join('. ');
}

const LINE_COLUMNS: readonly DataColumn<Line>[] = [
  {
    key: 'stockNumber',
    header: 'Stock number',
    rowHeader: true,
    noWrap: true,
    // The item in the stock screens, by its id.
    cell: (line) => (
      <Link to={`/inventory/item/${line.itemId}`}>
        {stockNumberText(line.stockNumber)}
        <VisuallyHidden> (open the item)</VisuallyHidden>
      </Link>
    ),
  },
  { key: 'serial', header: 'Serial', noWrap: true, cell: (line) => line.serial },
  {
    key: 'description',
    header: 'Description',
    wrap: { minCh: 14, maxCh: 40 },
    cell: (line) => (
      <>
        {[line.brand, line.model].filter(Boolean).join(' ') || line.stockType}
        {line.description ? <Sub>{line.description}</Sub> : null}
        <Sub>{intakeText(line)}</Sub>
      </>
    ),
  },
  { key: 'price', header: 'Price', numeric: true, cell: (line) => formatMoney(line.priceGbp) },
];

const checkColumns = (purchase: Purchase, canAttach: boolean): readonly DataColumn<Line>[] => [
  {
    key: 'stockNumber',
    header: 'Stock number',
    rowHeader: true,
    noWrap: true,
    cell: (line) => stockNumberText(line.stockNumber),
  },
  { key: 'provider', header: 'Provider', cell: (line) => line.registerCheck?.provider ?? '—' },
  {
    key: 'reference',
    header: 'Search reference',
    cell: (line) => line.registerCheck?.searchReference ?? '—',
  },
  {
    key: 'date',
    header: 'Date',
    noWrap: true,
    cell: (line) => (line.registerCheck ? formatDay(line.registerCheck.checkedOn) : '—'),
  },
  {
    key: 'result',
    header: 'Result',
    cell: (line) => (line.registerCheck ? REGISTER_RESULT_LABELS[line.registerCheck.result] : '—'),
  },
  {
    key: 'certificate',
    header: 'Certificate',
    cell: (line) =>
      line.registerCheck?.certificateName ? (
        <a href={certificateUrl(purchase.id, line.id)} download="">
          {line.registerCheck.certificateName}
          <VisuallyHidden> (certificate of {stockNumberText(line.stockNumber)})</VisuallyHidden>
        </a>
      ) : canAttach ? (
        <AttachCertificate purchaseId={purchase.id} line={line} />
      ) : (
        'None'
      ),
  },
];

const PAYMENT_COLUMNS: readonly DataColumn<Payment>[] = [
  { key: 'method', header: 'Method', rowHeader: true, cell: (p) => p.method },
  { key: 'amount', header: 'Amount', numeric: true, cell: (p) => formatMoney(p.amount, p.currency) },
  {
    key: 'rate',
    header: 'Rate',
    numeric: true,
    cell: (p) => (p.currency === 'GBP' ? '—' : `£${p.exchangeRate}`),
  },
  { key: 'gbp', header: 'In pounds', numeric: true, cell: (p) => formatMoney(p.amountGbp) },
];

/**
 * /purchases/:id (issue 22): a buy-in — its seller with their address, the items with their stock numbers (each
 * opening the item), the register checks, the payments out and the status; the purchase invoice PDF for the
 * seller to sign; Void (platinum and gold, with a reason), refused while one of its items is no longer in stock.
 */
export function PurchasePage() {
  const id = useRecordId();
  const purchase = usePurchase(id);
  const [voiding, setVoiding] = useState(false);
  const voidPurchase = useVoidPurchase();
  const permission = useVoidPermission();
  const canAttach = useAuth().can('viewCosts');
  const data = purchase.data;
  usePageTitle(data ? `Purchase ${data.reference}` : 'Purchase');
  // Just made (router state `created`, the buy-in screen's confirmation) or voided: the heading takes the focus,
  // and the message is read from there.
  const { heading, message, say } = useRecordMessage(data);

  if (!data) {
    return (
      <>
        <Header>
          <h1>Purchase</h1>
        </Header>
        <RecordPending
          id={id}
          query={purchase}
          notFound={
            <>
              No such purchase in this shop. <Link to="/purchases">Back to Purchases</Link>
            </>
          }
          failed="Failed to load the purchase."
          loading="Loading the purchase..."
        />
      </>
    );
  }

  const checked = data.lines.filter((line) => line.registerCheck);

  return (
    <>
      <Header>
        <h1 ref={heading} tabIndex={-1}>
          Purchase {data.reference}
        </h1>
        <Link to="/purchases">All purchases</Link>
        {/* Issue 25 item 1: to the nominated officer alone; nothing of it shows here afterwards. */}
        <ReportSuspicion subject="purchase" subjectId={data.id} />
      </Header>
      {message ? <Alert tone="success">{message}</Alert> : null}

      <Card aria-labelledby="purchase-summary">
        <SectionTitle id="purchase-summary">Summary</SectionTitle>
        <Facts>
          <dt>Status</dt>
          <dd>{PURCHASE_STATUS_LABELS[data.status]}</dd>
          {data.voidedOn ? (
            <>
              <dt>Voided</dt>
              <dd>
                {formatDay(data.voidedOn)}
                {data.voidReason ? ` — ${data.voidReason}` : ''}
              </dd>
            </>
          ) : null}
          <dt>Date</dt>
          <dd>{formatDay(data.date)}</dd>
          <dt>Seller</dt>
          <dd>
            {sellerShown(data)} ({SELLER_KIND_LABELS[data.sellerKind]})
          </dd>
          <dt>Address</dt>
          <dd>{data.sellerAddress.join('\n') || '—'}</dd>
          <dt>Total</dt>
          <dd>{formatMoney(data.totalGbp)}</dd>
          <dt>Entered on</dt>
          <dd>{PURCHASE_SOURCE_LABELS[data.source]}</dd>
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
        <Actions>
          <a href={purchasePdfUrl(data.id)} download="">
            Purchase invoice (PDF)
          </a>
          {data.status === 'completed' ? (
            <>
              {permission.allowed ? null : <VoidNotAllowed id={permission.noteId} />}
              <VoidButton
                allowed={permission.allowed}
                noteId={permission.noteId}
                onClick={() => setVoiding(true)}
              >
                Void purchase
              </VoidButton>
            </>
          ) : null}
        </Actions>
      </Card>

      {data.outstanding.length > 0 ? (
        <Card aria-labelledby="purchase-outstanding">
          <SectionTitle id="purchase-outstanding">Checks outstanding</SectionTitle>
          <p>
            Entered on Add Inventory Item, this purchase was not refused for them; Buy In would have been.
            Record them to complete the due diligence.
          </p>
          <ul>
            {data.outstanding.map((m) => (
              <li key={`${m.rule}-${m.line ?? 0}`}>{m.detail}</li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card aria-labelledby="purchase-items">
        <SectionTitle id="purchase-items">Items</SectionTitle>
        <DataTable caption="Items" columns={LINE_COLUMNS} rows={data.lines} rowKey={(line) => line.id} />
      </Card>

      <Card aria-labelledby="purchase-checks">
        <SectionTitle id="purchase-checks">Register checks</SectionTitle>
        <DataTable
          caption="Register checks"
          columns={checkColumns(data, canAttach && data.status === 'completed')}
          rows={checked}
          rowKey={(line) => line.id}
          empty="No stolen-goods register check recorded."
        />
      </Card>

      <Card aria-labelledby="purchase-payments">
        <SectionTitle id="purchase-payments">Payments out</SectionTitle>
        <DataTable
          caption="Payments out"
          columns={PAYMENT_COLUMNS}
          rows={data.payments}
          rowKey={(p) => p.id}
          empty="No payments."
        />
      </Card>

      <VoidDialog
        open={voiding}
        title="Void purchase"
        facts={[
          { label: 'Purchase', value: data.reference },
          { label: 'Seller', value: sellerShown(data) },
          { label: 'Total', value: formatMoney(data.totalGbp) },
          { label: 'Items', value: data.lines.map((line) => stockNumberText(line.stockNumber)).join(', ') },
        ]}
        send={(reason) => voidPurchase.mutateAsync({ id: data.id, reason })}
        onVoided={() => {
          setVoiding(false);
          say('Purchase voided: its items have left stock and its payments out are reversed.');
        }}
        onClose={() => setVoiding(false)}
      />
    </>
  );
}
