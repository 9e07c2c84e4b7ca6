import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  LEDGER_DIRECTIONS,
  PAYMENT_METHODS,
  dayBoundsProblem,
  type AmlRefusal,
  type Client,
  type Currency,
  type LedgerDirection,
  type LedgerPaymentResult,
  type PaymentMethod,
} from '@loupe/contracts';
import {
  AmlRefusalAlert,
  amlRefusalOf,
  amountDecimals,
  ChoiceField,
  DayField,
  DecimalField,
  FormActions,
  formatMoney,
  FormNotices,
  Modal,
  TextAreaField,
  today,
  toDecimal,
  useEntityForm,
  type FormProblems,
} from '@loupe/platform';
import { useState } from 'react';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';
import { useRecordPayment } from '../api/record-payment';
import { checkAmount, checkRate, DIRECTION_LABELS, paymentWorth, RATE_DECIMALS } from '../lib/payment';

/** What the Payment form holds, as typed. */
interface PaymentValues {
  direction: LedgerDirection;
  amount: string;
  currency: Currency;
  exchangeRate: string;
  method: PaymentMethod;
  date: string;
  note: string;
}

const Current = styled.p`
  margin-top: 0;
`;

const Preview = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
`;

const NOTE_MAX = 2000;

/** The contracts' rules before anything is sent, in this form's words. */
function checkPayment(values: PaymentValues): FormProblems<PaymentValues> {
  const problems: FormProblems<PaymentValues> = {};
  const amount = checkAmount(values.amount, values.currency);
  if (amount) problems.amount = amount;
  if (values.currency !== 'GBP') {
    const rate = checkRate(values.exchangeRate);
    if (rate) problems.exchangeRate = rate;
  }
  if (!values.date) problems.date = 'Date is required.';
  else if (dayBoundsProblem(values.date, { notAfter: today() }))
    problems.date = 'The date cannot be in the future.';
  if (values.note.length > NOTE_MAX) problems.note = `Note can have at most ${NOTE_MAX} characters.`;
  return problems;
}

interface PaymentDialogProps {
  client: Client;
  onClose(): void;
  onRecorded(result: LedgerPaymentResult): void;
}

/**
 * Payment (issue 4): records money received from the client or paid to them on the client's ledger. The
 * amount is in its own currency with the rate to GBP for any other; the balance moves by the GBP value.
 */
export function PaymentDialog({ client, onClose, onRecorded }: PaymentDialogProps) {
  const record = useRecordPayment();
  // A cash payment the AML guard refused (issue 13): shown in place of the plain form error.
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const controller = useEntityForm<PaymentValues, LedgerPaymentResult>({
    values: {
      direction: 'received',
      amount: '',
      currency: DEFAULT_CURRENCY,
      exchangeRate: '',
      method: DEFAULT_PAYMENT_METHOD,
      date: today(),
      note: '',
    },
    check: checkPayment,
    failedText: 'The payment could not be recorded. Please try again.',
    // The clients list says it once the dialog closes (onRecorded).
    savedMessage: null,
    guard: false,
    save: (values) =>
      record.mutateAsync({
        clientId: client.id,
        payment: {
          direction: values.direction,
          amount: values.amount.trim(),
          currency: values.currency,
          ...(values.currency !== 'GBP' ? { exchangeRate: values.exchangeRate.trim() } : {}),
          method: values.method,
          date: values.date,
          note: values.note.trim(),
        },
      }),
    onFailed(error) {
      const found = amlRefusalOf(error);
      setRefusal(found);
      return found !== null;
    },
    onSaved: (result) => onRecorded(result),
  });
  const { text, value, set, busy: sending, form } = controller;
  const [direction, amount, currency, exchangeRate] = form.watch([
    'direction',
    'amount',
    'currency',
    'exchangeRate',
  ]);
  const foreign = currency !== 'GBP';
  const worth = paymentWorth(direction, amount, currency, exchangeRate);
  const after = worth === null ? null : toDecimal(client.balance).plus(worth);

  return (
    <Modal open title={`Payment for ${client.name}`} onClose={onClose}>
      <Current>
        Current balance: <Balance value={client.balance} />
      </Current>
      <form
        ref={controller.formRef}
        onSubmit={(event) => {
          setRefusal(null);
          void controller.onSubmit(event);
        }}
        noValidate
        aria-label={`Payment for ${client.name}`}
      >
        {refusal ? (
          <AmlRefusalAlert refusal={refusal} />
        ) : (
          <FormNotices controller={controller} status={false} />
        )}
        <ChoiceField
          label="Direction"
          options={LEDGER_DIRECTIONS}
          labels={DIRECTION_LABELS}
          {...value('direction')}
        />
        <DecimalField
          label="Amount"
          places={amountDecimals(currency)}
          autoComplete="off"
          required
          hint={`In ${currency}.`}
          {...text('amount')}
        />
        <ChoiceField
          label="Currency"
          options={CURRENCIES}
          {...value('currency')}
          onChange={(next) => {
            set('currency', next);
            form.clearErrors(['exchangeRate', 'amount']);
          }}
        />
        {foreign ? (
          <DecimalField
            label="Exchange Rate"
            places={RATE_DECIMALS}
            autoComplete="off"
            required
            hint={`£ per 1 ${currency}, the rate the payment was made at.`}
            {...text('exchangeRate')}
          />
        ) : null}
        <ChoiceField label="Payment Method" options={PAYMENT_METHODS} {...value('method')} />
        <DayField label="Date" required max={today()} {...value('date')} />
        <TextAreaField label="Note" maxLength={NOTE_MAX} {...text('note')} />
        {worth !== null && after !== null ? (
          <Preview aria-live="polite">
            {direction === 'received' ? 'Adds' : 'Takes'} {formatMoney(worth.abs())}{' '}
            {direction === 'received' ? 'to' : 'from'} the balance, which becomes {formatMoney(after)}.
          </Preview>
        ) : null}
        <FormActions submitLabel="Record Payment" busy={sending} />
      </form>
    </Modal>
  );
}
