import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHODS,
  type Currency,
  type Item,
  type ItemRow,
  type PaymentMethod,
} from '@loupe/contracts';
import {
  Alert,
  ChoiceField,
  DayField,
  FormActions,
  formatFixed,
  formatMoney,
  Modal,
  parseDecimal,
  productRounded,
  TextAreaField,
  TextField,
  today,
  useFormSubmit,
} from '@loupe/platform';
import { useState, type FormEvent } from 'react';
import { ClientPicker, type ClientChoice } from '../../../components/client-picker';
import { useSellItem } from '../api/sell-item';
import { checkDecimal } from '../lib/validation';

type Field = 'price' | 'exchangeRate' | 'date' | 'clientId' | 'paymentMethod' | 'currency' | 'notes';

interface SellDialogProps {
  item: ItemRow;
  onClose(): void;
  onSold(item: Item): void;
}

/** Sell: price, currency (an exchange rate to GBP for any other), payment method, optional client, date. */
export function SellDialog({ item, onClose, onSold }: SellDialogProps) {
  const [price, setPrice] = useState('');
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  const [exchangeRate, setExchangeRate] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [client, setClient] = useState<ClientChoice | null>(
    item.checkout ? { id: item.checkout.clientId, name: item.checkout.clientName } : null,
  );
  const [date, setDate] = useState(today());
  const [notes, setNotes] = useState('');
  const sell = useSellItem();
  const submitter = useFormSubmit<Field>('The sale could not be recorded. Please try again.');
  const { errors, setErrors, formError, setFormError, busy: sending } = submitter;
  const foreign = currency !== 'GBP';

  const priceValue = parseDecimal(price, { signed: true, grouping: true });
  const rateValue = parseDecimal(exchangeRate, { signed: true, grouping: true });
  const inPounds =
    foreign && priceValue && rateValue && !errors.price
      ? formatFixed(productRounded(priceValue, rateValue))
      : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problems: Partial<Record<Field, string>> = {};
    const priceError = checkDecimal(price, { required: true, maxDecimals: currency === 'BTC' ? 8 : 2 });
    if (priceError) problems.price = priceError;
    if (foreign) {
      const rateError = checkDecimal(exchangeRate, { required: true, maxDecimals: 8 });
      if (rateError) problems.exchangeRate = rateError;
    }
    if (!date) problems.date = 'This field is required.';
    else if (date > today()) problems.date = 'Ensure this date is not in the future.';
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;

    const outcome = await submitter.run(() =>
      sell.mutateAsync({
        id: item.id,
        input: {
          price: price.trim(),
          currency,
          exchangeRate: foreign ? exchangeRate.trim() : '1',
          paymentMethod,
          clientId: client?.id ?? null,
          date,
          notes: notes.trim(),
        },
      }),
    );
    if (outcome?.ok) onSold(outcome.value);
  }

  return (
    <Modal open title={`Sell ${item.serial}`} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={`Sell ${item.serial}`}>
        {formError ? <Alert>{formError}</Alert> : null}
        <TextField
          label={`Sale Price (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          required
          value={price}
          error={errors.price}
          hint={item.listingPrice !== null ? `Listing price ${formatMoney(item.listingPrice)}` : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
        <ChoiceField
          label="Currency"
          value={currency}
          error={errors.currency}
          options={CURRENCIES}
          onChange={setCurrency}
        />
        {foreign ? (
          <TextField
            label="Exchange Rate"
            inputMode="decimal"
            autoComplete="off"
            required
            value={exchangeRate}
            error={errors.exchangeRate}
            hint={
              inPounds ? `£ per 1 ${currency}: the sale is ${formatMoney(inPounds)}.` : `£ per 1 ${currency}.`
            }
            onChange={(event) => setExchangeRate(event.target.value)}
          />
        ) : null}
        <ChoiceField
          label="Payment Method"
          value={paymentMethod}
          error={errors.paymentMethod}
          options={PAYMENT_METHODS}
          onChange={setPaymentMethod}
        />
        <ClientPicker label="Client (optional)" value={client} onChange={setClient} error={errors.clientId} />
        <DayField label="Date" required max={today()} value={date} error={errors.date} onChange={setDate} />
        <TextAreaField
          label="Notes"
          value={notes}
          error={errors.notes}
          onChange={(event) => setNotes(event.target.value)}
        />
        <FormActions submitLabel="Confirm Sale" busy={sending} />
      </form>
    </Modal>
  );
}
