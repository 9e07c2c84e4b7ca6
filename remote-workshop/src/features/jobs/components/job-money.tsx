import {
  API_BASE,
  DEFAULT_PAYMENT_METHOD,
  endpoints,
  pathOf,
  PAYMENT_METHODS,
  readDecimal,
  WORKSHOP_CLOSED_STAGES,
  type AmlRefusal,
  type PaymentMethod,
} from '@loupe/contracts';
import {
  AmlRefusalAlert,
  amlRefusalOf,
  ChoiceField,
  DecimalField,
  FieldGrid,
  FormActions,
  FormNotices,
  formatMoney,
  RetryAlert,
  Spinner,
  useEntityForm,
  VisuallyHidden,
  type FormProblems,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Job } from '../api/jobs';
import { useCollectJob, useJobMoney, useTakeDeposit, type JobMoney } from '../api/money';
import { Figures, Note } from './figures';

interface PaymentValues {
  method: PaymentMethod;
  amount: string;
}

/** A payment in pounds by the one amount rule; `required` when a payment must be sent. */
function checkPayment(values: PaymentValues, required: boolean): FormProblems<PaymentValues> {
  if (!values.amount.trim()) return required ? { amount: 'Give the amount paid.' } : {};
  const read = readDecimal(values.amount, { maxDecimals: 2, maxWholeDigits: 12, currency: 'GBP' });
  return 'error' in read ? { amount: read.error } : {};
}

/**
 * One payment form for the two calls: a deposit or instalment before collection, or the last payment with which
 * the piece is collected and invoiced. The AML guard's refusal (MLR 2017 reg. 27, cash of €10,000 or more
 * without due diligence) is shown as the sales screens show it, everything typed kept.
 */
function PaymentForm({
  job,
  money,
  collect,
  onDone,
}: {
  job: Job;
  money: JobMoney;
  collect: boolean;
  onDone(message: string): void;
}) {
  const deposit = useTakeDeposit();
  const collecting = useCollectJob();
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const balance = money.balanceGbp;
  const [initial] = useState<PaymentValues>({
    method: DEFAULT_PAYMENT_METHOD,
    amount: collect && balance > 0 ? balance.toFixed(2) : '',
  });
  const controller = useEntityForm<PaymentValues, JobMoney>({
    values: initial,
    // Collecting with nothing left to pay sends no payment; a deposit always sends one.
    check: (values) => checkPayment(values, !collect || balance > 0),
    save: (values) => {
      const payment = { method: values.method, amount: values.amount.trim() };
      return collect
        ? collecting.mutateAsync({ id: job.id, body: { payments: payment.amount ? [payment] : [] } })
        : deposit.mutateAsync({ id: job.id, body: { payment } });
    },
    serverFields: { 'payment.amount': 'amount', 'payment.method': 'method', 'payments[0].amount': 'amount' },
    failedText: collect
      ? 'The job could not be collected. Please try again.'
      : 'The payment could not be taken. Please try again.',
    savedMessage: null,
    guard: false,
    onFailed(error) {
      const found = amlRefusalOf(error);
      setRefusal(found);
      return found !== null;
    },
    onSaved: (saved) =>
      onDone(
        collect
          ? `${job.reference} collected${saved.invoice ? `: invoice ${saved.invoice.reference} issued` : ''}.`
          : `Payment taken: ${formatMoney(saved.balanceGbp)} left to pay.`,
      ),
  });
  const label = collect ? 'Collect and invoice' : 'Take payment';
  return (
    <form
      ref={controller.formRef}
      onSubmit={(event) => {
        setRefusal(null);
        void controller.onSubmit(event);
      }}
      noValidate
      aria-label={collect ? 'Collect' : 'Take a payment'}
    >
      {refusal ? (
        <AmlRefusalAlert refusal={refusal} />
      ) : (
        <FormNotices controller={controller} status={false} />
      )}
      <FieldGrid $min={180}>
        <ChoiceField label="Method" options={PAYMENT_METHODS} {...controller.value('method')} />
        <DecimalField label="Amount (£)" places={2} autoComplete="off" {...controller.text('amount')} />
      </FieldGrid>
      <FormActions submitLabel={label} busy={controller.busy} busyLabel="Saving..." />
    </form>
  );
}

/**
 * The job's money (issue 23 item 5): a client's job is paid through the sales workflow — a deposit and
 * instalments on its deal, then the last payment with which it is collected and invoiced (the deal's invoice);
 * a stock item's job is not invoiced, its cost goes to the item's own margin (not to the margin scheme's purchase
 * price, HMRC VAT Notice 718).
 */
export function JobMoneyCard({ job, onDone }: { job: Job; onDone(message: string): void }) {
  const money = useJobMoney(job.id);
  if (money.isPending) return <Spinner label="Loading the job's money..." />;
  if (money.error)
    return (
      <RetryAlert
        error={money.error}
        what="Failed to load the job's money."
        onRetry={() => void money.refetch()}
      />
    );
  const data = money.data;
  const closed = WORKSHOP_CLOSED_STAGES.includes(job.stage);
  return (
    <>
      <Figures>
        <div>
          <dt>Work</dt>
          <dd>{formatMoney(data.linesGbp)}</dd>
        </div>
        {data.kind === 'client' ? (
          <>
            {job.depositRequestedGbp !== null ? (
              <div>
                <dt>Deposit asked</dt>
                <dd>{formatMoney(job.depositRequestedGbp)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Paid</dt>
              <dd>{formatMoney(data.paidGbp)}</dd>
            </div>
            <div>
              <dt>Left to pay</dt>
              <dd>{formatMoney(data.balanceGbp)}</dd>
            </div>
          </>
        ) : null}
      </Figures>
      {data.dealId !== null ? (
        <Note>
          Paid through deal <Link to={`/deals/${data.dealId}`}>{data.dealReference}</Link>
          {data.invoice ? (
            // The sales workflow's invoice PDF: the job's final invoice, to print or send.
            <>
              , invoice{' '}
              <a
                href={`${API_BASE}${pathOf(endpoints.invoices.pdf, { id: data.invoice.id })}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {data.invoice.reference}
                <VisuallyHidden> (PDF, opens in a new tab)</VisuallyHidden>
              </a>
            </>
          ) : null}
          .
        </Note>
      ) : null}
      {data.kind === 'stock' ? (
        <Note>
          {data.repairCostGbp !== null
            ? `${formatMoney(data.repairCostGbp)} added to the item’s cost for the shop’s margin (not to its purchase price).`
            : 'A stock item’s job is not invoiced: its cost is added to the item’s cost once it is collected.'}
        </Note>
      ) : closed ? null : job.stage === 'ready' ? (
        // Keyed: a job moved to Ready while its page is open gets a fresh form, the balance filled in, not the
        // payment form's state (React would otherwise keep the one component in this place).
        <PaymentForm key="collect" job={job} money={data} collect onDone={onDone} />
      ) : (
        <PaymentForm key="payment" job={job} money={data} collect={false} onDone={onDone} />
      )}
    </>
  );
}
