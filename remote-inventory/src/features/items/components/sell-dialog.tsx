import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  PAYMENT_METHODS,
  type AmlRefusal,
  type Currency,
  type Item,
  type ItemRow,
  type PaymentMethod,
} from '@loupe/contracts';
import {
  Alert,
  AmlRefusalAlert,
  amlRefusalOf,
  Button,
  ChoiceField,
  DayField,
  FormActions,
  formatFixed,
  formatMoney,
  lastPaymentMethod,
  Modal,
  parseDecimal,
  productRounded,
  rememberPaymentMethod,
  TextAreaField,
  TextField,
  toDecimal,
  today,
  useFormSubmit,
} from '@loupe/platform';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ClientPicker, type ClientChoice } from '@loupe/platform';
import { useSellItem } from '../api/sell-item';
import { amountText, checkDecimal } from '../lib/validation';
import { DoneButton, InvoiceLinks } from './document-links';

type Field =
  'price' | 'exchangeRate' | 'date' | 'clientId' | 'buyerName' | 'paymentMethod' | 'currency' | 'notes';

/** The Deal screen (remote-finance's /deals/new) with this item already on it. */
export const dealWith = (item: Pick<ItemRow, 'id'>) =>
  `/deals/new?${new URLSearchParams({ item: String(item.id) }).toString()}`;

interface SellDialogProps {
  item: ItemRow;
  onClose(): void;
  onSold(item: Item): void;
}

/** What the item is offered at, in pounds: its promotional price when it is promoted at one, else its listing price. */
export const askingPrice = (item: Pick<ItemRow, 'listingPrice' | 'promotion'>): number | null =>
  item.promotion?.price ?? item.listingPrice;

/**
 * Sell (the one-item case): price, currency (an exchange rate to GBP for any other), payment method, optional client (or a walk-in
 * buyer's name for the invoice), date. A sale issues its invoice (issue 13): the dialog then offers it to
 * download and its receipt to print, and closing it finishes the sale for the page (onSold).
 *
 * Two clicks (issue 21): it opens on the price, filled in with what the item is offered at (askingPrice), the
 * payment method this browser last sold with, and Confirm Sale in view; once sold, focus goes to the page's
 * heading (beside the "is sold." message), since the row's Sell is disabled or the row has left the list.
 */
export function SellDialog({ item, onClose, onSold }: SellDialogProps) {
  const [sold, setSold] = useState<Item | null>(null);
  const invoice = sold?.sale?.invoice ?? null;
  // A sale without an invoice (none is issued today) ends at once; after a render, so that the dialog closes
  // knowing it sold (returnFocus).
  useEffect(() => {
    if (sold && !sold.sale?.invoice) onSold(sold);
  }, [sold, onSold]);
  // One dialog throughout: the form gives way to the invoice inside it, so the dialog stays where it is.
  return (
    <Modal
      open
      title={`Sell ${item.serial}`}
      returnFocus={sold ? 'heading' : 'opener'}
      onClose={sold ? () => onSold(sold) : onClose}
    >
      {sold && invoice ? (
        <>
          <Alert tone="success">
            {item.serial} is sold. Invoice {invoice.reference} issued.
          </Alert>
          <InvoiceLinks invoice={invoice} downloadText="Download invoice" receiptText="Print receipt" />
          <DoneButton onClick={() => onSold(sold)} />
        </>
      ) : (
        <SellForm item={item} onSold={setSold} />
      )}
    </Modal>
  );
}

