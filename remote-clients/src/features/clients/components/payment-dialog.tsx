import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  LEDGER_DIRECTIONS,
  PAYMENT_METHODS,
  type AmlRefusal,
  type Client,
  type Currency,
  type LedgerDirection,
  type LedgerPaymentResult,
  type PaymentMethod,
} from '@loupe/contracts';
import {
  Alert,
  AmlRefusalAlert,
  amlRefusalOf,
  amountDecimals,
  ChoiceField,
  DayField,
  DecimalField,
  FormActions,
  formatMoney,
  Modal,
  TextAreaField,
  today,
  toDecimal,
  useFormSubmit,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Balance } from '../../../components/balance';
import { useRecordPayment } from '../api/record-payment';
import { checkAmount, checkRate, DIRECTION_LABELS, paymentWorth, RATE_DECIMALS } from '../lib/payment';

type Field = 'direction' | 'amount' | 'currency' | 'exchangeRate' | 'method' | 'date' | 'note';

const Current = styled.p`
  margin-top: 0;
`;

const Preview = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.muted};
`;

const NOTE_MAX = 2000;

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
  const [direction, setDirection] = useState<LedgerDirection>('received');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  const [exchangeRate, setExchangeRate] = useState('');
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [date, setDate] = useState(today());
  const [note, setNote] = useState('');
  const record = useRecordPayment();
  const submitter = useFormSubmit<Field>('The payment could not be recorded. Please try again.');
  const { errors, setErrors, formError, busy: sending } = submitter;
  const foreign = currency !== 'GBP';
  // A cash payment the AML guard refused (issue 13): shown in place of the plain form error.
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);

  const worth = paymentWorth(direction, amount, currency, exchangeRate);
  const after = worth === null ? null : toDecimal(client.balance).plus(worth);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    // A number input holding text it cannot read reports an empty value and `badInput`.
    const unreadable = (name: string) => {
      const input = form.elements.namedItem(name);
      return input instanceof HTMLInputElement && input.validity.badInput;
    };
    const problems: Partial<Record<Field, string>> = {};
    const amountError = unreadable('amount') ? 'Amount must be a number.' : checkAmount(amount, currency);
    if (amountError) problems.amount = amountError;
    if (foreign) {
      const rateError = unreadable('exchangeRate')
        ? 'Exchange rate must be a number.'
        : checkRate(exchangeRate);
      if (rateError) problems.exchangeRate = rateError;
    }
    if (!date) problems.date = 'Date is required.';
    else if (date > today()) problems.date = 'The date cannot be in the future.';
    if (note.length > NOTE_MAX) problems.note = `Note can have at most ${NOTE_MAX} characters.`;
    setErrors(problems);
    submitter.setFormError(null);
    if (Object.keys(problems).length > 0) return;

    setRefusal(null);
    const outcome = await submitter.run(() =>
      record
        .mutateAsync({
          clientId: client.id,
          payment: {
            direction,
            amount: amount.trim(),
            currency,
            ...(foreign ? { exchangeRate: exchangeRate.trim() } : {}),
            method,
            date,
            note: note.trim(),
          },
        })
        .catch((error: unknown) => {
          setRefusal(amlRefusalOf(error));
          throw error;
        }),
    );
    if (outcome?.ok) onRecorded(outcome.value);
  }

  return (
    <Modal open title={`Payment for ${client.name}`} onClose={onClose}>
      <Current>
        Current balance: <Balance value={client.balance} />
      </Current>
      <form onSubmit={submit} noValidate aria-label={`Payment for ${client.name}`}>
        {refusal ? <AmlRefusalAlert refusal={refusal} /> : formError ? <Alert>{formError}</Alert> : null}
        <ChoiceField
          label="Direction"
          name="direction"
          value={direction}
          error={errors.direction}
          options={LEDGER_DIRECTIONS}
          labels={DIRECTION_LABELS}
          onChange={setDirection}
        />
        <DecimalField
          label="Amount"
          name="amount"
          places={amountDecimals(currency)}
          autoComplete="off"
          required
          value={amount}
          error={errors.amount}
          hint={`In ${currency}.`}
          onChange={(event) => setAmount(event.target.value)}
        />
        <ChoiceField
          label="Currency"
          name="currency"
          value={currency}
          error={errors.currency}
          options={CURRENCIES}
          onChange={(value) => {
            setCurrency(value);
            setErrors(({ exchangeRate: _rate, amount: _amount, ...rest }) => rest);
          }}
        />
        {foreign ? (
          <DecimalField
            label="Exchange Rate"
            name="exchangeRate"
            places={RATE_DECIMALS}
            autoComplete="off"
            required
            value={exchangeRate}
            error={errors.exchangeRate}
            hint={`£ per 1 ${currency}, the rate the payment was made at.`}
            onChange={(event) => setExchangeRate(event.target.value)}
          />
        ) : null}
        <ChoiceField
          label="Payment Method"
          name="method"
          value={method}
          error={errors.method}
          options={PAYMENT_METHODS}
          onChange={setMethod}
        />
        <DayField
          label="Date"
          name="date"
          required
          max={today()}
          value={date}
          error={errors.date}
          onChange={setDate}
        />
        <TextAreaField
          label="Note"
          name="note"
          maxLength={NOTE_MAX}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
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