function SellForm({ item, onSold }: Pick<SellDialogProps, 'item' | 'onSold'>) {
  const asking = askingPrice(item);
  // In pounds: offered while the sale is in GBP and the price has not been typed over.
  const askingText = asking === null ? '' : formatFixed(toDecimal(asking));
  const [price, setPrice] = useState(askingText);
  const [priceTyped, setPriceTyped] = useState(false);
  const [currency, setCurrency] = useState<Currency>(DEFAULT_CURRENCY);
  const [exchangeRate, setExchangeRate] = useState('');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(lastPaymentMethod);
  const [client, setClient] = useState<ClientChoice | null>(
    item.checkout ? { id: item.checkout.clientId, name: item.checkout.clientName } : null,
  );
  const [buyerName, setBuyerName] = useState('');
  const [date, setDate] = useState(today());
  // The AML cash guard's 409 (issue 13): shown as the rule it is, over what was typed, which stays.
  const [refusal, setRefusal] = useState<AmlRefusal | null>(null);
  const [notes, setNotes] = useState('');
  const sell = useSellItem();
  const navigate = useNavigate();
  const submitter = useFormSubmit<Field>('The sale could not be recorded. Please try again.');
  const { errors, setErrors, formError, setFormError, busy: sending } = submitter;
  const foreign = currency !== 'GBP';

  const priceValue = parseDecimal(price, { signed: true, currency });
  const rateValue = parseDecimal(exchangeRate, { signed: true });
  const inPounds =
    foreign && priceValue && rateValue && !errors.price
      ? formatFixed(productRounded(priceValue, rateValue))
      : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const problems: Partial<Record<Field, string>> = {};
    const priceError = checkDecimal(price, {
      required: true,
      maxDecimals: currency === 'BTC' ? 8 : 2,
      currency,
    });
    if (priceError) problems.price = priceError;
    if (foreign) {
      const rateError = checkDecimal(exchangeRate, { required: true, maxDecimals: 8 });
      if (rateError) problems.exchangeRate = rateError;
    }
    if (!date) problems.date = 'This field is required.';
    else if (date > today()) problems.date = 'Ensure this date is not in the future.';
    setErrors(problems);
    setFormError(null);
    setRefusal(null);
    if (Object.keys(problems).length > 0) return;
    const walkIn = client ? '' : buyerName.trim();

    const outcome = await submitter.run(() =>
      sell
        .mutateAsync({
          id: item.id,
          input: {
            price: amountText(price, currency),
            currency,
            exchangeRate: foreign ? amountText(exchangeRate) : '1',
            paymentMethod,
            clientId: client?.id ?? null,
            ...(walkIn ? { buyerName: walkIn } : {}),
            date,
            notes: notes.trim(),
          },
        })
        .catch((error: unknown) => {
          setRefusal(amlRefusalOf(error));
          throw error;
        }),
    );
    if (outcome?.ok) {
      rememberPaymentMethod(paymentMethod);
      onSold(outcome.value);
    }
  }

  function changeCurrency(next: Currency) {
    setCurrency(next);
    // The asking price is in pounds: it is no price in another currency.
    if (!priceTyped) setPrice(next === 'GBP' ? askingText : '');
  }

  const promoted = item.promotion?.price ?? null;
  const priceHint =
    promoted !== null
      ? `Promotional price ${formatMoney(promoted)}${
          item.listingPrice !== null ? ` (listing price ${formatMoney(item.listingPrice)})` : ''
        }`
      : item.listingPrice !== null
        ? `Listing price ${formatMoney(item.listingPrice)}`
        : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={`Sell ${item.serial}`}>
      {refusal ? (
        <AmlRefusalAlert refusal={refusal} title="Cash sale refused (anti-money-laundering rule)." />
      ) : formError ? (
        <Alert>{formError}</Alert>
      ) : null}
      <TextField
        label={`Sale Price (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        required
        value={price}
        error={errors.price}
        hint={priceHint}
        onChange={(event) => {
          setPrice(event.target.value);
          setPriceTyped(true);
        }}
      />
      <ChoiceField
        label="Currency"
        value={currency}
        error={errors.currency}
        options={CURRENCIES}
        onChange={changeCurrency}
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
      {client ? null : (
        <TextField
          label="Buyer name (walk-in)"
          autoComplete="off"
          maxLength={200}
          value={buyerName}
          error={errors.buyerName}
          hint="Printed on the invoice when no client is chosen."
          onChange={(event) => setBuyerName(event.target.value)}
        />
      )}
      <DayField label="Date" required max={today()} value={date} error={errors.date} onChange={setDate} />
      <TextAreaField
        label="Notes"
        value={notes}
        error={errors.notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      <FormActions submitLabel="Confirm Sale" busy={sending}>
        {/* Issue 20: several items, another line, a part-exchange or split payments are a deal, on remote-finance's
            Deal screen, which starts with this item on it. */}
        <Button variant="secondary" disabled={sending} onClick={() => navigate(dealWith(item))}>
          Sell with other items…
        </Button>
      </FormActions>
    </form>
  );
}
